import { sql, type Kysely, type RawBuilder } from 'kysely';
import { withSystem } from '../../db/scope';
import type { DB } from '../../db/types';

/**
 * Migration 0039's tables as the property test expects them: each recomputed with plain SQL written apart from the
 * migration's functions (the hour is the epoch second divided down, not date_trunc; the buckets are written out), and
 * each table as stored, both without rows whose counts are all zero. Rows are their values as JSON text, sorted.
 */
const HOUR = (column: string) => sql`(floor(extract(epoch from ${sql.ref(column)}) / 3600) * 3600)::bigint`;
const EPOCH = (column: string) => sql`extract(epoch from ${sql.ref(column)})::bigint`;

const WAIT = sql`floor(extract(epoch from first_contacted_at - created_at))`;

interface Check {
  stored: RawBuilder<unknown>;
  recomputed: RawBuilder<unknown>;
}

export const GROWTH_CHECKS: Record<string, Check> = {
  // Every record has one open span, holding its present status or stage.
  open_spans: {
    stored: sql`select organization_id::text as org, kind, record_id::text as id, key from analytics_pipeline_spans where until is null`,
    recomputed: sql`
      select organization_id::text as org, 'lead_status' as kind, id::text as id, status as key from leads
      union all
      select organization_id::text, 'deal_stage', id::text, stage from deals`,
  },
  // A record's spans follow each other without gap or overlap from its first.
  span_chain: {
    stored: sql`
      select s.organization_id::text as org, s.kind, s.record_id::text as id, ${EPOCH('s.until')} as at from analytics_pipeline_spans s
      where s.until is not null`,
    recomputed: sql`
      select n.organization_id::text as org, n.kind, n.record_id::text as id, ${EPOCH('n.since')} as at from analytics_pipeline_spans n
      where n.since > (select min(f.since) from analytics_pipeline_spans f where f.organization_id = n.organization_id and f.kind = n.kind and f.record_id = n.record_id)`,
  },
  analytics_pipeline_counts: {
    stored: sql`select organization_id::text as org, kind, key, records as n from analytics_pipeline_counts where records <> 0`,
    recomputed: sql`
      select org, kind, key, count(*)::int as n from (
        select organization_id::text as org, 'lead_status' as kind, status as key from leads
        union all
        select organization_id::text, 'deal_stage', stage from deals
      ) r group by 1, 2, 3`,
  },
  analytics_pipeline_hours: {
    stored: sql`select organization_id::text as org, ${EPOCH('hour')} as hour, kind, key, delta from analytics_pipeline_hours where delta <> 0`,
    recomputed: sql`
      select org, hour, kind, key, sum(d)::int as delta from (
        select organization_id::text as org, ${HOUR('since')} as hour, kind, key, 1 as d from analytics_pipeline_spans
        union all
        select organization_id::text, ${HOUR('until')}, kind, key, -1 from analytics_pipeline_spans where until is not null
      ) r group by 1, 2, 3, 4 having sum(d) <> 0`,
  },
  analytics_uncontacted_hours: {
    stored: sql`select organization_id::text as org, ${EPOCH('hour')} as hour, leads from analytics_uncontacted_hours where leads <> 0`,
    recomputed: sql`
      select organization_id::text as org, ${HOUR('created_at')} as hour, count(*)::int as leads from leads
      where last_contacted_at is null and status <> 'deleted' group by 1, 2`,
  },
  analytics_speed_hours: {
    stored: sql`
      select organization_id::text as org, ${EPOCH('hour')} as hour, under_5_min as a, min_5_to_60 as b, hour_1_to_24 as c, day_1_to_7 as d, over_7_days as e, total_sec::bigint as s
      from analytics_speed_hours where under_5_min + min_5_to_60 + hour_1_to_24 + day_1_to_7 + over_7_days <> 0`,
    recomputed: sql`
      select organization_id::text as org, ${HOUR('first_contacted_at')} as hour,
        (count(*) filter (where ${WAIT} < 300))::int as a, (count(*) filter (where ${WAIT} >= 300 and ${WAIT} < 3600))::int as b,
        (count(*) filter (where ${WAIT} >= 3600 and ${WAIT} < 86400))::int as c, (count(*) filter (where ${WAIT} >= 86400 and ${WAIT} < 604800))::int as d,
        (count(*) filter (where ${WAIT} >= 604800))::int as e, sum(${WAIT})::bigint as s
      from leads where first_contacted_at >= created_at group by 1, 2`,
  },
};

/** What a table holds, and what the raw rows say it should hold. */
export async function storedAndRecomputed(db: Kysely<DB>, check: Check): Promise<{ stored: string[]; recomputed: string[] }> {
  return withSystem(db, async (tx) => {
    const rows = async (query: RawBuilder<unknown>) =>
      (await sql<{ row: string }>`select row_to_json(x)::text as row from (${query}) x`.execute(tx)).rows.map((r) => JSON.stringify(Object.values(JSON.parse(r.row)))).sort();
    return { stored: await rows(check.stored), recomputed: await rows(check.recomputed) };
  });
}
