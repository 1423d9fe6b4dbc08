import { CALL_LIMIT, CALL_LIMIT_WHY, type CallSettingsBody, type VoiceProviderChoice } from '@wholesail/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { toast } from 'sonner';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { voiceDevice } from '@/features/dialer/voice/voice-device';
import { queryKeys } from '@/lib/query-keys';
import { CALLING_HOURS_LABEL, CALLS_PER_NUMBER_LABEL, VOICE_LINE_CHOICES } from './messages';
import { fetchCallSettings, updateCallSettings, type CallSettings } from './phone-numbers-api';

const LIMIT_CHOICES = Array.from({ length: CALL_LIMIT.max - CALL_LIMIT.min + 1 }, (_, i) => CALL_LIMIT.min + i);

function failureTitle(body: CallSettingsBody): string {
  if (body.voiceProvider) return 'Failed to save the voice line';
  if (body.callsPerNumberPer24h !== undefined) return 'Failed to save the call limit';
  return 'Failed to save calling hours';
}

/**
 * Owners and admins choose the voice line, switch calling-hours enforcement and set how often one number
 * may be called; members see that limit read-only.
 */
export function CallingSettingsSection({ canManage }: { canManage: boolean }) {
  const id = useId();
  const client = useQueryClient();
  const settings = useQuery({ queryKey: queryKeys.calls.settings, queryFn: ({ signal }) => fetchCallSettings(signal) });
  const save = useMutation({
    mutationFn: updateCallSettings,
    onSuccess: (saved, body) => {
      client.setQueryData<CallSettings>(queryKeys.calls.settings, saved);
      // The next dialer opens on the new line.
      if (body.voiceProvider !== undefined) voiceDevice.reset();
    },
    onError: (error, body: CallSettingsBody) => toast.error(failureTitle(body), { description: error.message }),
  });
  const busy = settings.isPending || settings.isError || save.isPending;
  const pending: CallSettingsBody = (save.isPending && save.variables) || {};
  const enforceHours = pending.enforceHours ?? settings.data?.enforceHours ?? true;
  const choice = pending.voiceProvider ?? settings.data?.voiceProvider ?? 'auto';
  const limit = pending.callsPerNumberPer24h ?? settings.data?.callsPerNumberPer24h ?? CALL_LIMIT.default;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Calling</CardTitle>
        <CardDescription>
          {canManage ? 'The line your team calls on, the hours leads may be called and how often one number may be called.' : 'How often one number may be called. Only owners and admins can change it.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {settings.isError && <p className="text-sm text-destructive">{settings.error.message}</p>}
        {canManage && (
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
        )}
        {canManage && (
          <div className="flex items-center justify-between gap-6">
            <Label htmlFor={id} className="leading-snug">
              {CALLING_HOURS_LABEL}
            </Label>
            <Switch id={id} checked={enforceHours} disabled={busy} onCheckedChange={(value) => save.mutate({ enforceHours: value })} />
          </div>
        )}
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-limit`}>{CALLS_PER_NUMBER_LABEL}</Label>
          <NativeSelect
            id={`${id}-limit`}
            className="sm:max-w-xs"
            value={String(limit)}
            disabled={!canManage || busy}
            aria-describedby={`${id}-limit-why`}
            onChange={(event) => save.mutate({ callsPerNumberPer24h: Number(event.target.value) })}
          >
            {LIMIT_CHOICES.map((n) => (
              <option key={n} value={n}>
                {n === 1 ? '1 call' : `${n} calls`}
                {n === CALL_LIMIT.default ? ' (default)' : ''}
              </option>
            ))}
          </NativeSelect>
          <p id={`${id}-limit-why`} className="text-xs text-muted-foreground">
            {CALL_LIMIT_WHY}.
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
