import type { Referral } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormDialogFooter } from '@/components/ui/form-dialog-footer';
import { Input } from '@/components/ui/input';
import { todayIso } from '@/features/deals/deadlines';
import { FormField, MoneyInput, fieldProps } from '@/features/deals/form-field';
import { moneyText, parseMoney } from '@/features/deals/money';
import { queryKeys } from '@/lib/query-keys';
import { updateReferral } from './referrals-api';
import { sentence } from '@/lib/sentence';

/** "Record fee received": the amount the partner paid and the day it arrived. */
export function FeeReceivedDialog({ referral, onClose }: { referral: Referral; onClose: () => void }) {
  const id = useId();
  const [amount, setAmount] = useState(moneyText(referral.fee_received ?? referral.fee_expected));
  const [on, setOn] = useState(referral.fee_received_on ?? todayIso());
  const [error, setError] = useState<string>();
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (fee: number) => updateReferral(referral.id, { fee_received: fee, fee_received_on: on }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.referrals.all });
      void client.invalidateQueries({ queryKey: queryKeys.deals.all });
      toast.success('Referral fee recorded');
      onClose();
    },
    onError: (e) => setError(sentence(e.message)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fee = parseMoney(amount);
    if (fee === null || Number.isNaN(fee)) return setError('Enter the fee received in dollars, like 3,000.');
    save.mutate(fee);
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Record fee received</DialogTitle>
          <DialogDescription>
            From {referral.partner_name} for {referral.property_address ?? referral.lead_name}.
          </DialogDescription>
        </DialogHeader>
        <form noValidate className="grid gap-4" onSubmit={submit}>
          <FormField id={`${id}-amount`} label="Fee received" error={error}>
            <MoneyInput autoFocus value={amount} onChange={(e) => setAmount(e.target.value)} {...fieldProps(`${id}-amount`, error)} />
          </FormField>
          <FormField id={`${id}-on`} label="Received on">
            <Input id={`${id}-on`} type="date" value={on} onChange={(e) => setOn(e.target.value)} />
          </FormField>
          <FormDialogFooter label="Record fee" pendingLabel="Saving…" pending={save.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
