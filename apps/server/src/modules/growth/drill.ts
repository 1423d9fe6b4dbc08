import { sql, type RawBuilder } from 'kysely';
import {
  DEAL_STAGE_LABELS,
  formatUsd,
  leadStatusLabel,
  pipelineByDay,
  screenLinks,
  type AgeBucket,
  type DealStage,
  type DrillItem,
  type GrowthDrillQuery,
  type PipelineKind,
  type SpeedBucket,
} from '@wholesail/domain';
import { asSystemRole, type Tx } from '../../db/scope';
import { instant } from '../analytics/repo';
import { speedDrill, uncontactedDrill } from './contact-drill';
import { LEAD_COLUMNS, leadItem, type LeadRow, type Page } from './drill-items';
import { growthWindow, pipelineChanges } from './service';

/**
 * The records behind a growth number (GET /api/analytics/growth/drill): chosen by the same definitions that count
 * them (migrations 0037 and 0039), so a page lists exactly what the figure counted; `total` is the figure itself,
 * read from the rollups.
 */
type Drill = Promise<{ items: DrillItem[]; total: number }>;

/** The leads (or deals) holding `key` at the end of `day`, latest to arrive first; the count is the pipeline's. */
async function pipelineDrill(tx: Tx, organizationId: string, kind: PipelineKind, key: string, day: string, page: Page): Drill {
  const w = await growthWindow(tx, organizationId, { from: day, to: day });
  const at = instant(w.end);
  const spans = sql`
    select s.record_id, s.since from analytics_pipeline_spans s
    where s.organization_id = ${organizationId} and s.kind = ${kind} and s.key = ${key} and s.since < ${at} and (s.until is null or s.until >= ${at})
    order by s.since desc, s.record_id limit ${page.limit} offset ${page.offset}`;
  const [{ now, changes }, items] = await Promise.all([
    pipelineChanges(tx, w, [day], kind),
    kind === 'lead_status' ? statusItems(tx, organizationId, key, spans) : stageItems(tx, organizationId, key as DealStage, spans),
  ]);
  return { items, total: pipelineByDay([day], now, changes)[0]!.counts[key] ?? 0 };
}

async function statusItems(tx: Tx, organizationId: string, key: string, spans: RawBuilder<unknown>): Promise<DrillItem[]> {
  const { rows } = await sql<LeadRow>`
    select ${LEAD_COLUMNS}, s.since as at from (${spans}) s
    join leads l on l.organization_id = ${organizationId} and l.id = s.record_id
    order by s.since desc, s.record_id`.execute(tx);
  return rows.map((r) => leadItem(r, leadStatusLabel(key)));
}

async function stageItems(tx: Tx, organizationId: string, stage: DealStage, spans: RawBuilder<unknown>): Promise<DrillItem[]> {
  const { rows } = await sql<LeadRow & { deal_id: string; contract_price: string | null }>`
    select ${LEAD_COLUMNS}, d.id as deal_id, d.contract_price, s.since as at from (${spans}) s
    join deals d on d.organization_id = ${organizationId} and d.id = s.record_id
    join leads l on l.organization_id = d.organization_id and l.id = d.lead_id
    order by s.since desc, s.record_id`.execute(tx);
  const label = DEAL_STAGE_LABELS[stage];
  return rows.map((r) => ({
    ...leadItem(r, r.contract_price === null ? label : `${label} at ${formatUsd(Number(r.contract_price))}`),
    kind: 'deal', id: r.deal_id, href: screenLinks.deal(r.deal_id),
  }));
}

/**
 * The leads that came in over the range, newest first, of one source or of each source that had some: a page of each
 * through 0037's (organization, source, created) index, merged (the bin's leads included, as they are counted). Under
 * row-level security PostgreSQL uses no index over a function that is not leakproof (the source's trimming), so the
 * ids are read as wholesail_system with the organization filter written out, as leads/list.ts does.
 */
