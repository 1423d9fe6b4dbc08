import { DEAL_STAGE_LABELS, DEAL_STAGES, formatUsd, OFFER_STATUSES, type DealEvent, type DealStage, type OfferStatus } from '@wholesail/domain';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { FIELDS, type FieldKind } from './deal-field-defs';
import { OFFER_STATUS_LABELS } from './deal-offers';
import { useDealTimeline } from './deals-api';
import { formatDay } from './deadlines';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const EXTRA_LABELS: Record<string, string> = {
  stage: 'Stage',
  owner_user_id: 'Owner',
  dead_reason: 'Reason',
  amount: 'Amount',
  counter_amount: 'Counter amount',
  offered_on: 'Offered on',
  status: 'Status',
  terms: 'Terms',
};
/** The offers' fields beside the deal's, for reading an offer's changes. */
const EXTRA_KINDS: Record<string, FieldKind> = { amount: 'money', counter_amount: 'money', offered_on: 'date' };

const labelOf = (field: string) => FIELDS.find((d) => d.name === field)?.label ?? EXTRA_LABELS[field] ?? field.replaceAll('_', ' ');

/** A changed value as words: money as dollars, days as dates, stages by name. */
export function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  const kind = FIELDS.find((d) => d.name === field)?.kind ?? EXTRA_KINDS[field];
  if (kind === 'money' && typeof value === 'number') return formatUsd(value);
  if (kind === 'date' && typeof value === 'string') return formatDay(value);
  if (field === 'stage' && DEAL_STAGES.includes(value as DealStage)) return DEAL_STAGE_LABELS[value as DealStage];
  if (field === 'status' && OFFER_STATUSES.includes(value as OfferStatus)) return OFFER_STATUS_LABELS[value as OfferStatus];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
}

function Changes({ changes }: { changes: NonNullable<DealEvent['changes']> }) {
  const entries = Object.entries(changes);
  if (entries.length === 0) return null;
  return (
    <ul className="mt-1 grid gap-0.5 text-xs text-muted-foreground">
      {entries.map(([field, { from, to }]) => (
        <li key={field} className="break-words">
          <span className="font-medium text-foreground">{labelOf(field)}</span>
          {/* Ids (owner, buyer) mean nothing to read: the summary names who. */}
          {field.endsWith('_id') ? ' changed' : `: ${valueText(field, from)} → ${valueText(field, to)}`}
        </li>
      ))}
    </ul>
  );
}

/** Who changed what on the deal, and when, newest first. */
export function DealTimeline({ dealId }: { dealId: string }) {
  const timeline = useDealTimeline(dealId);
  if (timeline.isPending) {
    return (
      <div className="grid gap-3" aria-label="Loading timeline">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-12 w-full" />
        ))}
      </div>
    );
  }
  if (timeline.isError) {
    return (
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <span className="text-destructive">Could not load the timeline: {timeline.error.message}</span>
        <Button variant="outline" size="sm" onClick={() => void timeline.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  if (timeline.data.length === 0) return <p className="text-sm text-muted-foreground">Nothing has happened on this deal yet.</p>;
  return (
    <ol className="grid gap-0 border-l pl-4" aria-label="Timeline">
      {timeline.data.map((event) => (
        <li key={event.id} className="relative pb-4 last:pb-0">
          <span className="absolute top-1.5 -left-[1.3rem] size-2 rounded-full bg-primary/60" aria-hidden />
          <p className="text-sm">{event.summary}</p>
          <p className="text-xs text-muted-foreground">
            {event.user_name ?? 'Wholesail'} · <time dateTime={event.created_at}>{when.format(new Date(event.created_at))}</time>
          </p>
          {event.changes && <Changes changes={event.changes} />}
        </li>
      ))}
    </ol>
  );
}
