import type { TodayDeal } from '@wholesail/domain';
import { HandshakeIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { DeadlineBadge } from '@/features/deals/deadline-badge';
import { DealTitle } from '@/features/deals/deal-title';
import { StageBadge } from '@/features/deals/stage-badge';
import { TodayCard } from './today-card';

export const DEAL_DEADLINES_EMPTY = 'No deal deadlines in the next 3 days. Earnest-money, inspection and closing dates of deals under contract show up here.';

/** Open deals whose earnest money, inspection or closing is within 3 days or passed and not done, soonest first. */
export function DealDeadlinesCard({ deals, today }: { deals: TodayDeal[]; today: string }) {
  return (
    <TodayCard
      icon={HandshakeIcon}
      title="Deal deadlines"
      description={deals.length > 0 ? 'Within 3 days, or passed and not marked done.' : undefined}
      action={
        <Button variant="outline" size="sm" asChild>
          <Link to="/revenue">Pipeline</Link>
        </Button>
      }
    >
      {deals.length === 0 ? (
        <p className="text-sm text-muted-foreground">{DEAL_DEADLINES_EMPTY}</p>
      ) : (
        <ul aria-label="Deals with deadlines">
          {deals.map((deal) => (
            <li key={deal.deal_id} className="grid gap-1.5 border-b py-2.5 last:border-b-0">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <DealTitle deal={{ id: deal.deal_id, lead_name: deal.lead_name, property_address: deal.property_address }} className="min-w-0 flex-1 basis-40 text-sm" />
                <StageBadge stage={deal.stage} />
              </div>
              <ul className="flex flex-wrap gap-1" aria-label={`Deadlines of ${deal.lead_name}`}>
                {deal.deadlines.map((deadline) => (
                  <li key={deadline.kind}>
                    <DeadlineBadge deadline={deadline} today={today} />
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </TodayCard>
  );
}