async function inflowDrill(tx: Tx, organizationId: string, source: string | null, range: { from: string; to: string }, page: Page): Drill {
  const w = await growthWindow(tx, organizationId, range);
  const hours = sql`h.organization_id = ${organizationId} and h.hour >= ${instant(w.start)} and h.hour < ${instant(w.end)}`;
  const sources = source
    ? [source]
    : (await sql<{ source: string }>`select h.source from analytics_source_hours h where ${hours} group by h.source having sum(h.leads) > 0`.execute(tx)).rows.map((r) => r.source);
  // A branch per source, ordered by the index's own columns (the source first, one value here): under row-level
  // security an equality to a function that is not leakproof does not tell the planner the index is in created order.
  const newest = (one: string) => sql`(
    select l.id, l.created_at from leads l
    where l.organization_id = ${organizationId} and analytics_lead_source(l.lead_source, l.source) = ${one}
      and l.created_at >= ${instant(w.start)} and l.created_at < ${instant(w.end)}
    order by analytics_lead_source(l.lead_source, l.source), l.created_at desc, l.id limit ${page.limit + page.offset})`;
  // One after the other: the role is the connection's, so nothing else may run while it is switched.
  const ids = sources.length === 0 ? [] : (await asSystemRole(tx, () => sql<{ id: string }>`
    select m.id from (${sql.join(sources.map(newest), sql` union all `)}) m
    order by m.created_at desc, m.id limit ${page.limit} offset ${page.offset}`.execute(tx))).rows.map((r) => r.id);
  const [rows, counted] = await Promise.all([
    sql<LeadRow & { source: string }>`
      select ${LEAD_COLUMNS}, l.created_at as at, analytics_lead_source(l.lead_source, l.source) as source
      from leads l where l.organization_id = ${organizationId} and l.id = any(${sql.val(ids)}::uuid[])
      order by l.created_at desc, l.id`.execute(tx),
    sql<{ n: number }>`
      select coalesce(sum(h.leads), 0)::float8 as n from analytics_source_hours h where ${hours}${source ? sql` and h.source = ${source}` : sql``}`.execute(tx),
  ]);
  return { items: rows.rows.map((r) => leadItem(r, `From ${r.source}`)), total: counted.rows[0]!.n };
}

/** The leads on an imported list now; the count is 0037's list members. */
async function listDrill(tx: Tx, organizationId: string, list: string, page: Page): Drill {
  const [rows, counted] = await Promise.all([
    sql<LeadRow & { filename: string }>`
      select ${LEAD_COLUMNS}, m.added_at as at, i.filename from lead_list_members m
      join leads l on l.organization_id = m.organization_id and l.id = m.lead_id
      join lead_imports i on i.organization_id = m.organization_id and i.id = m.import_id
      where m.organization_id = ${organizationId} and m.import_id = ${list}
      order by m.lead_id limit ${page.limit} offset ${page.offset}`.execute(tx),
    sql<{ n: number }>`
      select coalesce(sum(members), 0)::float8 as n from analytics_list_counts where organization_id = ${organizationId} and import_id = ${list}`.execute(tx),
  ]);
  return { items: rows.rows.map((r) => leadItem(r, `On ${r.filename}`)), total: counted.rows[0]!.n };
}

export function growthDrill(tx: Tx, organizationId: string, q: GrowthDrillQuery, now = new Date()): Drill {
  const page = { limit: q.limit, offset: q.offset };
  switch (q.metric) {
    case 'inflow':
      return inflowDrill(tx, organizationId, q.source ?? null, { from: q.from!, to: q.to! }, page);
    case 'list':
      return listDrill(tx, organizationId, q.list!, page);
    case 'lead_status':
    case 'deal_stage':
      return pipelineDrill(tx, organizationId, q.metric, q.key!, q.day!, page);
    case 'uncontacted':
      return uncontactedDrill(tx, organizationId, (q.bucket as AgeBucket | undefined) ?? null, page, now);
    case 'speed':
      return speedDrill(tx, organizationId, (q.bucket as SpeedBucket | undefined) ?? null, { from: q.from!, to: q.to! }, page);
  }
}
