import { sql, type Kysely } from 'kysely';
import { withSystem } from '../../db/scope';
import type { DB } from '../../db/types';

/**
 * Migration 0037's counters as the property test expects them: recomputed from leads, deals and list members with
 * plain SQL written apart from the migration's functions (the hour is the epoch second divided down, the source a
 * CASE of its own), and as stored; both without all-zero rows, as sorted JSON text.
 */
const HOUR = (column: string) => sql`(floor(extract(epoch from ${sql.ref(column)}) / 3600) * 3600)::bigint`;
const TRIM = (column: string) => sql`nullif(trim(both E' \t\r\n' from ${sql.ref(column)}), '')`;
const SOURCE = sql`coalesce(${TRIM('l.lead_source')}, case when ${TRIM('l.source')} = 'csv_import' then 'CSV import' else ${TRIM('l.source')} end, 'Unknown')`;
const CLOSED = sql`(d.stage = 'closed' and d.closed_at is not null)`;
const FEE = sql`case when ${CLOSED} then round(coalesce(d.assignment_fee_actual, d.assignment_fee, 0) * 100) else 0 end`;

const RECOMPUTED = {
  analytics_source_hours: sql`
    select org, hour, source, sum(leads)::int as leads, sum(contacted)::int as contacted, sum(under_contract)::int as under_contract,
      sum(closed)::int as closed, sum(fees_cents)::bigint as fees_cents
    from (
      select l.organization_id::text as org, ${HOUR('l.created_at')} as hour, ${SOURCE} as source, 1 as leads, 0 as contacted, 0 as under_contract, 0 as closed, 0 as fees_cents
      from leads l
      union all
      select l.organization_id::text, ${HOUR('l.first_contacted_at')}, ${SOURCE}, 0, 1, 0, 0, 0 from leads l where l.first_contacted_at is not null
      union all
      select d.organization_id::text, ${HOUR('d.contracted_at')}, ${SOURCE}, 0, 0, 1, 0, 0
      from deals d join leads l on l.organization_id = d.organization_id and l.id = d.lead_id where d.contracted_at is not null
      union all
      select d.organization_id::text, ${HOUR('d.closed_at')}, ${SOURCE}, 0, 0, 0, 1, ${FEE}
      from deals d join leads l on l.organization_id = d.organization_id and l.id = d.lead_id where ${CLOSED}
    ) r group by 1, 2, 3`,
  analytics_list_counts: sql`
    select m.organization_id::text as org, m.import_id::text as list, count(*)::int as members,
      (count(*) filter (where l.first_contacted_at is not null))::int as contacted,
      coalesce(sum(x.under_contract), 0)::int as under_contract, coalesce(sum(x.closed), 0)::int as closed, coalesce(sum(x.fees_cents), 0)::bigint as fees_cents
    from lead_list_members m
    join leads l on l.organization_id = m.organization_id and l.id = m.lead_id
    left join lateral (
      select (count(*) filter (where d.contracted_at is not null)) as under_contract, (count(*) filter (where ${CLOSED})) as closed, sum(${FEE}) as fees_cents
      from deals d where d.organization_id = l.organization_id and d.lead_id = l.id
    ) x on true
    group by 1, 2`,
};

const KEYS: Record<keyof typeof RECOMPUTED, string[]> = {
  analytics_source_hours: ['org', 'hour', 'source'],
  analytics_list_counts: ['org', 'list'],
};
const STORED_KEYS = {
  analytics_source_hours: sql`h.organization_id::text as org, extract(epoch from h.hour)::bigint as hour, h.source`,
  analytics_list_counts: sql`h.organization_id::text as org, h.import_id::text as list`,
};
const COUNTS = ['leads', 'contacted', 'under_contract', 'closed', 'fees_cents'];

export type SourceRollup = keyof typeof RECOMPUTED;
export const SOURCE_ROLLUPS = Object.keys(RECOMPUTED) as SourceRollup[];

/** What a counter table holds, and what the raw rows say it should hold. */
export async function sourceRollupAndRecomputation(db: Kysely<DB>, table: SourceRollup): Promise<{ stored: string[]; recomputed: string[] }> {
  const counts = table === 'analytics_list_counts' ? ['members', ...COUNTS.slice(1)] : COUNTS;
  const nonZero = (alias: string) => sql.join(counts.map((c) => sql`${sql.ref(`${alias}.${c}`)} <> 0`), sql` or `);
  const columns = (alias: string) => sql.join(counts.map((c) => sql`${sql.ref(`${alias}.${c}`)}::bigint as ${sql.ref(c)}`));
  const keys = sql.join(KEYS[table].map((k) => sql.ref(`r.${k}`)));
  return withSystem(db, async (tx) => {
    const stored = await sql<{ row: string }>`
      select to_jsonb(x)::text as row from (select ${STORED_KEYS[table]}, ${columns('h')} from ${sql.table(table)} h where ${nonZero('h')}) x`.execute(tx);
    const recomputed = await sql<{ row: string }>`
      select to_jsonb(x)::text as row from (select ${keys}, ${columns('r')} from (${RECOMPUTED[table]}) r where ${nonZero('r')}) x`.execute(tx);
    return { stored: stored.rows.map((r) => r.row).sort(), recomputed: recomputed.rows.map((r) => r.row).sort() };
  });
}
