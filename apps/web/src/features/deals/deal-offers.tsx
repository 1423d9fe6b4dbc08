import { formatUsd, OFFER_STATUSES, type Deal, type DealOffer, type OfferStatus } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { capitalize } from '@/lib/format';
import { queryKeys } from '@/lib/query-keys';
import { updateOffer, type OfferWrite } from './deals-api';
import { formatDay } from './deadlines';
import { AddOfferDialog, CounterDialog } from './offer-dialogs';

export const OFFER_STATUS_LABELS: { readonly [S in OfferStatus]: string } = Object.fromEntries(OFFER_STATUSES.map((s) => [s, capitalize(s)])) as Record<OfferStatus, string>;

/** Every offer made on the deal, newest first, with its status to change and Add offer. */
export function DealOffers({ deal }: { deal: Deal }) {
  const client = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [countering, setCountering] = useState<DealOffer | null>(null);
  const offers = deal.offers ?? [];

  const change = useMutation({
    mutationFn: ({ offer, body }: { offer: DealOffer; body: OfferWrite }) => updateOffer(deal.id, offer.id, body),
    onSuccess: () => {
      setCountering(null);
      toast.success('Offer updated');
    },
    onError: (error, { offer }) => {
      if (countering?.id !== offer.id) toast.error('Could not update the offer', { description: error.message });
    },
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.deals.all }),
  });

  const onStatus = (offer: DealOffer, status: OfferStatus) => {
    if (status === 'countered') setCountering(offer);
    else change.mutate({ offer, body: { status } });
  };

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">
          {offers.length === 0 ? 'No offers made yet.' : `${offers.length} ${offers.length === 1 ? 'offer' : 'offers'}, newest first.`}
        </p>
        <Button onClick={() => setAdding(true)}>
          <PlusIcon aria-hidden /> Add offer
        </Button>
      </div>
      {offers.length > 0 && (
        <Table aria-label="Offers">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Date</TableHead>
              <TableHead>Amount</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Counter</TableHead>
              <TableHead>Terms</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {offers.map((offer) => (
              <TableRow key={offer.id}>
                <TableCell className="whitespace-nowrap font-medium">{formatDay(offer.offered_on)}</TableCell>
                <TableCell label="Amount" className="tabular-nums">
                  {formatUsd(offer.amount)}
                </TableCell>
                <TableCell label="Status">
                  <NativeSelect
                    className="h-8 w-36"
                    aria-label={`Status of the ${formatUsd(offer.amount)} offer`}
                    value={offer.status}
                    disabled={change.isPending && change.variables.offer.id === offer.id}
                    onChange={(event) => onStatus(offer, event.target.value as OfferStatus)}
                  >
                    {OFFER_STATUSES.map((s) => (
                      <option key={s} value={s}>
                        {OFFER_STATUS_LABELS[s]}
                      </option>
                    ))}
                  </NativeSelect>
                </TableCell>
                <TableCell label="Counter" className="tabular-nums">
                  {offer.counter_amount === null ? <span className="text-muted-foreground">—</span> : formatUsd(offer.counter_amount)}
                </TableCell>
                <TableCell label="Terms" className="max-w-[20rem] whitespace-pre-wrap max-sm:max-w-none">
                  {offer.terms ?? <span className="text-muted-foreground">—</span>}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <AddOfferDialog dealId={deal.id} open={adding} onOpenChange={setAdding} />
      <CounterDialog
        offer={countering}
        pending={change.isPending}
        error={countering && change.isError ? change.error.message : null}
        onSubmit={(counter_amount) => countering && change.mutate({ offer: countering, body: { status: 'countered', counter_amount } })}
        onCancel={() => {
          setCountering(null);
          change.reset();
        }}
      />
    </div>
  );
}
