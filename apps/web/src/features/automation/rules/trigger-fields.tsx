import { CALL_OUTCOME_LABELS, CALL_OUTCOMES, DEAL_STAGE_LABELS, DEAL_STAGES, RULE_LIMITS, RULE_TRIGGER_LABELS, RULE_TRIGGERS, type RuleTriggerType } from '@wholesail/domain';
import { Input, NativeSelect } from '@/components/ui/input';
import { fieldProps, FormField } from '@/features/deals/form-field';
import type { FieldErrors } from './rule-errors';
import type { TriggerDraft } from './rule-draft';
import { StatusOptions } from './status-options';

type Props = { id: string; value: TriggerDraft; errors: FieldErrors; onChange: (next: TriggerDraft, path: string) => void };

/** "When": what starts the rule, and the option that narrows it (a status, a tag, an outcome, a count, a stage). */
export function TriggerFields({ id, value, errors, onChange }: Props) {
  const set = <K extends keyof TriggerDraft>(key: K, next: TriggerDraft[K]) => onChange({ ...value, [key]: next }, `trigger.${key}`);
  const field = (key: keyof TriggerDraft) => ({ ...fieldProps(`${id}-${key}`, errors[`trigger.${key}`]) });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField id={`${id}-type`} label="When" error={errors['trigger.type']}>
        <NativeSelect {...field('type')} value={value.type} onChange={(e) => set('type', e.target.value as RuleTriggerType)}>
          {RULE_TRIGGERS.map((t) => (
            <option key={t} value={t}>
              {RULE_TRIGGER_LABELS[t]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {value.type === 'status_changed' && (
        <FormField id={`${id}-status`} label="To the status" error={errors['trigger.status']}>
          <NativeSelect {...field('status')} value={value.status} onChange={(e) => set('status', e.target.value as TriggerDraft['status'])}>
            <option value="">Any status</option>
            <StatusOptions />
          </NativeSelect>
        </FormField>
      )}
      {value.type === 'tag_added' && (
        <FormField id={`${id}-tag`} label="The tag" hint="For example: vacant, probate, absentee." error={errors['trigger.tag']}>
          <Input {...field('tag')} autoComplete="off" value={value.tag} onChange={(e) => set('tag', e.target.value)} />
        </FormField>
      )}
      {value.type === 'call_completed' && (
        <FormField id={`${id}-outcome`} label="With the outcome" error={errors['trigger.outcome']}>
          <NativeSelect {...field('outcome')} value={value.outcome} onChange={(e) => set('outcome', e.target.value as TriggerDraft['outcome'])}>
            <option value="">Any outcome</option>
            {CALL_OUTCOMES.map((o) => (
              <option key={o} value={o}>
                {CALL_OUTCOME_LABELS[o]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      )}
      {value.type === 'calls_unanswered' && (
        <FormField
          id={`${id}-count`}
          label="Unanswered calls in a row"
          hint={`From ${RULE_LIMITS.unansweredCalls.min} to ${RULE_LIMITS.unansweredCalls.max}: the rule acts when this many calls in a row end with no answer.`}
          error={errors['trigger.count']}
        >
          <Input {...field('count')} type="text" inputMode="numeric" autoComplete="off" value={value.count} onChange={(e) => set('count', e.target.value)} />
        </FormField>
      )}
      {value.type === 'deal_stage_changed' && (
        <FormField id={`${id}-stage`} label="To the stage" error={errors['trigger.stage']}>
          <NativeSelect {...field('stage')} value={value.stage} onChange={(e) => set('stage', e.target.value as TriggerDraft['stage'])}>
            <option value="">Any stage</option>
            {DEAL_STAGES.map((s) => (
              <option key={s} value={s}>
                {DEAL_STAGE_LABELS[s]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      )}
    </div>
  );
}
