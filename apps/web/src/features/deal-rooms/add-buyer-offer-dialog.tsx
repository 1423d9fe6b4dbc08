import { formatUsd, type Financing } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormDialogFooter } from '@/components/ui/form-dialog-footer';
import { Input, NativeSelect } from '@/components/ui/input';
import { useBuyerOptions } from '@/features/deals/deals-api';
import { fieldProps, FormField } from '@/features/deals/form-field';
import { parseMoney } from '@/features/deals/money';
import { fieldErrorsOf } from '@/lib/api';
import { capitalize } from '@/lib/format';
import { queryKeys } from '@/lib/query-keys';
import { OfferTermsFields } from './offer-terms-fields';
import { addBuyerOffer, type AgentOfferWrite } from './buyer-offers-api';

const FIELDS = ['buyer_id', 'amount', 'earnest_money', 'close_by', 'financing', 'proof_of_funds', 'message'] as const;
type Field = (typeof FIELDS)[number];
type Errors = Partial<Record<Field, string>>;

/** Add offer: an offer a buyer made by phone or email, entered by the agent; it is ranked with the room's offers. */
export function AddBuyerOfferDialog({ dealId, open, onOpenChange }: { dealId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">{open && <AddForm dealId={dealId} onDone={() => onOpenChange(false)} />}</DialogContent>
    </Dialog>
  );
}

function read(values: Record<Field, string>): { body: AgentOfferWrite } | { errors: Errors } {
  const errors: Errors = {};
  const amount = parseMoney(values.amount);
  const earnest = parseMoney(values.earnest_money);
  if (!values.buyer_id) errors.buyer_id = 'Choose the buyer';
  if (amount === null || Number.isNaN(amount) || amount <= 0) errors.amount = 'Enter the offer in dollars, like 185,000';
  if (earnest === null || Number.isNaN(earnest)) errors.earnest_money = 'Enter the earnest money in dollars (0 if none)';
  if (!values.close_by) errors.close_by = 'Choose the date the buyer can close by';
  if (Object.keys(errors).length > 0) return { errors };
  return {
    body: {
      buyer_id: values.buyer_id,
      amount: amount ?? 0,
      earnest_money: earnest ?? 0,
      close_by: values.close_by,
      financing: values.financing as Financing,
      ...(values.proof_of_funds.trim() ? { proof_of_funds: values.proof_of_funds.trim() } : {}),
      ...(values.message.trim() ? { message: values.message.trim() } : {}),
    },
  };
}

function AddForm({ dealId, onDone }: { dealId: string; onDone: () => void }) {
  const id = useId();
  const client = useQueryClient();
  const buyers = useBuyerOptions();
  const [values, setValues] = useState<Record<Field, string>>({ buyer_id: '', amount: '', earnest_money: '', close_by: '', financing: 'cash', proof_of_funds: '', message: '' });
  const [errors, setErrors] = useState<Errors>({});
  const add = useMutation({
    mutationFn: (body: AgentOfferWrite) => addBuyerOffer(dealId, body),
    onSuccess: (offer) => {
      void client.invalidateQueries({ queryKey: queryKeys.buyerOffers.deal(dealId) });
      toast.success(`Offer of ${formatUsd(offer.amount)} added`);
      onDone();
    },
    onError: (error) => setErrors(Object.fromEntries(Object.entries(fieldErrorsOf(error, FIELDS)).map(([f, m]) => [f, capitalize(String(m))]))),
  });
  const field = (name: Field) => ({
    ...fieldProps(`${id}-${name}`, errors[name]),
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value })),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = read(values);
    if ('errors' in result) return setErrors(result.errors);
    setErrors({});
    add.mutate(result.body);
  };
  const named = add.isError && Object.keys(fieldErrorsOf(add.error, FIELDS)).length > 0;

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Add a buyer's offer</DialogTitle>
        <DialogDescription>An offer a buyer made by phone or email. It is ranked with the offers from the deal room.</DialogDescription>
      </DialogHeader>
      <FormField id={`${id}-buyer_id`} label="Buyer" error={errors.buyer_id}>
        <NativeSelect {...field('buyer_id')}>
          <option value="">{buyers.isPending ? 'Loading buyers…' : 'Choose a buyer'}</option>
          {(buyers.data ?? []).map((b) => (
            <option key={b.id} value={b.id}>
              {b.company_name ? `${b.contact_name} (${b.company_name})` : b.contact_name}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <OfferTermsFields id={id} field={field} errors={errors} />
      </div>
      <FormField id={`${id}-proof_of_funds`} label="Proof of funds" error={errors.proof_of_funds}>
        <Input maxLength={2000} placeholder="Bank letter link, or what you saw" {...field('proof_of_funds')} />
      </FormField>
      <FormField id={`${id}-message`} label="Notes" error={errors.message}>
        <Input maxLength={2000} {...field('message')} />
      </FormField>
      {add.isError && !named && <p className="text-sm text-destructive">Could not add the offer: {add.error.message}</p>}
      <FormDialogFooter label="Add offer" pendingLabel="Adding…" pending={add.isPending} />
    </form>
  );
}
