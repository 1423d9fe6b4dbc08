import { formatPhone } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { toast } from 'sonner';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { queryKeys } from '@/lib/query-keys';
import { PHONE_TOASTS } from './messages';
import { setDefaultPhoneNumber, usePhoneAssignments, usePhoneNumbers } from './phone-numbers-api';

/** The signed-in user's default caller ID, chosen among the organization's active numbers. */
export function DefaultCallerIdSection() {
  const id = useId();
  const client = useQueryClient();
  const numbers = usePhoneNumbers();
  const assignments = usePhoneAssignments();
  const assign = useMutation({
    mutationFn: setDefaultPhoneNumber,
    onSuccess: () => {
      toast.success(PHONE_TOASTS.assigned);
      void client.invalidateQueries({ queryKey: queryKeys.phoneAssignments });
    },
    onError: (error) => toast.error(PHONE_TOASTS.assignFailed, { description: error.message }),
  });

  const active = (numbers.data ?? []).filter((number) => number.is_active);
  const saved = assignments.data?.find((assignment) => assignment.is_default)?.phone_number ?? '';
  const current = assign.isPending ? assign.variables : saved;
  const value = active.some((number) => number.phone_number === current) ? current : '';

  return (
    <Card>
      <CardHeader>
        <CardTitle>Your default caller ID</CardTitle>
        <CardDescription>The number your calls come from, unless a lead has its own number assigned.</CardDescription>
      </CardHeader>
      <CardContent>
        {(numbers.isPending || assignments.isPending) && !numbers.isError ? (
          <p className="text-sm text-muted-foreground">Loading...</p>
        ) : active.length === 0 ? (
          <p className="text-sm text-muted-foreground">No active numbers to choose from.</p>
        ) : (
          <div className="grid max-w-sm gap-1.5">
            <Label htmlFor={id}>Default number</Label>
            <NativeSelect id={id} value={value} disabled={assign.isPending} onChange={(event) => event.target.value && assign.mutate(event.target.value)}>
              {value === '' && <option value="">Choose a number</option>}
              {active.map((number) => (
                <option key={number.id} value={number.phone_number}>
                  {formatPhone(number.phone_number)}
                  {number.label ? ` — ${number.label}` : ''}
                  {number.is_primary ? ' (primary)' : ''}
                </option>
              ))}
            </NativeSelect>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
