import { sql } from 'kysely';
import {
  addDays, ageBucketDays, parseDay, SPEED_BUCKETS, waitText, wallTimeToInstant, type AgeBucket, type SpeedBucket,
} from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import { instant } from '../analytics/repo';
import { readSection } from '../settings/repo';
import { LEAD_COLUMNS, leadItem, type LeadRow, type Page } from './drill-items';
import { growthWindow, todayOf } from './service';

/** Leads not contacted yet (created on the bucket's local days: "today" takes any later day too), oldest first. */
export async function uncontactedDrill(tx: Tx, organizationId: string, bucket: AgeBucket | null, page: Page, now: Date) {
  const { timeZone } = await readSection(tx, organizationId, 'reporting');
  const days = bucket === null ? { from: null, to: null } : ageBucketDays(bucket, todayOf(timeZone, now));
  const from = days.from === null ? null : wallTimeToInstant(timeZone, parseDay(days.from)!, 0);
  const to = days.to === null || bucket === 'today' ? null : wallTimeToInstant(timeZone, addDays(parseDay(days.to)!, 1), 0);
  const within = (column: string) => sql`${from ? sql` and ${sql.ref(column)} >= ${instant(from)}` : sql``}${to ? sql` and ${sql.ref(column)} < ${instant(to)}` : sql``}`;
  const [rows, counted] = await Promise.all([
    // leads_uncontacted_idx, oldest first.
    sql<LeadRow>`
      select ${LEAD_COLUMNS}, l.created_at as at from leads l
      where l.organization_id = ${organizationId} and l.last_contacted_at is null and l.status <> 'deleted'${within('l.created_at')}
      order by l.created_at, l.id limit ${page.limit} offset ${page.offset}`.execute(tx),
    sql<{ n: number }>`
      select coalesce(sum(h.leads), 0)::float8 as n from analytics_uncontacted_hours h where h.organization_id = ${organizationId}${within('h.hour')}`.execute(tx),
  ]);
  return { items: rows.rows.map((r) => leadItem(r, 'Not contacted yet')), total: counted.rows[0]!.n };
}

/** Leads first contacted in the range (within one bucket's time, or any), latest contact first. */
export async function speedDrill(tx: Tx, organizationId: string, bucket: SpeedBucket | null, range: { from: string; to: string }, page: Page) {
  const w = await growthWindow(tx, organizationId, range);
  const counted = bucket
    ? sql`(growth_speed_counts(growth_speed_seconds(l)))[${sql.lit(SPEED_BUCKETS.indexOf(bucket) + 1)}] = 1`
    : sql`growth_speed_seconds(l) is not null`;
  const [rows, total] = await Promise.all([
    // leads_first_contacted_idx, latest first.
    sql<LeadRow & { seconds: number }>`
      select ${LEAD_COLUMNS}, l.first_contacted_at as at, growth_speed_seconds(l) as seconds from leads l
      where l.organization_id = ${organizationId} and l.first_contacted_at >= ${instant(w.start)} and l.first_contacted_at < ${instant(w.end)} and ${counted}
      order by l.first_contacted_at desc, l.id limit ${page.limit} offset ${page.offset}`.execute(tx),
    sql<{ n: number }>`
      select coalesce(sum(${sql.join((bucket ? [bucket] : SPEED_BUCKETS).map((b) => sql.ref(`h.${b}`)), sql` + `)}), 0)::float8 as n from analytics_speed_hours h
      where h.organization_id = ${organizationId} and h.hour >= ${instant(w.start)} and h.hour < ${instant(w.end)}`.execute(tx),
  ]);
  return { items: rows.rows.map((r) => leadItem(r, `First contact ${waitText(r.seconds)} after it came in`)), total: total.rows[0]!.n };
}
