import { DEAL_STAGE_LABELS, formatUsd } from '@wholesail/domain';
import { useQuery } from '@tanstack/react-query';
import { AlertCircleIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { queryKeys } from '@/lib/query-keys';
import { fetchBuyerMatches } from './buyers-api';
import { FitBadge, FitCriteria } from './match-fit';

/** On a buyer's page: the organization's deals still looking for a buyer, best fit for this one first. */
export function BuyerMatchesCard({ buyerId }: { buyerId: string }) {
  const matches = useQuery({ queryKey: queryKeys.buyers.matches(buyerId), queryFn: () => fetchBuyerMatches(buyerId) });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Matching deals</CardTitle>
        <CardDescription>Open deals not yet assigned, ranked by how well they fit this buy box.</CardDescription>
      </CardHeader>
      <CardContent className={matches.data?.items.length ? 'p-0' : undefined}>
        {matches.isError ? (
          <Alert variant="destructive">
            <AlertCircleIcon aria-hidden />
            <span>Could not rank the deals: {matches.error.message}</span>
          </Alert>
        ) : !matches.data ? (
          <Skeleton className="h-24 w-full" aria-label="Loading matching deals" />
        ) : matches.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">No open deals right now. Deals from analysis to marketing show here as you work them.</p>
        ) : (
          <ol className="divide-y" aria-label="Matching deals">
            {matches.data.items.map(({ deal, fit }) => (
              <li key={deal.id} className="grid gap-2 px-6 py-4">
                <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                  <div className="min-w-0">
                    <Link to={`/deals/${deal.id}?tab=buyers`} className="font-medium hover:underline">
                      {deal.property_address ?? deal.lead_name}
                    </Link>
                    <span className="text-sm text-muted-foreground">
                      {' '}
                      · {DEAL_STAGE_LABELS[deal.stage]} · {deal.price === null ? 'no price yet' : formatUsd(deal.price)}
                    </span>
                  </div>
                  <FitBadge fit={fit} />
                </div>
                <p className="text-sm">{fit.reason}</p>
                <FitCriteria fit={fit} />
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
