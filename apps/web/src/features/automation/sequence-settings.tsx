import { leadStatusLabel, SEQUENCE_LIMITS } from '@wholesail/domain';
import { useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { FormField, fieldProps } from '@/features/deals/form-field';
import { FILTER_STATUSES } from '@/features/leads/use-lead-filters';
import { sentence } from '@/lib/sentence';
import type { FieldProblems, SequenceDraft } from './sequence-draft';

type Props = { draft: SequenceDraft; problems: FieldProblems; onChange: (patch: Partial<SequenceDraft>) => void };

const said = (problems: FieldProblems, field: string) => (problems[field] ? sentence(problems[field]) : undefined);

/** The sequence's name and what ends it: replies, statuses, the cooldown before a lead may come back, a daily cap. */
export function SequenceSettings({ draft, problems, onChange }: Props) {
  const id = useId();
  const error = (field: string) => said(problems, field);
  const toggleStatus = (status: string, on: boolean) =>
    onChange({ exit_statuses: on ? [...draft.exit_statuses, status] : draft.exit_statuses.filter((s) => s !== status) });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Sequence</CardTitle>
        <CardDescription>Its name, when a lead leaves it early, and how often it may run.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <FormField id={`${id}-name`} label="Name" error={error('name')}>
          <Input value={draft.name} maxLength={SEQUENCE_LIMITS.name} onChange={(e) => onChange({ name: e.target.value })} {...fieldProps(`${id}-name`, error('name'))} />
        </FormField>
        <div className="flex items-start justify-between gap-4">
          <div className="grid gap-1">
            <Label htmlFor={`${id}-reply`}>Stop when the lead replies</Label>
            <p className="text-xs text-muted-foreground">A text from the lead or a connected call ends the sequence for them. A reply of STOP always ends it.</p>
          </div>
          <Switch id={`${id}-reply`} checked={draft.stop_on_reply} onCheckedChange={(on) => onChange({ stop_on_reply: on })} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={`${id}-cooldown`} label="Cooldown (days)" hint="How long after leaving before a lead can be enrolled in this sequence again." error={error('cooldown_days')}>
            <Input inputMode="numeric" value={draft.cooldown_days} onChange={(e) => onChange({ cooldown_days: e.target.value })} {...fieldProps(`${id}-cooldown`, error('cooldown_days'))} />
          </FormField>
          <FormField id={`${id}-cap`} label="Daily cap (texts)" hint="Most texts this sequence sends in a day; the rest go out the next day. Leave empty for the organization’s cap only." error={error('daily_cap')}>
            <Input inputMode="numeric" value={draft.daily_cap} onChange={(e) => onChange({ daily_cap: e.target.value })} {...fieldProps(`${id}-cap`, error('daily_cap'))} />
          </FormField>
        </div>
        <fieldset className="grid gap-2" aria-describedby={error('exit_statuses') ? `${id}-exit-error` : undefined}>
          <legend className="text-sm font-medium">Stop when the status changes to</legend>
          <div className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-2 lg:grid-cols-4">
            {FILTER_STATUSES.map((status) => (
              <label key={status} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={draft.exit_statuses.includes(status)}
                  onChange={(e) => toggleStatus(status, e.target.checked)}
                />
                {leadStatusLabel(status)}
              </label>
            ))}
          </div>
          <FieldError id={`${id}-exit-error`} message={error('exit_statuses')} />
        </fieldset>
      </CardContent>
    </Card>
  );
}
