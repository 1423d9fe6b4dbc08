import type { CallSettingsBody, VoiceProviderChoice } from '@wholesail/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { toast } from 'sonner';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { voiceDevice } from '@/features/dialer/voice/voice-device';
import { CALLING_HOURS_LABEL, VOICE_LINE_CHOICES } from './messages';
import { CALL_SETTINGS_QUERY_KEY, fetchCallSettings, updateCallSettings, type CallSettings } from './phone-numbers-api';

/** Owners and admins choose the voice line and switch calling-hours enforcement. */
export function CallingSettingsSection() {
  const id = useId();
  const client = useQueryClient();
  const settings = useQuery({ queryKey: CALL_SETTINGS_QUERY_KEY, queryFn: ({ signal }) => fetchCallSettings(signal) });
  const save = useMutation({
    mutationFn: updateCallSettings,
    onSuccess: (saved, body) => {
      client.setQueryData<CallSettings>(CALL_SETTINGS_QUERY_KEY, saved);
      // The next dialer opens on the new line.
      if (body.voiceProvider !== undefined) voiceDevice.reset();
    },
    onError: (error, body: CallSettingsBody) => toast.error(body.voiceProvider ? 'Failed to save the voice line' : 'Failed to save calling hours', { description: error.message }),
  });
  const busy = settings.isPending || settings.isError || save.isPending;
  const enforceHours = save.isPending && save.variables.enforceHours !== undefined ? save.variables.enforceHours : (settings.data?.enforceHours ?? true);
  const choice = save.isPending && save.variables.voiceProvider ? save.variables.voiceProvider : (settings.data?.voiceProvider ?? 'auto');

  return (
    <Card>
      <CardHeader>
        <CardTitle>Calling</CardTitle>
        <CardDescription>The line your team calls on, and the hours leads may be called.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {settings.isError && <p className="text-sm text-destructive">{settings.error.message}</p>}
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-line`}>Voice line</Label>
          <NativeSelect id={`${id}-line`} value={choice} disabled={busy} onChange={(event) => save.mutate({ voiceProvider: event.target.value as VoiceProviderChoice })}>
            {(Object.keys(VOICE_LINE_CHOICES) as VoiceProviderChoice[]).map((value) => (
              <option key={value} value={value}>
                {VOICE_LINE_CHOICES[value]}
              </option>
            ))}
          </NativeSelect>
          {settings.data && (
            <p className={settings.data.activeProvider ? 'text-xs text-muted-foreground' : 'text-xs text-destructive'} data-testid="active-line">
              {settings.data.activeProvider === 'twilio'
                ? 'Calls go out through Twilio.'
                : settings.data.activeProvider === 'demo'
                  ? 'Calls go to the demo line: no carrier, a scripted seller answers.'
                  : 'Twilio is chosen but this server has no Twilio credentials (TWILIO_* settings): calls cannot be placed.'}
            </p>
          )}
        </div>
        <div className="flex items-center justify-between gap-6">
          <Label htmlFor={id} className="leading-snug">
            {CALLING_HOURS_LABEL}
          </Label>
          <Switch id={id} checked={enforceHours} disabled={busy} onCheckedChange={(value) => save.mutate({ enforceHours: value })} />
        </div>
      </CardContent>
    </Card>
  );
}
