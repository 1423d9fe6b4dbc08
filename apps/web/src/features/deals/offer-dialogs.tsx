import { formatUsd, type DealOffer } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertCircleIcon } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormDialogFooter } from '@/components/ui/form-dialog-footer';
import { fieldClassName, Input } from '@/components/ui/input';
import { queryKeys } from '@/lib/query-keys';
import { cn } from '@/lib/utils';
import { addOffer, type OfferWrite } from './deals-api';
import { todayIso } from './deadlines';
import { fieldProps, FormField, MoneyInput } from './form-field';
import { parseMoney } from './money';

/** An amount typed in a dialog: its value, or the message to show on the field. */
function readAmount(text: string, required: boolean): { amount: number | null } | { error: string } {
  const amount = parseMoney(text);
  if (amount === null) return required ? { error: 'Enter the amount' } : { amount: null };
  if (Number.isNaN(amount)) return { error: 'Enter an amount in dollars, like 150,000' };
  return { amount };
}

function ServerError({ message }: { message: string | null }): ReactNode {
  if (!message) return null;
  return (
    <Alert variant="destructive">
      <AlertCircleIcon aria-hidden />
      <span>{message}</span>
    </Alert>
  );
}

/** Add offer: the amount, the day it was made (today unless said) and its terms. */
export function AddOfferDialog({ dealId, open, onOpenChange }: { dealId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>{open && <AddOfferForm dealId={dealId} onDone={() => onOpenChange(false)} />}</DialogContent>
    </Dialog>
  );
}

function AddOfferForm({ dealId, onDone }: { dealId: string; onDone: () => void }) {
  const id = useId();
  const client = useQueryClient();
  const [amount, setAmount] = useState('');
  const [day, setDay] = useState(todayIso());
  const [terms, setTerms] = useState('');
  const [error, setError] = useState<string>();
  const add = useMutation({
    mutationFn: (body: OfferWrite) => addOffer(dealId, body),
    onSuccess: (offer) => {
      void client.invalidateQueries({ queryKey: queryKeys.deals.all });
      toast.success(`Offer of ${formatUsd(offer.amount)} added`);
      onDone();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = readAmount(amount, true);
    if ('error' in read) return setError(read.error);
    setError(undefined);
    add.mutate({ amount: read.amount ?? 0, ...(day ? { offered_on: day } : {}), terms: terms.trim() || null });
  };

  return (
    <form noValidate className="grid gap-4" onSubmit={submit}>
      <DialogHeader>
        <DialogTitle>Add offer</DialogTitle>
        <DialogDescription>Record an offer made to the seller; its status follows their answer.</DialogDescription>
      </DialogHeader>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-amount`} label="Amount" error={error}>
          <MoneyInput autoFocus value={amount} onChange={(e) => setAmount(e.target.value)} {...fieldProps(`${id}-amount`, error)} />
        </FormField>
        <FormField id={`${id}-day`} label="Date">
          <Input id={`${id}-day`} type="date" value={day} onChange={(e) => setDay(e.target.value)} />
        </FormField>
      </div>
      <FormField id={`${id}-terms`} label="Terms">
        <textarea
          id={`${id}-terms`}
          rows={3}
          maxLength={2000}
          className={cn(fieldClassName, 'h-auto py-2')}
          placeholder="Cash, close in 21 days, 10-day inspection…"
          value={terms}
          onChange={(e) => setTerms(e.target.value)}
        />
      </FormField>
      <ServerError message={add.isError ? add.error.message : null} />
      <FormDialogFooter label="Add offer" pendingLabel="Adding…" pending={add.isPending} />
    </form>
  );
}

type CounterProps = { offer: DealOffer | null; pending: boolean; error: string | null; onSubmit: (amount: number | null) => void; onCancel: () => void };

/** Marking an offer countered asks what the seller countered with (blank when they did not say). */
export function CounterDialog({ offer, pending, error, onSubmit, onCancel }: CounterProps) {
  return (
    <Dialog open={offer !== null} onOpenChange={(open) => !open && !pending && onCancel()}>
      <DialogContent>{offer && <CounterForm key={offer.id} offer={offer} pending={pending} error={error} onSubmit={onSubmit} />}</DialogContent>
    </Dialog>
  );
}

function CounterForm({ offer, pending, error, onSubmit }: Omit<CounterProps, 'offer' | 'onCancel'> & { offer: DealOffer }) {
  const id = useId();
  const [text, setText] = useState(offer.counter_amount === null ? '' : String(offer.counter_amount));
  const [fieldError, setFieldError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = readAmount(text, false);
    if ('error' in read) return setFieldError(read.error);
    onSubmit(read.amount);
  };
  return (
    <form noValidate className="grid gap-4" onSubmit={submit}>
      <DialogHeader>
        <DialogTitle>Seller countered</DialogTitle>
        <DialogDescription>Your offer was {formatUsd(offer.amount)}. What did the seller counter with?</DialogDescription>
      </DialogHeader>
      <FormField id={`${id}-counter`} label="Counter amount" error={fieldError}>
        <MoneyInput autoFocus value={text} onChange={(e) => setText(e.target.value)} {...fieldProps(`${id}-counter`, fieldError)} />
      </FormField>
      <ServerError message={error} />
      <FormDialogFooter label="Save counter" pendingLabel="Saving…" pending={pending} />
    </form>
  );
}
