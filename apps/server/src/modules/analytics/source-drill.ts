import { sql } from 'kysely';
import {
  DEAL_STAGE_LABELS,
  formatUsd,
  LIST_DRILL_METRICS,
  screenLinks,
  SOURCE_DRILL_METRICS,
  type DrillItem,
  type DrillMetric,
  type DrillQuery,
  type ListDrillMetric,
  type SourceDrillMetric,
} from '@wholesail/domain';
import { asSystemRole, type Tx } from '../../db/scope';
import { iso } from '../../db/timestamps';
import { LEAD_NAME, leadHref, leadName } from './drill';
import { instant } from './repo';
import { reportScopes } from './service';
import { sourceCounts, type SourceColumn } from './sources';

/**
 * The records behind a source's numbers in a range and behind a list's counters (migration 0037), chosen by the
 * same definitions as the triggers count them: a lead at its created_at or first_contacted_at under
 * analytics_lead_source(), a deal at its contracted_at, a closed deal (analytics_deal_closed) at its closed_at. The
 * total is the figure itself, read from the rollup or the list's counters.
 */

type Metric = SourceDrillMetric | ListDrillMetric;
const METRICS: readonly string[] = [...SOURCE_DRILL_METRICS, ...LIST_DRILL_METRICS];
export const isSourceOrListMetric = (metric: DrillMetric): metric is Metric => METRICS.includes(metric);

/** What each metric lists: leads (at which time) or deals (contracted or closed), and the counter it is. */
const KINDS: Record<Metric, { what: 'leads' | 'contacted' | 'contracts' | 'closings'; column: SourceColumn | 'members' }> = {
  source_leads: { what: 'leads', column: 'leads' },
  source_contacted: { what: 'contacted', column: 'contacted' },
  source_under_contract: { what: 'contracts', column: 'under_contract' },
  source_closed: { what: 'closings', column: 'closed' },
  list_members: { what: 'leads', column: 'members' },
  list_contacted: { what: 'contacted', column: 'contacted' },
  list_under_contract: { what: 'contracts', column: 'under_contract' },
  list_closed: { what: 'closings', column: 'closed' },
};

/** Whose records: one source's in [start, end), or one list's over all time. */
type Filter = { organizationId: string; source: string; start: Date; end: Date } | { organizationId: string; list: string };
interface Page {
  filter: Filter;
  what: (typeof KINDS)[Metric]['what'];
  limit: number;
  offset: number;
}

const SOURCE_OF_LEAD = sql<string>`analytics_lead_source(l.lead_source, l.source)`;
const ADDRESS = sql<string | null>`coalesce(l.property_address_full, l.property_address, l.address)`.as('address');

function leadSummary(what: string, row: { address: string | null; status: string }): string {
  return `${what}${row.address ? ` — ${row.address}` : ''}${row.status === 'deleted' ? ' (deleted)' : ''}`;
}

async function leadItems(tx: Tx, { filter, what, limit, offset }: Page): Promise<DrillItem[]> {
  const at = what === 'contacted' ? 'l.first_contacted_at' : 'l.created_at';
  let q = tx
    .selectFrom('leads as l')
    .leftJoin('users as u', 'u.id', 'l.created_by')
    .select(['l.id as lead_id', 'l.status', 'l.created_at', 'l.first_contacted_at', 'u.name as member_name', ADDRESS, ...LEAD_NAME])
    .where('l.organization_id', '=', filter.organizationId);
  if ('source' in filter) {
    // leads_source_created_idx / leads_source_contacted_idx: a page is an index range, read in order once the order
    // names the source too (the planner does not see that the WHERE fixes it).
    q = q.where(SOURCE_OF_LEAD, '=', filter.source).where(at, '>=', instant(filter.start)).where(at, '<', instant(filter.end))
      .orderBy(SOURCE_OF_LEAD).orderBy(at, 'desc').orderBy('l.id', 'desc');
  } else {
    // A list's members in their primary key's order: a page of a list of 100,000 reads one page.
    q = q
      .innerJoin('lead_list_members as m', (j) => j.onRef('m.organization_id', '=', 'l.organization_id').onRef('m.lead_id', '=', 'l.id'))
      .where('m.import_id', '=', filter.list)
      .$if(what === 'contacted', (w) => w.where('l.first_contacted_at', 'is not', null))
      .orderBy('m.lead_id');
  }
  const rows = await q.limit(limit).offset(offset).execute();
  const label = what === 'contacted' ? 'First contacted' : 'source' in filter ? 'New lead' : 'On the list';
  return rows.map((r) => ({
    kind: 'lead', id: r.lead_id, at: iso(what === 'contacted' ? r.first_contacted_at! : r.created_at), lead_id: r.lead_id, lead_name: leadName(r), member_name: r.member_name,
    summary: leadSummary(label, r), href: leadHref(r.lead_id),
  }));
}

