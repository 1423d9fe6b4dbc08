import { useState } from 'react';
import { Input, NativeSelect } from '@/components/ui/input';
import { fieldProps, FormField, MoneyInput } from '@/features/deals/form-field';
import { CONDITION_FIELDS, type ConditionField, type ConditionsDraft } from './rule-draft';
import type { FieldErrors } from './rule-errors';
import { StatusOptions } from './status-options';

type Props = { id: string; value: ConditionsDraft; errors: FieldErrors; onChange: (next: ConditionsDraft, path: string) => void };

/**
 * "If the lead…": the leads list's filters plus motivation, state and source. Folded away while empty, so a rule for
 * every lead reads short; open when the rule has a condition or one is refused.
 */
export function ConditionFields({ id, value, errors, onChange }: Props) {
  const used = CONDITION_FIELDS.filter((f) => value[f].trim() !== '').length;
  const refused = CONDITION_FIELDS.some((f) => errors[`conditions.${f}`]);
  const [open, setOpen] = useState(used > 0);
  const props = (field: ConditionField) => ({
    ...fieldProps(`${id}-${field}`, errors[`conditions.${field}`]),
    value: value[field],
    onChange: (e: { target: { value: string } }) => onChange({ ...value, [field]: e.target.value }, `conditions.${field}`),
  });
  const box = (field: ConditionField, label: string, hint?: string) => ({ id: `${id}-${field}`, label, hint, error: errors[`conditions.${field}`] });

  return (
    <details className="group rounded-lg border" open={open || refused} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer list-none px-3 py-2.5 text-sm font-medium select-none [&::-webkit-details-marker]:hidden">
        <span className="mr-1 inline-block transition-transform group-open:rotate-90" aria-hidden>
          ›
        </span>
        If the lead… {used > 0 ? `(${used} condition${used === 1 ? '' : 's'})` : '(no conditions: every lead)'}
      </summary>
      <div className="grid gap-4 border-t p-3 sm:grid-cols-2">
        <p className="text-xs text-muted-foreground sm:col-span-2">The rule acts only on leads that match every condition you fill in.</p>
        <FormField {...box('status', 'Status')}>
          <NativeSelect {...props('status')}>
            <option value="">Any status</option>
            <StatusOptions />
          </NativeSelect>
        </FormField>
        <FormField {...box('badges', 'Tagged with any of', 'Separate tags with commas: vacant, probate.')}>
          <Input autoComplete="off" {...props('badges')} />
        </FormField>
        <FormField {...box('minValue', 'Value from')}>
          <MoneyInput {...props('minValue')} />
        </FormField>
        <FormField {...box('maxValue', 'Value up to')}>
          <MoneyInput {...props('maxValue')} />
        </FormField>
        <FormField {...box('minMotivation', 'Motivation from', 'A score from 0 to 10.')}>
          <Input type="text" inputMode="decimal" autoComplete="off" {...props('minMotivation')} />
        </FormField>
        <FormField {...box('maxMotivation', 'Motivation up to', 'A score from 0 to 10.')}>
          <Input type="text" inputMode="decimal" autoComplete="off" {...props('maxMotivation')} />
        </FormField>
        <FormField {...box('state', 'Property state', 'Two letters, such as TX.')}>
          <Input autoComplete="off" maxLength={2} className="uppercase" {...props('state')} />
        </FormField>
        <FormField {...box('source', 'Source', 'As imported or typed, such as Driving for dollars.')}>
          <Input autoComplete="off" {...props('source')} />
        </FormField>
        <FormField {...box('search', 'Matches the search', 'Owner name, address, phone or email, as the leads list searches them.')} className="sm:col-span-2">
          <Input autoComplete="off" {...props('search')} />
        </FormField>
      </div>
    </details>
  );
}
