import { HandshakeIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { DeadlineBadge } from '@/features/deals/deadline-badge';
import { DealTitle } from '@/features/deals/deal-title';
import { useDueDeals } from '@/features/deals/deals-api';
import { StageBadge } from '@/features/deals/stage-badge';

export const DUE_DEALS_EMPTY = 'No deals need action today. Deals with an earnest-money, inspection or closing date within 3 days will show up here.';

/** Open deals whose next deadline is passed or within 3 days (GET /api/deals/due), soonest first. */
export function DueDealsCard() {
  const due = useDueDeals();
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2 space-y-0">
        <div className="grid gap-1">
          <span className="inline-flex size-9 items-center justify-center rounded-lg bg-primary/10 text-primary">
            <HandshakeIcon className="size-4.5" aria-hidden />
          </span>
          <CardTitle className="mt-2">Deals needing action today</CardTitle>
          <CardDescription>Earnest money, inspection and closing dates that are close or passed.</CardDescription>
        </div>
        <Button variant="outline" size="sm" asChild>
          <Link to="/revenue">Pipeline</Link>
        </Button>
      </CardHeader>
      <CardContent>
        {due.isPending ? (
          <div className="grid gap-2">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        ) : due.isError ? (
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <span className="text-destructive">{due.error.message}</span>
            <Button variant="outline" size="sm" onClick={() => void due.refetch()}>
              Retry
            </Button>
          </div>
        ) : due.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{DUE_DEALS_EMPTY}</p>
        ) : (
          <ul className="grid" aria-label="Deals needing action">
            {due.data.map((deal) => (
              <li key={deal.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b py-2 last:border-b-0">
                <DealTitle deal={deal} className="min-w-[12rem] flex-1 text-sm" />
                <StageBadge stage={deal.stage} />
                <DeadlineBadge deadline={deal.next_deadline} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
