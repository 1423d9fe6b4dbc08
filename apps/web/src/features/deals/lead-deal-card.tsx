import { formatUsd, screenLinks } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowRight, CalculatorIcon, HandshakeIcon, Loader2Icon, MapPinnedIcon, PlusIcon, UserIcon } from 'lucide-react';
import { useId } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { DeadlineBadges } from './deadline-badge';
import { createDeal, useOpenDeal } from './deals-api';
import { StageBadge } from './stage-badge';

/** On a lead's page: its open deal (stage, price, deadlines, a link) or Start a deal, and the way to Comps and the Calculator. */
export function LeadDealCard({ leadId }: { leadId: string }) {
  const titleId = useId();
  const deal = useOpenDeal(leadId);
  const client = useQueryClient();
  const navigate = useNavigate();
  const start = useMutation({
    mutationFn: () => createDeal(leadId),
    onSuccess: (created) => {
      void client.invalidateQueries({ queryKey: queryKeys.deals.all });
      void navigate(screenLinks.deal(created.id));
    },
    onError: (error) => {
      // 409: a teammate started one meanwhile; the card shows theirs.
      if (error instanceof ApiError && error.status === 409) void deal.refetch();
      toast.error('Could not start a deal', { description: error.message });
    },
  });

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 space-y-0">
        <div className="grid gap-1">
          <CardTitle id={titleId} className="flex items-center gap-2">
            <HandshakeIcon className="size-4 text-primary" aria-hidden /> Deal
          </CardTitle>
          <CardDescription>Offers, the contract and your fee for this property.</CardDescription>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" asChild>
            <Link to={`/comps/${leadId}`}>
              <MapPinnedIcon aria-hidden /> Comps
            </Link>
          </Button>
          <Button variant="outline" size="sm" asChild>
            <Link to={`/calculator?lead=${encodeURIComponent(leadId)}`}>
              <CalculatorIcon aria-hidden /> Calculator
            </Link>
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        {deal.isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : deal.isError ? (
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <span className="text-destructive">Could not load the deal: {deal.error.message}</span>
            <Button variant="outline" size="sm" onClick={() => void deal.refetch()}>
              Retry
            </Button>
          </div>
        ) : deal.data ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="grid gap-1.5">
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <StageBadge stage={deal.data.stage} />
                {deal.data.contract_price !== null && <span>Contract {formatUsd(deal.data.contract_price)}</span>}
                {deal.data.contract_price === null && deal.data.max_offer !== null && <span>Max offer {formatUsd(deal.data.max_offer)}</span>}
                {deal.data.owner_name && (
                  <span className="inline-flex items-center gap-1 text-muted-foreground">
                    <UserIcon className="size-3.5" aria-hidden />
                    {deal.data.owner_name}
                  </span>
                )}
              </div>
              <DeadlineBadges deal={deal.data} />
            </div>
            <Button size="sm" asChild>
              <Link to={screenLinks.deal(deal.data.id)}>
                Open deal <ArrowRight aria-hidden />
              </Link>
            </Button>
          </div>
        ) : (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted-foreground">No open deal on this lead yet.</p>
            <Button size="sm" onClick={() => start.mutate()} disabled={start.isPending}>
              {start.isPending ? <Loader2Icon className="animate-spin" aria-hidden /> : <PlusIcon aria-hidden />}
              Start a deal
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
