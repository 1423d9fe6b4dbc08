import { daysBetween, displayName, rate, SPEED_BUCKET_LABELS, waitText, type GrowthAnalytics, type LeadListItem } from '@wholesail/domain';
import { ArrowRightIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ExportCsvButton } from '@/features/analytics/export-csv-button';
import { countText, percentText } from '@/features/analytics/figure-format';
import { csvFileName, tableCsv, type Column } from '@/features/analytics/report-columns';
import { rangeText, todayIn } from '@/features/analytics/report-range';
import { CallLink } from '@/features/leads/call-link';
import type { GrowthDrillTarget } from './growth-api';

type Props = { data: GrowthAnalytics; timeZone: string; onDrill: (target: GrowthDrillTarget) => void };
type Bar = { key: string; label: string; leads: number; target: GrowthDrillTarget };

const LINK = 'rounded-sm underline decoration-border decoration-dotted underline-offset-4 outline-none hover:decoration-foreground focus-visible:ring-2 focus-visible:ring-ring/40';

const BAR_COLUMNS: readonly Column<Bar>[] = [
  { header: 'Bucket', text: (r) => r.label },
  { header: 'Leads', text: (r) => countText(r.leads) },
];

/** A count per bucket as bars of one scale, each count a button listing its leads; the card exports them as CSV. */
function Bars({ title, bars, onDrill }: { title: string; bars: readonly Bar[]; onDrill: Props['onDrill'] }) {
  const max = Math.max(1, ...bars.map((b) => b.leads));
  const total = bars.reduce((sum, b) => sum + b.leads, 0);
  return (
    <ul aria-label={title} className="grid gap-3">
      {bars.map((bar) => (
        <li key={bar.key} className="grid gap-1.5">
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span>{bar.label}</span>
            <span className="tabular-nums">
              <button type="button" className={`font-medium ${LINK}`} aria-label={`${bar.label}: ${countText(bar.leads)}`} onClick={() => onDrill(bar.target)}>
                {countText(bar.leads)}
              </button>
              <span className="ml-2 text-xs text-muted-foreground">{percentText(rate(bar.leads, total))}</span>
            </span>
          </div>
          <div className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden>
            <div className="h-full rounded-full bg-primary" style={{ width: `${(bar.leads / max) * 100}%` }} />
          </div>
        </li>
      ))}
    </ul>
  );
}

function Header({ title, bars, range }: { title: string; bars: readonly Bar[]; range: { from: string; to: string } }) {
  return (
    <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 p-4 pb-2">
      <CardTitle className="text-base">{title}</CardTitle>
      <ExportCsvButton title={title} fileName={csvFileName(title, range)} csv={() => tableCsv(BAR_COLUMNS, bars)} />
    </CardHeader>
  );
}

/** One figure as a button that lists the leads behind it. */
function Stat({ label, value, onOpen }: { label: string; value: string; onOpen: () => void }) {
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={`${label}: ${value}`}
      title="Why this number: show the leads behind it"
      className="grid min-w-0 content-start gap-1 rounded-xl border bg-card p-4 text-left shadow-xs transition-colors outline-none hover:bg-muted/50 focus-visible:ring-2 focus-visible:ring-ring/40"
    >
      <span className="truncate text-sm text-muted-foreground">{label}</span>
      <span className="text-xl font-semibold tracking-tight tabular-nums">{value}</span>
    </button>
  );
}

