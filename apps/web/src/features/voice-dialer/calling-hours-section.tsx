import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { toast } from 'sonner';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { ApiError } from '@/lib/api';
import { CALLING_HOURS_LABEL, NOT_AVAILABLE_YET } from './messages';
import { CALL_SETTINGS_QUERY_KEY, fetchCallSettings, updateCallSettings, type CallSettings } from './phone-numbers-api';

/** Owners and admins switch calling-hours enforcement; disabled with 'Not available yet' while the server lacks the route. */
export function CallingHoursSection() {
  const id = useId();
  const client = useQueryClient();
  const settings = useQuery({ queryKey: CALL_SETTINGS_QUERY_KEY, queryFn: ({ signal }) => fetchCallSettings(signal) });
  const save = useMutation({
    mutationFn: updateCallSettings,
    onSuccess: (saved) => client.setQueryData<CallSettings | null>(CALL_SETTINGS_QUERY_KEY, saved),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 404) client.setQueryData<CallSettings | null>(CALL_SETTINGS_QUERY_KEY, null);
      else toast.error('Failed to save calling hours', { description: error.message });
    },
  });
  const unavailable = settings.data === null;
  const checked = save.isPending ? save.variables.enforceHours : (settings.data?.enforceHours ?? true);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Calling hours</CardTitle>
        <CardDescription>Block calls outside the hours leads may be called.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        {settings.isError && <p className="text-sm text-destructive">{settings.error.message}</p>}
        <div className="flex items-center justify-between gap-6">
          <Label htmlFor={id} className="leading-snug">
            {CALLING_HOURS_LABEL}
          </Label>
          <Switch
            id={id}
            checked={checked}
            disabled={settings.isPending || unavailable || settings.isError || save.isPending}
            onCheckedChange={(enforceHours) => save.mutate({ enforceHours })}
          />
        </div>
        {unavailable && <p className="text-sm text-muted-foreground">{NOT_AVAILABLE_YET}</p>}
      </CardContent>
    </Card>
  );
}
