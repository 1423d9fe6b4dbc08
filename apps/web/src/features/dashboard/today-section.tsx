import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useToday } from './today-api';
import { DealDeadlinesCard } from './today-deals';
import { GoalsCard, NewLeadsCard } from './today-goals';
import { CallbacksCard, FollowUpsCard } from './today-tasks';

const dayTitle = (date: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

function TodaySkeleton() {
  return (
    <div className="grid gap-4 lg:grid-cols-3" aria-label="Loading today">
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} className={i === 0 ? 'h-40 rounded-xl lg:col-span-2' : 'h-40 rounded-xl'} />
      ))}
    </div>
  );
}

/**
 * Today, at the top of the dashboard: the calls against the goals, new leads, follow-ups and callbacks due or
 * overdue (call or mark done from the row), and deal deadlines within 3 days. Live over the change feed (today-api.ts).
 */
export function TodaySection() {
  const today = useToday();
  return (
    <section className="grid gap-4" aria-labelledby="today-heading">
      <h2 id="today-heading" className="text-lg font-semibold tracking-tight">
        Today{today.data ? `, ${dayTitle(today.data.date)}` : ''}
      </h2>
      {today.isPending ? (
        <TodaySkeleton />
      ) : today.isError ? (
        <div className="flex flex-wrap items-center gap-3 rounded-xl border p-4 text-sm" role="alert">
          <span className="text-destructive">Could not load today's work: {today.error.message}</span>
          <Button variant="outline" size="sm" onClick={() => void today.refetch()}>
            Retry
          </Button>
        </div>
      ) : (
        <div className="grid gap-4 lg:grid-cols-3">
          <GoalsCard today={today.data} />
          <NewLeadsCard newLeads={today.data.new_leads_since_yesterday} />
          <FollowUpsCard list={today.data.follow_ups} />
          <CallbacksCard list={today.data.callbacks} />
          <DealDeadlinesCard deals={today.data.deal_deadlines} today={today.data.date} />
        </div>
      )}
    </section>
  );
}
