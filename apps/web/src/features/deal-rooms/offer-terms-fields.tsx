import { FINANCING, FINANCING_LABELS } from '@wholesail/domain';
import { Input, NativeSelect } from '@/components/ui/input';
import { todayIso } from '@/features/deals/deadlines';
import { FormField, MoneyInput } from '@/features/deals/form-field';

type TermsField = 'amount' | 'earnest_money' | 'close_by' | 'financing';
type Binding = { id: string; value: string; onChange: (event: { target: { value: string } }) => void; 'aria-invalid'?: boolean; 'aria-describedby'?: string };

/** An offer's terms (amount, earnest money, close by, financing): the same four fields in the buyer's form and the agent's. */
export function OfferTermsFields({ id, field, errors }: { id: string; field: (name: TermsField) => Binding; errors: Partial<Record<TermsField, string>> }) {
  return (
    <>
      <FormField id={`${id}-amount`} label="Offer amount" error={errors.amount}>
        <MoneyInput {...field('amount')} />
      </FormField>
      <FormField id={`${id}-earnest_money`} label="Earnest money" error={errors.earnest_money}>
        <MoneyInput {...field('earnest_money')} />
      </FormField>
      <FormField id={`${id}-close_by`} label="Close by" error={errors.close_by}>
        <Input type="date" min={todayIso()} {...field('close_by')} />
      </FormField>
      <FormField id={`${id}-financing`} label="Financing" error={errors.financing}>
        <NativeSelect {...field('financing')}>
          {FINANCING.map((f) => (
            <option key={f} value={f}>
              {FINANCING_LABELS[f]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
    </>
  );
}
