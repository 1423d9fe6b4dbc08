import { DEAL_STAGE_LABELS, stageRefusal, type Deal, type DealPatch, type DealStage, type StageRequirement } from '@wholesail/domain';
import { AlertCircleIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormDialogFooter } from '@/components/ui/form-dialog-footer';
import { fieldClassName, NativeSelect } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { useBuyerOptions, type StageChange } from './deals-api';
import { fieldProps, FormField, MoneyInput } from './form-field';
import { moneyText, parseMoney } from './money';

export type StageAsk = { deal: Deal; stage: DealStage; missing: StageRequirement[] };
type Values = { contract_price: string; buyer_id: string; assignment_fee: string; reason: string };
type Errors = Partial<Record<keyof Values, string>>;

const REQUIRED: Record<keyof Values, string> = {
  contract_price: 'Enter the contract price',
  buyer_id: 'Choose the buyer',
  assignment_fee: 'Enter the assignment fee',
  reason: 'Say why the deal is dead',
};

/** The body of the move, or the message of each field still wrong. */
function readValues(missing: readonly StageRequirement[], stage: DealStage, values: Values): { body: StageChange } | { errors: Errors } {
  const errors: Errors = {};
  const fields: DealPatch = {};
  let reason: string | undefined;
  for (const { field } of missing) {
    if (field === 'reason') {
      reason = values.reason.trim();
      if (!reason) errors.reason = REQUIRED.reason;
    } else if (field === 'buyer_id') {
      if (values.buyer_id) fields.buyer_id = values.buyer_id;
      else errors.buyer_id = REQUIRED.buyer_id;
    } else if (field === 'contract_price' || field === 'assignment_fee') {
      const amount = parseMoney(values[field]);
      if (amount === null) errors[field] = REQUIRED[field];
      else if (Number.isNaN(amount)) errors[field] = 'Enter an amount in dollars, like 150,000';
      else fields[field] = amount;
    }
  }
  if (Object.keys(errors).length > 0) return { errors };
  return { body: { stage, ...(reason ? { reason } : {}), ...(Object.keys(fields).length > 0 ? { fields } : {}) } };
}

type Props = { ask: StageAsk | null; pending: boolean; error: string | null; onSubmit: (body: StageChange) => void; onCancel: () => void };

/** Asks for exactly what a stage still needs (stages.ts) and sends it with the move. */
export function StageFieldsDialog({ ask, pending, error, onSubmit, onCancel }: Props) {
  return (
    <Dialog open={ask !== null} onOpenChange={(open) => !open && !pending && onCancel()}>
      <DialogContent>{ask && <StageFieldsForm key={`${ask.deal.id}-${ask.stage}`} ask={ask} pending={pending} error={error} onSubmit={onSubmit} />}</DialogContent>
    </Dialog>
  );
}

function StageFieldsForm({ ask, pending, error, onSubmit }: Omit<Props, 'ask' | 'onCancel'> & { ask: StageAsk }) {
  const id = useId();
  const { deal, stage, missing } = ask;
  const needs = new Set(missing.map((m) => m.field));
  const buyers = useBuyerOptions(needs.has('buyer_id'));
  const [values, setValues] = useState<Values>({
    contract_price: moneyText(deal.contract_price),
    buyer_id: deal.buyer_id ?? '',
    assignment_fee: moneyText(deal.assignment_fee),
    reason: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const label = DEAL_STAGE_LABELS[stage];
  const set = (field: keyof Values) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = readValues(missing, stage, values);
    if ('errors' in read) setErrors(read.errors);
    else onSubmit(read.body);
  };

  return (
    <form noValidate className="grid gap-4" onSubmit={submit}>
      <DialogHeader>
        <DialogTitle>Move to {label}</DialogTitle>
        <DialogDescription>
          {stageRefusal(label, missing)} for {deal.lead_name}.
        </DialogDescription>
      </DialogHeader>
      {needs.has('contract_price') && (
        <FormField id={`${id}-contract_price`} label="Contract price" error={errors.contract_price}>
          <MoneyInput autoFocus value={values.contract_price} onChange={set('contract_price')} {...fieldProps(`${id}-contract_price`, errors.contract_price)} />
        </FormField>
      )}
      {needs.has('buyer_id') && (
        <FormField
          id={`${id}-buyer_id`}
          label="Buyer"
          error={errors.buyer_id}
          hint={buyers.data?.length === 0 ? <>No active buyers yet. <Link to="/buyers" className="text-primary hover:underline">Add one on the Buyers page</Link>.</> : undefined}
        >
          <NativeSelect value={values.buyer_id} onChange={set('buyer_id')} disabled={buyers.isPending} {...fieldProps(`${id}-buyer_id`, errors.buyer_id)}>
            <option value="">{buyers.isPending ? 'Loading buyers…' : 'Choose a buyer'}</option>
            {buyers.data?.map((buyer) => (
              <option key={buyer.id} value={buyer.id}>
                {buyer.company_name ? `${buyer.contact_name} (${buyer.company_name})` : buyer.contact_name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      )}
      {needs.has('assignment_fee') && (
        <FormField id={`${id}-assignment_fee`} label="Assignment fee" error={errors.assignment_fee}>
          <MoneyInput value={values.assignment_fee} onChange={set('assignment_fee')} {...fieldProps(`${id}-assignment_fee`, errors.assignment_fee)} />
        </FormField>
      )}
      {needs.has('reason') && (
        <FormField id={`${id}-reason`} label="Reason" error={errors.reason}>
          <textarea
            autoFocus
            rows={3}
            maxLength={500}
            className={cn(fieldClassName, 'h-auto py-2')}
            placeholder="Seller sold to someone else, numbers don't work…"
            value={values.reason}
            onChange={set('reason')}
            {...fieldProps(`${id}-reason`, errors.reason)}
          />
        </FormField>
      )}
      {buyers.isError && <p className="text-sm text-destructive">Could not load buyers: {buyers.error.message}</p>}
      {error && (
        <Alert variant="destructive">
          <AlertCircleIcon aria-hidden />
          <span>{error}</span>
        </Alert>
      )}
      <FormDialogFooter label={`Move to ${label}`} pendingLabel="Moving…" pending={pending} destructive={stage === 'dead'} />
    </form>
  );
}
