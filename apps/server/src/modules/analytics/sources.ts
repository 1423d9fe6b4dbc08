import { sql } from 'kysely';
import { prorateSpend, withSpend, type AnalyticsQuery, type SourceFigures, type SourcesAnalytics } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import { iso } from '../../db/timestamps';
import { readSection } from '../settings/repo';
import { instant } from './repo';
import { rangeInstants } from './service';

/**
 * Sources and lists (docs/api-analytics.md "Sources and lists"): the hourly source rollup between the range's local
 * midnights, the spend entered for the months the range touches (prorated by days), and the lists imported in the
 * range with their counters — three reads of migration 0037's tables, none of leads or deals.
 */

type Counts = Pick<SourceFigures, 'leads' | 'contacted' | 'under_contract' | 'closed' | 'fees_cents'>;
const COUNTS = ['leads', 'contacted', 'under_contract', 'closed', 'fees_cents'] as const;
const LIST_COUNTS = ['members', 'contacted', 'under_contract', 'closed', 'fees_cents'] as const;
const ZERO: Counts = { leads: 0, contacted: 0, under_contract: 0, closed: 0, fees_cents: 0 };

/** The source rollup's column behind a source drill metric. */
export type SourceColumn = (typeof COUNTS)[number];

/** Each source's counts over [start, end), or one source's (then at most one row). */
export async function sourceCounts(tx: Tx, scope: { organizationId: string; start: Date; end: Date }, source?: string): Promise<Array<Counts & { source: string }>> {
  const sums = sql.join(COUNTS.map((c) => sql`coalesce(sum(${sql.ref(`h.${c}`)}), 0)::float8 as ${sql.ref(c)}`));
  const { rows } = await sql<Counts & { source: string }>`
    select h.source, ${sums}
    from analytics_source_hours h
    where h.organization_id = ${scope.organizationId} and h.hour >= ${instant(scope.start)} and h.hour < ${instant(scope.end)}
      ${source === undefined ? sql`` : sql`and h.source = ${source}`}
    group by h.source
    having sum(h.leads) <> 0 or sum(h.contacted) <> 0 or sum(h.under_contract) <> 0 or sum(h.closed) <> 0 or sum(h.fees_cents) <> 0`.execute(tx);
  return rows;
}

/** The spend rows of the months from `range.from`'s to `range.to`'s. */
async function spendRows(tx: Tx, organizationId: string, range: { from: string; to: string }) {
  const { rows } = await sql<{ source: string; month: string; amount_cents: number }>`
    select s.source, to_char(s.month, 'YYYY-MM') as month, s.amount_cents::float8 as amount_cents
    from source_spend s
    where s.organization_id = ${organizationId} and s.month >= date_trunc('month', ${range.from}::date)::date and s.month <= ${range.to}::date`.execute(tx);
  return rows;
}

/** The lists imported in [start, end), newest first, with their counters (zeros before their first member). */
async function listRows(tx: Tx, scope: { organizationId: string; start: Date; end: Date }): Promise<SourcesAnalytics['lists']> {
  const rows = await tx
    .selectFrom('lead_imports as i')
    .leftJoin('analytics_list_counts as c', (j) => j.onRef('c.organization_id', '=', 'i.organization_id').onRef('c.import_id', '=', 'i.id'))
    .select(['i.id', 'i.filename', 'i.created_at', 'i.status'])
    .select(LIST_COUNTS.map((c) => sql<number>`coalesce(${sql.ref(`c.${c}`)}, 0)::float8`.as(c)))
    .where('i.organization_id', '=', scope.organizationId)
    .where('i.created_at', '>=', instant(scope.start))
    .where('i.created_at', '<', instant(scope.end))
    // An upload whose columns are not mapped yet has written no lead: not a list yet.
    .where('i.status', '<>', 'awaiting_mapping')
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc')
    .execute();
  return rows.map(({ id, created_at, ...r }) => ({ ...r, import_id: id, created_at: iso(created_at) }));
}

const add = (a: Counts, b: Counts): Counts => ({
  leads: a.leads + b.leads, contacted: a.contacted + b.contacted, under_contract: a.under_contract + b.under_contract, closed: a.closed + b.closed, fees_cents: a.fees_cents + b.fees_cents,
});

export async function sourcesAnalytics(tx: Tx, organizationId: string, query: AnalyticsQuery): Promise<SourcesAnalytics> {
  const { timeZone } = await readSection(tx, organizationId, 'reporting');
  const scope = { organizationId, ...rangeInstants(query, timeZone) };
  const [counts, spend, lists] = await Promise.all([sourceCounts(tx, scope), spendRows(tx, organizationId, query), listRows(tx, scope)]);

  const spentBy = new Map<string, number>();
  for (const source of new Set(spend.map((s) => s.source))) {
    const prorated = prorateSpend(spend.filter((s) => s.source === source), query);
    if (prorated !== null) spentBy.set(source, prorated);
  }
  const countsBy = new Map(counts.map(({ source, ...c }) => [source, c]));
  const names = [...new Set([...countsBy.keys(), ...spentBy.keys()])];
  const sources = names
    .map((source) => ({ source, ...withSpend(countsBy.get(source) ?? ZERO, spentBy.get(source) ?? null) }))
    .sort((a, b) => b.leads - a.leads || a.source.localeCompare(b.source));
  const spent = [...spentBy.values()];
  const totals = withSpend(sources.reduce<Counts>(add, ZERO), spent.length === 0 ? null : spent.reduce((a, b) => a + b, 0));
  return { from: query.from, to: query.to, time_zone: timeZone, sources, totals, lists };
}
