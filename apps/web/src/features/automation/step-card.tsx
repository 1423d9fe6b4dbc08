import { leadStatusLabel, renderTemplate, SEQUENCE_LIMITS, STEP_KINDS, stepField, WEEKDAY_NAMES, type Member, type MergeValues, type StepKind } from '@wholesail/domain';
import { ArrowDownIcon, ArrowUpIcon, ScaleIcon, Trash2Icon } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { fieldClassName, Input, NativeSelect } from '@/components/ui/input';
import { FormField, fieldProps } from '@/features/deals/form-field';
import { FILTER_STATUSES } from '@/features/leads/use-lead-filters';
import { sentence } from '@/lib/sentence';
import { cn } from '@/lib/utils';
import { MessageField } from './message-field';
import { DELAY_UNITS, STEP_INPUTS, type DelayUnit, type FieldProblems, type StepDraft } from './sequence-draft';
import { stepLawNote } from './step-law';
import { STEP_KIND_LABELS } from './step-words';

export type StepPreview = { values: MergeValues; leadName: string | null };

type Props = {
  step: StepDraft;
  index: number;
  total: number;
  problems: FieldProblems;
  members: readonly Member[];
  preview: StepPreview;
  onChange: (patch: Partial<StepDraft>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
};

/** The fields one kind of step asks for. */
function KindFields({ step, index, problems, members, preview, onChange }: Omit<Props, 'total' | 'onMove' | 'onRemove'>) {
  const id = useId();
  const error = (field: string) => (problems[stepField(index, field)] ? sentence(problems[stepField(index, field)]!) : undefined);
  const field = (name: string) => fieldProps(`${id}-${name}`, error(name));
  switch (step.kind) {
    case 'text':
      return <MessageField id={`${id}-body`} label="Message" value={step.body} onChange={(body) => onChange({ body })} error={error('body')} sms preview={preview} />;
    case 'email':
      return (
        <div className="grid gap-4">
          <FormField
            id={`${id}-subject`}
            label="Subject"
            error={error('subject')}
            hint={step.subject.trim() ? `${preview.leadName ? `For ${preview.leadName}` : 'Preview'}: ${renderTemplate(step.subject, preview.values)}` : undefined}
          >
            <Input value={step.subject} maxLength={SEQUENCE_LIMITS.subject} onChange={(e) => onChange({ subject: e.target.value })} {...field('subject')} />
          </FormField>
          <MessageField id={`${id}-body`} label="Email" rows={6} value={step.body} onChange={(body) => onChange({ body })} error={error('body')} preview={preview} />
        </div>
      );
    case 'call_task':
      return (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={`${id}-assignee_id`} label="Who calls" error={error('assignee_id')}>
            <NativeSelect value={step.assignee_id} onChange={(e) => onChange({ assignee_id: e.target.value })} {...field('assignee_id')}>
              <option value="">The member who added the lead</option>
              {members.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id={`${id}-body`} label="Note for the task (optional)" error={error('body')} className="sm:col-span-2">
            <textarea rows={2} maxLength={SEQUENCE_LIMITS.taskNote} className={cn(fieldClassName, 'h-auto py-2')} value={step.body} onChange={(e) => onChange({ body: e.target.value })} {...field('body')} />
          </FormField>
        </div>
      );
    case 'set_status':
      return (
        <FormField id={`${id}-status`} label="New status" error={error('status')}>
          <NativeSelect value={step.status} onChange={(e) => onChange({ status: e.target.value })} {...field('status')}>
            <option value="">Choose a status…</option>
            {FILTER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {leadStatusLabel(s)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      );
    case 'add_tag':
    case 'remove_tag':
      return (
        <FormField id={`${id}-tag`} label="Tag" error={error('tag')}>
          <Input value={step.tag} maxLength={60} onChange={(e) => onChange({ tag: e.target.value })} {...field('tag')} />
        </FormField>
      );
    case 'wait_until':
      return (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={`${id}-weekday`} label="Day" error={error('weekday')} hint="On the lead’s clock, in their time zone.">
            <NativeSelect value={step.weekday} onChange={(e) => onChange({ weekday: e.target.value })} {...field('weekday')}>
              <option value="">Any day</option>
              {WEEKDAY_NAMES.map((name, day) => (
                <option key={name} value={String(day)}>
                  {name}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id={`${id}-time`} label="Time" error={error('time')}>
            <Input type="time" value={step.time} onChange={(e) => onChange({ time: e.target.value })} {...field('time')} />
          </FormField>
        </div>
      );
  }
}

/** One step on the timeline: its delay, what it does, its fields, and what the law does to it. */
export function StepCard({ step, index, total, problems, members, preview, onChange, onMove, onRemove }: Props) {
  const id = useId();
  const delayKey = stepField(index, 'delay_minutes');
  const delayError = problems[delayKey] ? sentence(problems[delayKey]) : undefined;
  const shown = new Set(['delay_minutes', 'kind', ...STEP_INPUTS[step.kind]].map((f) => stepField(index, f)));
  const others = Object.entries(problems).filter(([key]) => key.startsWith(`steps.${index}.`) && !shown.has(key));
  const law = stepLawNote(step.kind);
  const title = `Step ${index + 1}`;

  return (
    <Card role="group" aria-label={title}>
      <CardContent className="grid gap-4 pt-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="text-sm font-semibold">
            {title} <span className="font-normal text-muted-foreground">· {STEP_KIND_LABELS[step.kind]}</span>
          </h3>
          <div className="flex gap-1">
            <Button type="button" variant="ghost" size="icon" className="size-8" aria-label={`Move step ${index + 1} up`} disabled={index === 0} onClick={() => onMove(-1)}>
              <ArrowUpIcon aria-hidden />
            </Button>
            <Button type="button" variant="ghost" size="icon" className="size-8" aria-label={`Move step ${index + 1} down`} disabled={index === total - 1} onClick={() => onMove(1)}>
              <ArrowDownIcon aria-hidden />
            </Button>
            <Button type="button" variant="ghost" size="icon" className="size-8 text-destructive hover:text-destructive" aria-label={`Remove step ${index + 1}`} disabled={total === 1} onClick={onRemove}>
              <Trash2Icon aria-hidden />
            </Button>
          </div>
        </div>
        <div className="grid gap-4 sm:grid-cols-[auto_minmax(0,1fr)]">
          <div className="grid gap-1.5">
            <label htmlFor={`${id}-delay`} className="text-sm font-medium">
              Wait
            </label>
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <Input className="w-20" inputMode="numeric" value={step.delayAmount} onChange={(e) => onChange({ delayAmount: e.target.value })} {...fieldProps(`${id}-delay`, delayError)} />
              <NativeSelect aria-label="Unit" className="w-32" value={step.delayUnit} onChange={(e) => onChange({ delayUnit: e.target.value as DelayUnit })}>
                {Object.keys(DELAY_UNITS).map((unit) => (
                  <option key={unit} value={unit}>
                    {unit}
                  </option>
                ))}
              </NativeSelect>
              <span className="text-sm whitespace-nowrap text-muted-foreground">{index === 0 ? 'after enrolment' : 'after the step before'}</span>
            </div>
            {delayError && (
              <p id={`${id}-delay-error`} className="text-xs font-medium text-destructive">
                {delayError}
              </p>
            )}
          </div>
          <div className="grid content-start gap-1.5">
            <label htmlFor={`${id}-kind`} className="text-sm font-medium">
              Then
            </label>
            <NativeSelect id={`${id}-kind`} value={step.kind} onChange={(e) => onChange({ kind: e.target.value as StepKind })}>
              {STEP_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {STEP_KIND_LABELS[kind]}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
        <KindFields step={step} index={index} problems={problems} members={members} preview={preview} onChange={onChange} />
        {others.map(([key, message]) => (
          <p key={key} className="text-xs font-medium text-destructive">
            {sentence(message)}
          </p>
        ))}
        {law && (
          <p className="flex items-start gap-2 rounded-lg bg-muted/60 px-3 py-2 text-xs text-muted-foreground">
            <ScaleIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden />
            <span>{law}</span>
          </p>
        )}
      </CardContent>
    </Card>
  );
}
