import { sql } from 'kysely';
import {
  addDays,
  AGE_BUCKET_LABELS,
  AGE_BUCKETS,
  ageBucketStarts,
  formatDay,
  localTime,
  medianBucket,
  parseDay,
  pipelineByDay,
  pipelineKeys,
  rate,
  SPEED_BUCKET_LABELS,
  SPEED_BUCKETS,
  wallTimeToInstant,
  type AnalyticsQuery,
  type CivilDate,
  type GrowthAnalytics,
  type PipelineKind,
  type SpeedBucket,
} from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import { iso } from '../../db/timestamps';
import { instant } from '../analytics/repo';
import { daysOf, rangeInstants } from '../analytics/service';
import { rowsInOrder } from '../leads/list';
import { readSection } from '../settings/repo';

/** How many of the longest-waiting leads the uncontacted card lists. */
export const OLDEST_LISTED = 5;

type Window = { organizationId: string; start: Date; end: Date; timeZone: string };

/** A UTC hour (or instant) as the organization's local day, 'YYYY-MM-DD'. */
const localDay = (column: string, timeZone: string) => sql<string>`to_char((${sql.ref(column)} at time zone ${timeZone}::text)::date, 'YYYY-MM-DD')`;

/**
 * Which of `days` (local days, in order) an hour falls in, as `width_bucket` numbers them: 1 for the first, n for the
 * last, n + 1 after the last day, 0 before the first. A binary search per row, with no time zone arithmetic.
 */
function dayIndex(column: string, days: readonly string[], timeZone: string) {
  const starts = [...days, formatDay(addDays(parseDay(days.at(-1)!)!, 1))].map((d) => wallTimeToInstant(timeZone, parseDay(d)!, 0).getTime() / 1000);
  return sql<number>`width_bucket(${sql.ref(column)}, array(select to_timestamp(x) from unnest(${sql.val(starts)}::float8[]) with ordinality u(x, i) order by i))`;
}

/** The organization's calendar day at `now`. */
export function todayOf(timeZone: string, now: Date): CivilDate {
  const { year, month, day } = localTime(timeZone, now);
  return { year, month, day };
}

/** Leads created per day and source, from 0037's hourly rollup by source. */
async function inflow(tx: Tx, w: Window, days: string[]): Promise<GrowthAnalytics['inflow']> {
  const { rows: byIndex } = await sql<{ day: number; source: string; leads: number }>`
    select ${dayIndex('h.hour', days, w.timeZone)} as day, h.source, sum(h.leads)::float8 as leads
    from analytics_source_hours h
    where h.organization_id = ${w.organizationId} and h.hour >= ${instant(w.start)} and h.hour < ${instant(w.end)}
    group by 1, 2 having sum(h.leads) > 0`.execute(tx);
  const rows = byIndex.map((r) => ({ date: days[r.day - 1]!, source: r.source, leads: r.leads }));
  const bySource = new Map<string, number>();
  for (const r of rows) bySource.set(r.source, (bySource.get(r.source) ?? 0) + r.leads);
  const sources = [...bySource].map(([source, leads]) => ({ source, leads })).sort((a, b) => b.leads - a.leads || a.source.localeCompare(b.source));
  return {
    total: sources.reduce((sum, s) => sum + s.leads, 0),
    sources,
    by_day: days.map((date) => {
      const today = rows.filter((r) => r.date === date);
      return { date, total: today.reduce((sum, r) => sum + r.leads, 0), by_source: Object.fromEntries(today.map((r) => [r.source, r.leads])) };
    }),
  };
}

/** The lists imported in the range, newest first, with their members now (lead_imports is one row per file: no lead is read). */
async function lists(tx: Tx, w: Window): Promise<GrowthAnalytics['lists']> {
  const { rows } = await sql<{ id: string; filename: string; created_at: Date; date: string; status: string; inserted: number; updated: number; members: number }>`
    select i.id, i.filename, i.created_at, ${localDay('i.created_at', w.timeZone)} as date, i.status, i.inserted, i.updated, coalesce(c.members, 0) as members
    from lead_imports i
    left join analytics_list_counts c on c.organization_id = i.organization_id and c.import_id = i.id
    where i.organization_id = ${w.organizationId} and i.created_at >= ${instant(w.start)} and i.created_at < ${instant(w.end)}
    order by i.created_at desc, i.id`.execute(tx);
  return rows.map((r) => ({
    import_id: r.id, filename: r.filename, created_at: iso(r.created_at), date: r.date, status: r.status, inserted: r.inserted, updated: r.updated, members: r.members,
  }));
}

/**
 * What pipelineByDay needs of a kind: the count of each key at the end of the range (`now` less what came `after`), and
 * the net changes of each day of the range. Read from the shorter side of the organization's history: a range nearer
 * its end takes the counts now (the open spans) less the changes from the range's start on; one nearer its beginning
 * adds up the changes before the range's end. Years of hours are never read for a recent range, nor for an early one.
 */
