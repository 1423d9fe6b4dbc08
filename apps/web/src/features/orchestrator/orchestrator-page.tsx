import { AlertCircleIcon, BotIcon, GaugeIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyCard } from '@/components/ui/empty-card';
import { Skeleton } from '@/components/ui/skeleton';
import { FeedFiltersBar } from './feed-filters';
import { FeedRow } from './feed-row';
import { feedItems, useFeed } from './orchestrator-api';
import { useFeedFilters } from './use-feed-filters';

/** Relative times ("2 minutes ago") move on with the clock, not only when the feed changes. */
function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** /orchestrator: what the machine did and will do, live: sequence steps, rule runs and AI jobs, each with its reason. */
export function OrchestratorPage() {
  const { filters, setFilters, active, clear } = useFeedFilters();
  const feed = useFeed(filters);
  const items = feedItems(feed.data);
  const now = useNow();

  let body: React.ReactNode;
  if (feed.isPending) {
    body = (
      <div className="grid gap-2" aria-label="Loading the feed">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-16 w-full" />
        ))}
      </div>
    );
  } else if (feed.isError && items.length === 0) {
    body = (
      <Alert variant="destructive">
        <AlertCircleIcon aria-hidden />
        <span>Could not load the feed: {feed.error.message}</span>
        <Button variant="outline" size="sm" className="ml-auto" onClick={() => void feed.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  } else if (items.length === 0) {
    body = active ? (
      <EmptyCard icon={BotIcon} title="Nothing matches these filters" text="No step, rule run or AI job of your organization matches them. Try another outcome or source, or clear the filters.">
        <Button variant="outline" onClick={clear}>
          Clear filters
        </Button>
      </EmptyCard>
    ) : (
      <EmptyCard
        icon={BotIcon}
        title="Nothing has run yet"
        text="Every decision the machine makes shows here with its reason: a sequence’s text sent, moved into the lead’s calling window or skipped, a rule acting on a lead, and a lead enriched, scored or a conversation analyzed."
      >
        <Link to="/automation" className={buttonVariants({ variant: 'outline' })}>
          Set up a sequence or a rule
        </Link>
      </EmptyCard>
    );
  } else {
    body = (
      <>
        <Card className="overflow-hidden p-0">
          <ul className="divide-y" aria-label="What the machine did and will do">
            {items.map((item) => (
              <FeedRow key={item.id} item={item} now={now} />
            ))}
          </ul>
        </Card>
        {feed.hasNextPage && (
          <div className="flex justify-center">
            <Button variant="outline" onClick={() => void feed.fetchNextPage()} disabled={feed.isFetchingNextPage}>
              {feed.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </Button>
          </div>
        )}
      </>
    );
  }

  return (
    <div className="grid min-w-0 gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid max-w-2xl gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">Orchestrator</h1>
          <p className="text-sm text-muted-foreground">
            What your sequences, rules and AI jobs did and will do, newest first, with the reason for each decision. It updates by itself.
          </p>
        </div>
        <Link to="/orchestrator/diagnostics" className={buttonVariants({ variant: 'outline' })}>
          <GaugeIcon aria-hidden /> Diagnostics
        </Link>
      </header>
      <FeedFiltersBar filters={filters} onChange={setFilters} active={active} onClear={clear} />
      {body}
    </div>
  );
}
