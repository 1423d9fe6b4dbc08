import { formatDateTime, type AnalyticsQuery, type DrillItem, type DrillMetric } from '@wholesail/domain';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { AlertCircleIcon, ArrowRightIcon, Loader2Icon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useDrill } from './analytics-api';
import { metricNoun, type DrillFilter, type DrillTarget } from './drill-target';
import { countText } from './figure-format';
import { rangeText } from './report-range';

type Props = { target: DrillTarget | null; timeZone: string; onClose: () => void };

/** "Why this number": a sheet from the side listing the records behind a figure, 50 at a time. */
export function DrillSheet({ target, timeZone, onClose }: Props) {
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      {target && (
        <DialogContent
          className="top-0 right-0 left-auto flex h-dvh w-full max-w-lg translate-x-0 translate-y-0 flex-col gap-0 rounded-none p-0 sm:rounded-l-xl"
        >
          <DrillBody key={`${target.title}|${target.metrics.join()}|${JSON.stringify([target.query, target.filter])}`} target={target} timeZone={timeZone} onClose={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function DrillBody({ target, timeZone, onClose }: { target: DrillTarget; timeZone: string; onClose: () => void }) {
  const [metric, setMetric] = useState<DrillMetric>(target.metrics[0]!);
  const scope = target.scope ?? `${rangeText(target.query.from, target.query.to)} · ${target.memberName ?? 'All members'}`;
  return (
    <>
      <div className="grid gap-1.5 border-b p-6 pr-12">
        <DialogTitle>{target.title}</DialogTitle>
        <DialogDescription>
          {target.metrics.length === 1 ? `${metricNoun(metric)} · ` : ''}
          {scope}
        </DialogDescription>
        {target.metrics.length > 1 && (
          <div className="mt-2 inline-flex w-fit flex-wrap rounded-md border bg-card p-0.5" role="group" aria-label="Records of">
            {target.metrics.map((m) => (
              <Button key={m} variant="ghost" size="sm" aria-pressed={m === metric} className={cn('h-8', m === metric && 'bg-muted text-foreground')} onClick={() => setMetric(m)}>
                {metricNoun(m)}
              </Button>
            ))}
          </div>
        )}
      </div>
      <DrillList key={metric} metric={metric} query={target.query} filter={target.filter} scope={target.scope} timeZone={timeZone} onOpen={onClose} />
    </>
  );
}

type ListProps = { metric: DrillMetric; query: AnalyticsQuery; filter?: DrillFilter; scope?: string; timeZone: string; onOpen: () => void };

function DrillList({ metric, query, filter, scope, timeZone, onOpen }: ListProps) {
  const drill = useDrill(metric, query, filter);
  const when = scope ?? `${query.from === query.to ? 'on' : 'from'} ${rangeText(query.from, query.to)}`;
  const empty = `No ${metricNoun(metric).toLowerCase()} ${scope ? `(${when})` : when}: nothing stands behind this number.`;
  return <DrillPages drill={drill} empty={empty} timeZone={timeZone} onOpen={onOpen} />;
}

type Pages = UseInfiniteQueryResult<InfiniteData<{ items: DrillItem[]; total: number }>>;

/** The pages of a drill's records as a list: loading, a failure with Retry, the empty sentence, the rows and "Load more". */
export function DrillPages({ drill, empty, timeZone, onOpen }: { drill: Pages; empty: string; timeZone: string; onOpen: () => void }) {
  if (drill.isPending) {
    return (
      <div className="grid gap-3 p-6" aria-label="Loading records">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-12 w-full" />
        ))}
      </div>
    );
  }
  if (drill.isError) {
    return (
      <div className="p-6">
        <Alert variant="destructive">
          <AlertCircleIcon aria-hidden />
          <span>Could not load the records: {drill.error.message}</span>
          <Button variant="outline" size="sm" className="ml-auto" onClick={() => void drill.refetch()}>
            Retry
          </Button>
        </Alert>
      </div>
    );
  }
  const items = drill.data.pages.flatMap((page) => page.items);
  const total = drill.data.pages.at(-1)?.total ?? 0;
  if (items.length === 0) return <p className="p-6 text-sm text-muted-foreground">{empty}</p>;
  return (
    <>
      <ul className="min-h-0 flex-1 divide-y overflow-y-auto px-6" aria-label="Records">
        {items.map((item) => (
          <DrillRow key={`${item.kind}-${item.id}`} item={item} timeZone={timeZone} onOpen={onOpen} />
        ))}
      </ul>
      <div className="flex items-center justify-between gap-3 border-t px-6 py-3 text-sm text-muted-foreground">
        <span>
          Showing {countText(items.length)} of {countText(total)}
        </span>
        {drill.hasNextPage && (
          <Button variant="outline" size="sm" disabled={drill.isFetchingNextPage} onClick={() => void drill.fetchNextPage()}>
            {drill.isFetchingNextPage && <Loader2Icon className="animate-spin" aria-hidden />}
            Load more
          </Button>
        )}
      </div>
    </>
  );
}

function DrillRow({ item, timeZone, onOpen }: { item: DrillItem; timeZone: string; onOpen: () => void }) {
  // A lead behind a number (a new lead, one waiting for a call) has no member of its own.
  const details = [item.lead_name ?? 'No lead', ...(item.kind === 'lead' ? [] : [item.member_name ?? 'No member']), formatDateTime(item.at, { timeZone })];
  return (
    <li className="flex items-start justify-between gap-3 py-3">
      <div className="grid min-w-0 gap-0.5">
        <p className="text-sm font-medium break-words">{item.summary}</p>
        <p className="text-xs text-muted-foreground">{details.join(' · ')}</p>
      </div>
      {item.href && (
        <Link
          to={item.href}
          onClick={onOpen}
          className="inline-flex shrink-0 items-center gap-1 text-xs font-medium text-primary hover:underline"
          aria-label={`Open ${item.kind === 'deal' ? 'the deal' : 'the lead'}${item.lead_name ? ` ${item.lead_name}` : ''}`}
        >
          Open <ArrowRightIcon className="size-3" aria-hidden />
        </Link>
      )}
    </li>
  );
}