async function dealItems(tx: Tx, { filter, what, limit, offset }: Page): Promise<DrillItem[]> {
  const at = what === 'closings' ? 'd.closed_at' : 'd.contracted_at';
  let q = tx
    .selectFrom('deals as d')
    .innerJoin('leads as l', (j) => j.onRef('l.organization_id', '=', 'd.organization_id').onRef('l.id', '=', 'd.lead_id'))
    .leftJoin('users as u', 'u.id', 'd.owner_user_id')
    .select(['d.id', 'd.contracted_at', 'd.closed_at', 'd.contract_price', 'l.id as lead_id', 'u.name as member_name', ...LEAD_NAME])
    .select(sql<number>`coalesce(d.assignment_fee_actual, d.assignment_fee, 0)::float8`.as('fee'))
    .where('d.organization_id', '=', filter.organizationId)
    .where(what === 'closings' ? sql<boolean>`analytics_deal_closed(d)` : sql<boolean>`d.contracted_at is not null`);
  q = 'source' in filter
    ? q.where(SOURCE_OF_LEAD, '=', filter.source).where(at, '>=', instant(filter.start)).where(at, '<', instant(filter.end))
    : q.where(sql<boolean>`exists (select 1 from lead_list_members m where m.organization_id = d.organization_id and m.import_id = ${filter.list} and m.lead_id = d.lead_id)`);
  const rows = await q.orderBy(at, 'desc').orderBy('d.id', 'desc').limit(limit).offset(offset).execute();
  const contract = DEAL_STAGE_LABELS.under_contract;
  return rows.map((r) => ({
    kind: 'deal', id: r.id, at: iso(what === 'closings' ? r.closed_at! : r.contracted_at!), lead_id: r.lead_id, lead_name: leadName(r), member_name: r.member_name,
    summary: what === 'closings' ? `${DEAL_STAGE_LABELS.closed}, fee ${formatUsd(r.fee)}` : r.contract_price === null ? contract : `${contract} at ${formatUsd(Number(r.contract_price))}`,
    href: screenLinks.deal(r.id),
  }));
}

async function listCounter(tx: Tx, organizationId: string, list: string, column: SourceColumn | 'members'): Promise<number> {
  const row = await tx
    .selectFrom('analytics_list_counts')
    .select(sql<number>`${sql.ref(column)}::float8`.as('n'))
    .where('organization_id', '=', organizationId)
    .where('import_id', '=', list)
    .executeTakeFirst();
  return row?.n ?? 0;
}

export async function sourceDrill(tx: Tx, organizationId: string, query: DrillQuery, metric: Metric): Promise<{ items: DrillItem[]; total: number }> {
  const { what, column } = KINDS[metric];
  let filter: Filter;
  let counted: () => Promise<number>;
  if (metric.startsWith('source_')) {
    const { current } = await reportScopes(tx, organizationId, query);
    filter = { organizationId, source: query.source!, start: current.start, end: current.end };
    counted = async () => (await sourceCounts(tx, current, query.source))[0]?.[column as SourceColumn] ?? 0;
  } else {
    filter = { organizationId, list: query.list! };
    counted = () => listCounter(tx, organizationId, query.list!, column);
  }
  const page: Page = { filter, what, limit: query.limit, offset: query.offset };
  const items = what === 'leads' || what === 'contacted' ? leadItems : dealItems;
  // A source's page is read through the source's expression index, which row-level security would not let the
  // planner use (the expression is not leakproof): as the system role, filtered by organization above. One statement
  // at a time while the role is switched.
  return { items: 'source' in filter ? await asSystemRole(tx, () => items(tx, page)) : await items(tx, page), total: await counted() };
}