/** New leads not contacted yet: how many, how old, and the longest-waiting few with a Call button. */
export function UncontactedCard({ data, timeZone, onDrill }: Props) {
  const { uncontacted } = data;
  const now = 'Waiting now';
  const bars = uncontacted.buckets.map((b) => ({
    key: b.bucket, label: b.label, leads: b.leads, target: { title: `Not contacted yet: ${b.label.toLowerCase()}`, scope: now, params: { metric: 'uncontacted' as const, bucket: b.bucket } },
  }));
  const today = todayIn(timeZone);
  const waiting = (lead: LeadListItem) => {
    const days = daysBetween(todayIn(timeZone, new Date(lead.created_at)), today);
    return days <= 0 ? 'Came in today' : `Waiting ${days === 1 ? '1 day' : `${countText(days)} days`}`;
  };
  return (
    <Card className="min-w-0 gap-0">
      <Header title="Not contacted yet" bars={bars} range={data} />
      <CardContent className="grid gap-5 p-4 pt-2">
        <p className="text-sm text-muted-foreground">
          <button type="button" className={`text-2xl font-semibold text-foreground tabular-nums ${LINK}`} aria-label={`Not contacted yet: ${countText(uncontacted.total)}`} onClick={() => onDrill({ title: 'Not contacted yet', scope: now, params: { metric: 'uncontacted' } })}>
            {countText(uncontacted.total)}
          </button>{' '}
          {uncontacted.total === 1 ? 'lead is' : 'leads are'} waiting for a first call, by how long ago they came in.
        </p>
        <Bars title="Waiting by age" bars={bars} onDrill={onDrill} />
        {uncontacted.oldest.length > 0 && (
          <div className="grid gap-2">
            <h3 className="text-sm font-medium">Waiting longest</h3>
            <ul aria-label="Waiting longest" className="divide-y rounded-lg border">
              {uncontacted.oldest.map((lead) => (
                <li key={lead.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                  <div className="grid min-w-0 gap-0.5">
                    <Link to={`/leads/${encodeURIComponent(lead.id)}`} className="truncate text-sm font-medium hover:underline">
                      {displayName(lead)}
                    </Link>
                    <span className="text-xs text-muted-foreground">{waiting(lead)}</span>
                  </div>
                  <div className="flex shrink-0 items-center gap-2">
                    <CallLink lead={lead} />
                    <Link to={`/leads/${encodeURIComponent(lead.id)}`} aria-label={`Open the lead ${displayName(lead)}`} className="inline-flex items-center gap-1 text-xs font-medium text-primary hover:underline">
                      Open <ArrowRightIcon className="size-3" aria-hidden />
                    </Link>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** Speed to first contact: how many were first contacted in the range, the average and middle wait, and the spread. */
export function SpeedCard({ data, onDrill }: Omit<Props, 'timeZone'>) {
  const { speed } = data;
  const range = { from: data.from, to: data.to };
  const scope = rangeText(data.from, data.to);
  const all: GrowthDrillTarget = { title: 'First contacts', scope, params: { metric: 'speed', ...range } };
  const bars = speed.buckets.map((b) => ({ key: b.bucket, label: b.label, leads: b.leads, target: { title: `First contact: ${b.label.toLowerCase()}`, scope, params: { metric: 'speed' as const, bucket: b.bucket, ...range } } }));
  const median = speed.median_bucket;
  return (
    <Card className="min-w-0 gap-0">
      <Header title="Speed to first contact" bars={bars} range={range} />
      <CardContent className="grid gap-5 p-4 pt-2">
        <div role="group" aria-label="Speed figures" className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <Stat label="First contacts" value={countText(speed.count)} onOpen={() => onDrill(all)} />
          <Stat label="Average wait" value={speed.avg_sec === null ? '—' : waitText(speed.avg_sec)} onOpen={() => onDrill(all)} />
          <Stat label="Median wait" value={median ? SPEED_BUCKET_LABELS[median] : '—'} onOpen={() => onDrill(median ? bars.find((b) => b.key === median)!.target : all)} />
        </div>
        {speed.count === 0 ? (
          <p className="text-sm text-muted-foreground">No lead was called for the first time {data.from === data.to ? 'on' : 'from'} {scope}.</p>
        ) : (
          <Bars title="First contacts by wait" bars={bars} onDrill={onDrill} />
        )}
      </CardContent>
    </Card>
  );
}
