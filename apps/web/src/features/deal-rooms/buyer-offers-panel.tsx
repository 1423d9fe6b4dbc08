import { FINANCING_LABELS, formatUsd, type BuyerOffer, type BuyerOfferStatus } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertCircleIcon, HandCoinsIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyCard } from '@/components/ui/empty-card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDay } from '@/features/deals/deadlines';
import { queryKeys } from '@/lib/query-keys';
import { AcceptOfferDialog } from './accept-offer-dialog';
import { AddBuyerOfferDialog } from './add-buyer-offer-dialog';
import { setBuyerOfferStatus, useBuyerOffers } from './buyer-offers-api';

const STATUS: Record<BuyerOfferStatus, { label: string; variant: 'default' | 'success' | 'secondary' | 'outline' | 'destructive' }> = {
  received: { label: 'Received', variant: 'default' },
  accepted: { label: 'Accepted', variant: 'success' },
  backup: { label: 'Backup', variant: 'outline' },
  declined: { label: 'Declined', variant: 'secondary' },
  withdrawn: { label: 'Withdrawn', variant: 'secondary' },
};

const IN_PLAY: readonly BuyerOfferStatus[] = ['received', 'backup'];

/** The deal's Buyer offers tab: every buyer's offer ranked by net fee and certainty, with Accept, Mark backup, Decline and Add offer. */
export function BuyerOffersPanel({ dealId }: { dealId: string }) {
  const client = useQueryClient();
  const offers = useBuyerOffers(dealId);
  const [adding, setAdding] = useState(false);
  const [accepting, setAccepting] = useState<BuyerOffer | null>(null);
  const change = useMutation({
    mutationFn: ({ offer, status }: { offer: BuyerOffer; status: 'backup' | 'declined' }) => setBuyerOfferStatus(dealId, offer.id, status),
    onSuccess: (_saved, { offer, status }) => toast.success(status === 'backup' ? `${offer.buyer.contact_name}'s offer is the backup` : `${offer.buyer.contact_name}'s offer declined`),
    onError: (error) => toast.error('Could not change the offer', { description: error.message }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.buyerOffers.deal(dealId) }),
  });

  if (offers.isPending) return <Skeleton className="h-48 w-full" aria-label="Loading offers" />;
  if (offers.isError) {
    return (
      <Alert variant="destructive">
        <AlertCircleIcon aria-hidden />
        <span>Could not load the offers: {offers.error.message}</span>
      </Alert>
    );
  }
  const { contract_price } = offers.data;
  // Best first: ranked offers by rank, then the ones out of play (declined, withdrawn), newest first.
  const items = [...offers.data.items].sort((a, b) => (a.rank ?? Infinity) - (b.rank ?? Infinity) || b.created_at.localeCompare(a.created_at));
  const accepted = items.some((o) => o.status === 'accepted');
  const addButton = (
    <Button onClick={() => setAdding(true)}>
      <PlusIcon aria-hidden /> Add offer
    </Button>
  );
  return (
    <section className="grid gap-4" aria-labelledby="buyer-offers">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <h2 id="buyer-offers" className="text-base font-semibold">
            Buyers' offers
          </h2>
          <p className="text-sm text-muted-foreground">
            Ranked by net fee and certainty{contract_price === null ? ' (set a contract price to see each net fee)' : `, against your ${formatUsd(contract_price)} contract price`}.
          </p>
        </div>
        {items.length > 0 && addButton}
      </div>
      {items.length === 0 ? (
        <EmptyCard icon={HandCoinsIcon} title="No offers from buyers yet" text="Offers made in the deal room show here as they arrive. An offer taken by phone can be added by hand.">
          {addButton}
        </EmptyCard>
      ) : (
        <ol className="-mx-6 divide-y border-t" aria-label="Buyer offers">
          {items.map((offer) => (
            <OfferRow
              key={offer.id}
              offer={offer}
              canAccept={!accepted && IN_PLAY.includes(offer.status)}
              busy={change.isPending && change.variables.offer.id === offer.id}
              onAccept={() => setAccepting(offer)}
              onStatus={(status) => change.mutate({ offer, status })}
            />
          ))}
        </ol>
      )}
      <AddBuyerOfferDialog dealId={dealId} open={adding} onOpenChange={setAdding} />
      <AcceptOfferDialog
        dealId={dealId}
        offer={accepting}
        others={items.filter((o) => o.id !== accepting?.id && IN_PLAY.includes(o.status))}
        onClose={() => setAccepting(null)}
      />
    </section>
  );
}

type RowProps = { offer: BuyerOffer; canAccept: boolean; busy: boolean; onAccept: () => void; onStatus: (status: 'backup' | 'declined') => void };

function OfferRow({ offer, canAccept, busy, onAccept, onStatus }: RowProps) {
  const status = STATUS[offer.status];
  return (
    <li className="grid gap-2 px-6 py-4" aria-label={`${offer.rank === null ? 'Unranked' : `Rank ${offer.rank}`}: ${offer.buyer.contact_name}, ${formatUsd(offer.amount)}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <div className="flex min-w-0 items-baseline gap-2">
          <span className="text-lg font-semibold tabular-nums text-muted-foreground">{offer.rank === null ? '–' : `#${offer.rank}`}</span>
          <Link to={`/buyers/${offer.buyer.id}`} className="font-medium hover:underline">
            {offer.buyer.contact_name}
          </Link>
          {offer.buyer.company_name && <span className="truncate text-sm text-muted-foreground">{offer.buyer.company_name}</span>}
          <Badge variant={status.variant}>{status.label}</Badge>
        </div>
        <div className="text-right">
          <span className="text-lg font-semibold tabular-nums">{formatUsd(offer.amount)}</span>
          <span className="block text-xs text-muted-foreground">{offer.net_fee === null ? 'Net fee unknown' : `Net fee ${formatUsd(offer.net_fee)}`}</span>
        </div>
      </div>
      <p className="text-sm">{offer.reason}</p>
      <div className="flex flex-wrap items-center gap-1.5" aria-label="Certainty">
        <span className="text-xs font-medium">Certainty {offer.certainty}</span>
        {offer.factors.map((f) => (
          <Badge key={f.factor} variant={f.points > 0 ? 'outline' : 'secondary'} title={`${f.points > 0 ? '+' : ''}${f.points} points`}>
            {f.detail}
          </Badge>
        ))}
      </div>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        <span>Close by {formatDay(offer.close_by)}</span>
        <span>{FINANCING_LABELS[offer.financing]}</span>
        <span>Earnest money {formatUsd(offer.earnest_money)}</span>
        <span>{offer.source === 'deal_room' ? 'From the deal room' : 'Added by the team'}</span>
        {offer.proof_of_funds && <span className="break-all">Proof of funds: {offer.proof_of_funds}</span>}
      </p>
      {offer.message && <p className="whitespace-pre-wrap rounded-md bg-muted/50 px-3 py-2 text-sm">{offer.message}</p>}
      {IN_PLAY.includes(offer.status) && (
        <div className="flex flex-wrap gap-2">
          {canAccept && (
            <Button size="sm" onClick={onAccept}>
              Accept
            </Button>
          )}
          {offer.status === 'received' && (
            <Button size="sm" variant="outline" disabled={busy} onClick={() => onStatus('backup')}>
              Mark backup
            </Button>
          )}
          <Button size="sm" variant="ghost" disabled={busy} onClick={() => onStatus('declined')}>
            Decline
          </Button>
        </div>
      )}
    </li>
  );
}
