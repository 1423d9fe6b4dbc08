import {
  CALL_OUTCOME_LABELS, CALL_OUTCOMES, DEFAULT_OUTCOME_STATUS, LEAD_STATUS_INFO, NO_STATUS_CHANGE, OUTCOME_STATUS_CHOICES,
  type CallOutcome, type OutcomeStatusChoice,
} from '@wholesail/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { toast } from 'sonner';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { queryKeys } from '@/lib/query-keys';
import { fetchCallSettings, updateCallSettings, type CallSettings } from './phone-numbers-api';

const choiceLabel = (choice: OutcomeStatusChoice) => (choice === NO_STATUS_CHANGE ? 'No change' : LEAD_STATUS_INFO[choice].label);

/** The status a lead takes when each call outcome is logged: owners and admins choose, members read. */
export function OutcomeStatusSection({ canManage }: { canManage: boolean }) {
  const id = useId();
  const client = useQueryClient();
  const settings = useQuery({ queryKey: queryKeys.calls.settings, queryFn: ({ signal }) => fetchCallSettings(signal) });
  const save = useMutation({
    mutationFn: updateCallSettings,
    onSuccess: (saved) => client.setQueryData<CallSettings>(queryKeys.calls.settings, saved),
    onError: (error) => toast.error('Failed to save the status for that outcome', { description: error.message }),
  });
  const pending = (save.isPending && save.variables?.outcomeStatus) || {};
  const mapping = { ...DEFAULT_OUTCOME_STATUS, ...settings.data?.outcomeStatus, ...pending };
  const busy = !canManage || settings.isPending || settings.isError || save.isPending;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Status after a call</CardTitle>
        <CardDescription>
          When an agent logs a call outcome, the lead moves to the status chosen here.{canManage ? '' : ' Only owners and admins can change it.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 sm:grid-cols-2">
        {settings.isError && <p className="text-sm text-destructive sm:col-span-2">{settings.error.message}</p>}
        {CALL_OUTCOMES.map((outcome: CallOutcome) => (
          <div key={outcome} className="grid gap-1.5">
            <Label htmlFor={`${id}-${outcome}`}>{CALL_OUTCOME_LABELS[outcome]}</Label>
            <NativeSelect
              id={`${id}-${outcome}`}
              value={mapping[outcome]}
              disabled={busy}
              onChange={(event) => save.mutate({ outcomeStatus: { [outcome]: event.target.value as OutcomeStatusChoice } })}
            >
              {OUTCOME_STATUS_CHOICES.map((choice) => (
                <option key={choice} value={choice}>
                  {choiceLabel(choice)}
                  {choice === DEFAULT_OUTCOME_STATUS[outcome] ? ' (default)' : ''}
                </option>
              ))}
            </NativeSelect>
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