export async function pipelineChanges(tx: Tx, w: Window, days: readonly string[], kind: PipelineKind, now = new Date()) {
  const first = await sql<{ hour: Date | null }>`
    select min(hour) as hour from analytics_pipeline_hours where organization_id = ${w.organizationId} and kind = ${kind}`.execute(tx);
  const from = first.rows[0]!.hour;
  const forward = from !== null && w.start.getTime() - new Date(from).getTime() < now.getTime() - w.start.getTime();
  const [counts, rows] = await Promise.all([
    forward ? null : sql<{ key: string; records: number }>`
      select key, records from analytics_pipeline_counts where organization_id = ${w.organizationId} and kind = ${kind}`.execute(tx),
    sql<{ day: number; key: string; delta: number }>`
      select ${dayIndex('h.hour', days, w.timeZone)} as day, h.key, sum(h.delta)::float8 as delta
      from analytics_pipeline_hours h
      where h.organization_id = ${w.organizationId} and h.kind = ${kind} and ${forward ? sql`h.hour < ${instant(w.end)}` : sql`h.hour >= ${instant(w.start)}`}
      group by 1, 2 having sum(h.delta) <> 0`.execute(tx),
  ]);
  const end: Record<string, number> = {};
  if (counts) for (const r of counts.rows) end[r.key] = r.records;
  // Forward, the count at the range's end is every change before it (day 0: before the range).
  else for (const r of rows.rows) end[r.key] = (end[r.key] ?? 0) + r.delta;
  return {
    now: end,
    changes: rows.rows.filter((r) => r.day > 0).map((r) => ({ date: days[r.day - 1] ?? 'after', key: r.key, delta: r.delta })),
  };
}

async function pipeline(tx: Tx, w: Window, days: string[], kind: PipelineKind) {
  const { now, changes } = await pipelineChanges(tx, w, days, kind);
  const byDay = pipelineByDay(days, now, changes);
  const present = new Set(byDay.flatMap((d) => Object.keys(d.counts).filter((k) => d.counts[k] !== 0)));
  const keys = pipelineKeys(kind, present);
  return { keys, by_day: byDay.map((d) => ({ date: d.date, counts: Object.fromEntries(keys.map(({ key }) => [key, d.counts[key] ?? 0])) })) };
}

/** Leads waiting for a first contact now: per age, and the longest-waiting few. */
async function uncontacted(tx: Tx, w: Window, today: CivilDate): Promise<GrowthAnalytics['uncontacted']> {
  const [ages, oldest] = await Promise.all([
    // width_bucket over the days the younger buckets begin: 0 is "older", the last "today" (AGE_BUCKETS from the end).
    sql<{ age: number; leads: number }>`
      select ${dayIndex('h.hour', ageBucketStarts(today), w.timeZone)} as age, sum(h.leads)::float8 as leads
      from analytics_uncontacted_hours h where h.organization_id = ${w.organizationId}
      group by 1`.execute(tx),
    // leads_uncontacted_idx, oldest first.
    sql<{ id: string }>`
      select id from leads
      where organization_id = ${w.organizationId} and last_contacted_at is null and status <> 'deleted'
      order by created_at, id limit ${OLDEST_LISTED}`.execute(tx),
  ]);
  const leadsOf = (i: number) => ages.rows.filter((r) => Math.min(r.age, AGE_BUCKETS.length - 1) === i).reduce((sum, r) => sum + r.leads, 0);
  const buckets = AGE_BUCKETS.map((bucket, i) => ({ bucket, label: AGE_BUCKET_LABELS[bucket], leads: leadsOf(AGE_BUCKETS.length - 1 - i) }));
  return {
    total: buckets.reduce((sum, b) => sum + b.leads, 0),
    buckets,
    oldest: await rowsInOrder(tx, w.organizationId, oldest.rows.map((r) => r.id)),
  };
}

async function speed(tx: Tx, w: Window): Promise<GrowthAnalytics['speed']> {
  const { rows } = await sql<Record<SpeedBucket | 'total_sec', number>>`
    select ${sql.join(SPEED_BUCKETS.map((b) => sql`coalesce(sum(${sql.ref(`h.${b}`)}), 0)::float8 as ${sql.ref(b)}`))},
      coalesce(sum(h.total_sec), 0)::float8 as total_sec
    from analytics_speed_hours h
    where h.organization_id = ${w.organizationId} and h.hour >= ${instant(w.start)} and h.hour < ${instant(w.end)}`.execute(tx);
  const sums = rows[0]!;
  const count = SPEED_BUCKETS.reduce((sum, b) => sum + sums[b], 0);
  return {
    count,
    avg_sec: rate(sums.total_sec, count),
    median_bucket: medianBucket(sums),
    buckets: SPEED_BUCKETS.map((bucket) => ({ bucket, label: SPEED_BUCKET_LABELS[bucket], leads: sums[bucket] })),
  };
}

/** The organization's reporting time zone and the instants of the range's local midnights. */
export async function growthWindow(tx: Tx, organizationId: string, range: { from: string; to: string }): Promise<Window> {
  const { timeZone } = await readSection(tx, organizationId, 'reporting');
  return { organizationId, timeZone, ...rangeInstants(range, timeZone) };
}

/** GET /api/analytics/growth: every figure of the growth screen over a range of the organization's days. */
export async function growthAnalytics(tx: Tx, organizationId: string, query: AnalyticsQuery, now = new Date()): Promise<GrowthAnalytics> {
  const w = await growthWindow(tx, organizationId, query);
  const days = daysOf(query);
  const [inflowPart, listsPart, leadStatus, dealStage, waiting, speedPart] = await Promise.all([
    inflow(tx, w, days),
    lists(tx, w),
    pipeline(tx, w, days, 'lead_status'),
    pipeline(tx, w, days, 'deal_stage'),
    uncontacted(tx, w, todayOf(w.timeZone, now)),
    speed(tx, w),
  ]);
  return {
    from: query.from,
    to: query.to,
    time_zone: w.timeZone,
    inflow: inflowPart,
    lists: listsPart,
    pipeline: { lead_status: leadStatus, deal_stage: dealStage },
    uncontacted: waiting,
    speed: speedPart,
  };
}
