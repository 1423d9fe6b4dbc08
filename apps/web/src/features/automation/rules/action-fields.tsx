import { RULE_ACTION_LABELS, RULE_ACTIONS, type Member, type RuleActionType, type Sequence } from '@wholesail/domain';
import { Trash2Icon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { fieldClassName, Input, NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { fieldProps, FormField } from '@/features/deals/form-field';
import { cn } from '@/lib/utils';
import { DUE_UNITS, type ActionDraft, type DueUnit } from './rule-draft';
import type { FieldErrors } from './rule-errors';
import { MemberChecklist } from './member-checklist';
import { StatusOptions } from './status-options';

type Props = {
  id: string;
  index: number;
  value: ActionDraft;
  errors: FieldErrors;
  sequences: readonly Sequence[];
  members: readonly Member[];
  onChange: (next: ActionDraft, path: string) => void;
  onRemove: () => void;
};

const DUE_UNIT_LABELS: { readonly [U in DueUnit]: string } = { minutes: 'minutes', hours: 'hours', days: 'days' };

/** One "then" action: its type and the fields that type needs. */
export function ActionFields({ id, index, value, errors, sequences, members, onChange, onRemove }: Props) {
  const path = (field: string) => `actions.${index}.${field}`;
  const set = <K extends keyof ActionDraft>(key: K, next: ActionDraft[K], field: string = key) => onChange({ ...value, [key]: next }, path(field));
  const box = (field: string, label: string, hint?: string) => ({ id: `${id}-${field}`, label, hint, error: errors[path(field)] });
  const props = (field: string) => fieldProps(`${id}-${field}`, errors[path(field)]);
  const memberOptions = members.map((m) => (
    <option key={m.id} value={m.id}>
      {m.name || m.email}
    </option>
  ));

  return (
    <li className="grid gap-3 rounded-lg border p-3">
      <div className="flex items-end gap-2">
        <FormField {...box('type', `Action ${index + 1}`)} className="flex-1">
          <NativeSelect {...props('type')} value={value.type} onChange={(e) => set('type', e.target.value as RuleActionType)}>
            {RULE_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {RULE_ACTION_LABELS[a]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <Button type="button" variant="ghost" size="icon" aria-label={`Remove action ${index + 1}`} onClick={onRemove}>
          <Trash2Icon aria-hidden />
        </Button>
      </div>
      {value.type === 'enrol' && (
        <FormField {...box('sequence_id', 'Sequence', sequences.length === 0 ? 'No sequences yet: build one in the Sequences tab first.' : undefined)}>
          <NativeSelect {...props('sequence_id')} value={value.sequence_id} onChange={(e) => set('sequence_id', e.target.value)}>
            <option value="">Choose a sequence</option>
            {sequences.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      )}
      {value.type === 'set_status' && (
        <FormField {...box('status', 'New status')}>
          <NativeSelect {...props('status')} value={value.status} onChange={(e) => set('status', e.target.value as ActionDraft['status'])}>
            <StatusOptions />
          </NativeSelect>
        </FormField>
      )}
      {(value.type === 'add_tag' || value.type === 'remove_tag') && (
        <FormField {...box('tag', 'Tag')}>
          <Input {...props('tag')} autoComplete="off" value={value.tag} onChange={(e) => set('tag', e.target.value)} />
        </FormField>
      )}
      {value.type === 'assign' && (
        <FormField {...box('user_id', 'Member')}>
          <NativeSelect {...props('user_id')} value={value.user_id} onChange={(e) => set('user_id', e.target.value)}>
            <option value="">Choose a member</option>
            {memberOptions}
          </NativeSelect>
        </FormField>
      )}
      {value.type === 'assign_round_robin' && (
        <MemberChecklist
          id={`${id}-user_ids`}
          legend="Members who take turns"
          hint="Each lead goes to the next ticked member, in the order you ticked them."
          members={members}
          value={value.user_ids}
          error={errors[path('user_ids')]}
          onChange={(ids) => set('user_ids', ids)}
        />
      )}
      {value.type === 'create_task' && (
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField {...box('title', 'Task')} className="sm:col-span-2">
            <Input {...props('title')} autoComplete="off" value={value.title} onChange={(e) => set('title', e.target.value)} />
          </FormField>
          <div className="grid content-start gap-1.5">
            <Label htmlFor={`${id}-due_in_minutes`}>Due after</Label>
            <div className="flex gap-2">
              <Input {...props('due_in_minutes')} type="text" inputMode="numeric" autoComplete="off" className="w-20" value={value.due} onChange={(e) => set('due', e.target.value, 'due_in_minutes')} />
              <NativeSelect aria-label="Unit" value={value.due_unit} onChange={(e) => set('due_unit', e.target.value as DueUnit, 'due_in_minutes')}>
                {Object.keys(DUE_UNITS).map((u) => (
                  <option key={u} value={u}>
                    {DUE_UNIT_LABELS[u as DueUnit]}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <p className="text-xs text-muted-foreground">0: due as soon as the rule acts.</p>
            <FieldError id={`${id}-due_in_minutes-error`} message={errors[path('due_in_minutes')]} />
          </div>
          <FormField {...box('assignee_id', 'For')}>
            <NativeSelect {...props('assignee_id')} value={value.assignee_id} onChange={(e) => set('assignee_id', e.target.value)}>
              <option value="">The lead’s owner</option>
              {memberOptions}
            </NativeSelect>
          </FormField>
        </div>
      )}
      {value.type === 'notify' && (
        <>
          <FormField {...box('message', 'Message')}>
            <textarea rows={2} className={cn(fieldClassName, 'h-auto py-2')} {...props('message')} value={value.message} onChange={(e) => set('message', e.target.value)} />
          </FormField>
          <MemberChecklist
            id={`${id}-user_ids`}
            legend="Who to notify"
            hint="None ticked: every member of the team."
            members={members}
            value={value.user_ids}
            error={errors[path('user_ids')]}
            onChange={(ids) => set('user_ids', ids)}
          />
        </>
      )}
      <FieldError id={`${id}-error`} message={errors[`actions.${index}`]} />
    </li>
  );
}
