import { formatPhone, formatUsd } from '@wholesail/domain';
import { useQuery } from '@tanstack/react-query';
import { AlertCircleIcon, SendIcon, UsersIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyCard } from '@/components/ui/empty-card';
import { Skeleton } from '@/components/ui/skeleton';
import { queryKeys } from '@/lib/query-keys';
import { fetchDealMatches } from './buyers-api';
import { FitBadge, FitCriteria } from './match-fit';
import { SendToBuyersDialog, toggled } from './send-to-buyers-dialog';
import { fetchDealSends, sentLines } from './sends-api';

/** The deal's Buyers tab: the organization's active buyers ranked by how well the deal fits their buy box, to select and send the deal to. */
export function DealBuyersPanel({ dealId }: { dealId: string }) {
  const matches = useQuery({ queryKey: queryKeys.buyers.dealMatches(dealId), queryFn: () => fetchDealMatches(dealId) });
  const sends = useQuery({ queryKey: queryKeys.buyers.dealSends(dealId), queryFn: () => fetchDealSends(dealId) });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [sending, setSending] = useState(false);
  if (matches.isError) {
    return (
      <Alert variant="destructive">
        <AlertCircleIcon aria-hidden />
        <span>Could not rank the buyers: {matches.error.message}</span>
      </Alert>
    );
  }
  if (!matches.data) return <Skeleton className="h-48 w-full" aria-label="Loading buyers" />;
  const { items, property } = matches.data;
  const sent = sentLines(sends.data?.items ?? []);
  const toggle = (id: string, on: boolean) => setSelected((current) => toggled(current, id, on));
  const chosen = items.filter((m) => selected.has(m.buyer.id)).map(({ buyer }) => ({ id: buyer.id, name: buyer.company_name ? `${buyer.contact_name} (${buyer.company_name})` : buyer.contact_name }));
  if (items.length === 0) {
    return (
      <EmptyCard icon={UsersIcon} title="No active buyers yet" text="Add the buyers you sell to, with what they buy, and this deal's best fits show here.">
        <Button asChild variant="outline">
          <Link to="/buyers">Go to buyers</Link>
        </Button>
      </EmptyCard>
    );
  }
  return (
    <section className="grid gap-4" aria-labelledby="matched-buyers">
      <div className="grid gap-1">
        <h2 id="matched-buyers" className="text-base font-semibold">
          Matched buyers
        </h2>
        <p className="text-sm text-muted-foreground">
          {items.length} active {items.length === 1 ? 'buyer' : 'buyers'}, best fit first, checked against their buy box at{' '}
          {property.price === null ? 'no price yet (set a contract price)' : `${formatUsd(property.price)} to buyers`}.
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <Button variant="outline" size="sm" onClick={() => setSelected(new Set(items.filter((m) => m.fit.fit === 100).map((m) => m.buyer.id)))}>
            Select all that fit
          </Button>
          <Button size="sm" disabled={chosen.length === 0} onClick={() => setSending(true)}>
            <SendIcon aria-hidden /> Send to matched buyers{chosen.length > 0 && ` (${chosen.length})`}
          </Button>
        </div>
      </div>
      <SendToBuyersDialog dealId={dealId} buyers={chosen} sends={sends.data?.items ?? []} open={sending} onOpenChange={setSending} />
      <ol className="-mx-6 divide-y border-t" aria-label="Matched buyers">
        {items.map(({ buyer, fit, deals_taken, closes }) => (
          <li key={buyer.id} className="grid gap-2 px-6 py-4">
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <div className="flex min-w-0 items-center gap-2">
                <input
                  type="checkbox"
                  className="size-4 shrink-0 accent-primary"
                  aria-label={`Select ${buyer.contact_name}`}
                  checked={selected.has(buyer.id)}
                  onChange={(e) => toggle(buyer.id, e.target.checked)}
                />
                <Link to={`/buyers/${buyer.id}`} className="font-medium hover:underline">
                  {buyer.contact_name}
                </Link>
                {buyer.company_name && <span className="truncate text-sm text-muted-foreground"> · {buyer.company_name}</span>}
              </div>
              <FitBadge fit={fit} />
            </div>
            <p className="text-sm">{fit.reason}</p>
            <FitCriteria fit={fit} />
            <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
              {sent.get(buyer.id)?.map((line) => (
                <span key={line} className="font-medium text-foreground">
                  {line}
                </span>
              ))}
              <span>Score {buyer.buyer_score}</span>
              <span>{deals_taken === 0 ? 'No deals with you yet' : `${deals_taken} ${deals_taken === 1 ? 'deal' : 'deals'} with you, ${closes} closed`}</span>
              {buyer.primary_phone && <span>{formatPhone(buyer.primary_phone)}</span>}
              {buyer.primary_email && (
                <a href={`mailto:${buyer.primary_email}`} className="text-primary hover:underline">
                  {buyer.primary_email}
                </a>
              )}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
