import { formatUsd, type BuyerOffer } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormDialogFooter } from '@/components/ui/form-dialog-footer';
import { NativeSelect } from '@/components/ui/input';
import { FormField } from '@/features/deals/form-field';
import { queryKeys } from '@/lib/query-keys';
import { acceptBuyerOffer } from './buyer-offers-api';

type Props = { dealId: string; offer: BuyerOffer | null; others: BuyerOffer[]; onClose: () => void };

/** Accept: the deal goes to Assigned with this buyer and fee; the other bidders may be told, and one offer kept as backup. */
export function AcceptOfferDialog({ dealId, offer, others, onClose }: Props) {
  return (
    <Dialog open={offer !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>{offer && <AcceptForm key={offer.id} dealId={dealId} offer={offer} others={others} onDone={onClose} />}</DialogContent>
    </Dialog>
  );
}

function AcceptForm({ dealId, offer, others, onDone }: { dealId: string; offer: BuyerOffer; others: BuyerOffer[]; onDone: () => void }) {
  const id = useId();
  const client = useQueryClient();
  const [notify, setNotify] = useState(false);
  const [backup, setBackup] = useState(others.find((o) => o.status === 'backup')?.id ?? '');
  const accept = useMutation({
    mutationFn: () => acceptBuyerOffer(dealId, offer.id, { notify_others: notify, backup_offer_id: backup || null }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.deals.all });
      void client.invalidateQueries({ queryKey: queryKeys.buyerOffers.deal(dealId) });
      toast.success(`Offer accepted: the deal is assigned to ${offer.buyer.contact_name}`);
      onDone();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    accept.mutate();
  };
  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Accept this offer?</DialogTitle>
        <DialogDescription>
          {offer.buyer.contact_name} offers {formatUsd(offer.amount)}
          {offer.net_fee === null ? '' : `, a fee of ${formatUsd(offer.net_fee)}`}. The deal moves to Assigned with this buyer.
        </DialogDescription>
      </DialogHeader>
      {others.length > 0 && (
        <>
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" className="mt-0.5" checked={notify} onChange={(e) => setNotify(e.target.checked)} />
            <span>
              Tell the other bidders
              <span className="block text-xs text-muted-foreground">A polite email that the deal went to another buyer (the backup is not told).</span>
            </span>
          </label>
          <FormField id={`${id}-backup`} label="Keep a backup offer">
            <NativeSelect id={`${id}-backup`} value={backup} onChange={(e) => setBackup(e.target.value)}>
              <option value="">No backup</option>
              {others.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.buyer.contact_name}, {formatUsd(o.amount)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        </>
      )}
      {accept.isError && <p className="text-sm text-destructive">Could not accept the offer: {accept.error.message}</p>}
      <FormDialogFooter label="Accept offer" pendingLabel="Accepting…" pending={accept.isPending} />
    </form>
  );
}
