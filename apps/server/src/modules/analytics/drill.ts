import { sql } from 'kysely';
import {
  CALL_OUTCOME_LABELS,
  CALL_OUTCOMES,
  DEAL_STAGE_LABELS,
  displayName,
  formatPhone,
  formatUsd,
  isCallOutcome,
  screenLinks,
  type DrillItem,
  type DrillMetric,
  type DrillQuery,
} from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import { iso } from '../../db/timestamps';
import { instant, sums, total, type RollupTable, type Scope } from './repo';
import { reportScopes } from './service';
import { isSourceOrListMetric, sourceDrill } from './source-drill';

/**
 * The records behind a number ("why this number"): the rows of the source table in the range, newest first, chosen
 * with the same SQL functions that count them into the rollups (migration 0036), so a page lists exactly what the
 * figure counted. The total is the figure itself, read from the rollup.
 */
type Source = 'calls' | 'texts' | 'opt_outs' | 'offers' | 'stages';
interface MetricSpec {
  source: Source;
  table: RollupTable;
  column: string;
  /** The position of the metric in the source's counts array (analytics_*_counts). */
  index: number;
}

const TEXT_METRICS: Partial<Record<DrillMetric, [string, number]>> = { texts_sent: ['sent', 1], texts_delivered: ['delivered', 2], texts_failed: ['failed', 3], replies: ['replies', 4] };
const CALL_METRICS: Partial<Record<DrillMetric, [string, number]>> = { dials: ['dials', 1], connects: ['connects', 2], conversations: ['conversations', 3] };

function specOf(metric: DrillMetric): MetricSpec {
  const call = CALL_METRICS[metric];
  if (call) return { source: 'calls', table: 'analytics_call_hours', column: call[0], index: call[1] };
  if (metric.startsWith('outcome:')) {
    const outcome = metric.slice('outcome:'.length);
    return { source: 'calls', table: 'analytics_call_hours', column: `outcome_${outcome}`, index: 5 + CALL_OUTCOMES.indexOf(outcome as (typeof CALL_OUTCOMES)[number]) };
  }
  const text = TEXT_METRICS[metric];
  if (text) return { source: 'texts', table: 'analytics_text_hours', column: text[0], index: text[1] };
  if (metric === 'opt_outs') return { source: 'opt_outs', table: 'analytics_text_hours', column: 'opt_outs', index: 1 };
  if (metric === 'offers') return { source: 'offers', table: 'analytics_deal_hours', column: 'offers', index: 1 };
  return { source: 'stages', table: 'analytics_deal_hours', column: metric, index: metric === 'under_contract' ? 1 : 2 };
}

/** "3 min 12 s", "45 s", "2 min". */
export function spokenDuration(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  if (m === 0) return `${s} s`;
  return s === 0 ? `${m} min` : `${m} min ${s} s`;
}

export function callSummary(call: { answered_at: unknown; duration_sec: number | null; disposition: string | null }): string {
  const outcome = isCallOutcome(call.disposition) ? ` — ${CALL_OUTCOME_LABELS[call.disposition]}` : '';
  return call.answered_at ? `Connected, ${spokenDuration(call.duration_sec ?? 0)}${outcome}` : `Not connected${outcome}`;
}

const TEXT_LABELS: Record<string, string> = { queued: 'Queued', sent: 'Sent', delivered: 'Delivered', failed: 'Failed', received: 'Reply' };
const EXCERPT = 80;

export function textSummary(text: { status: string; body: string }): string {
  const body = text.body.replace(/\s+/g, ' ').trim();
  return `${TEXT_LABELS[text.status] ?? text.status}: ${body.length > EXCERPT ? `${body.slice(0, EXCERPT - 1)}…` : body}`;
}

export const LEAD_NAME = ['l.name', 'l.contact_1_name', 'l.owner_1_name', 'l.owner_1_first_name', 'l.owner_1_last_name'] as const;
type LeadNameRow = { lead_id: string | null; name: string | null; contact_1_name: string | null; owner_1_name: string | null; owner_1_first_name: string | null; owner_1_last_name: string | null };
export const leadName = (row: LeadNameRow) => (row.lead_id === null ? null : displayName(row));
export const leadHref = (leadId: string | null) => (leadId === null ? null : screenLinks.lead(leadId));

interface Page {
  scope: Scope;
  index: number;
  limit: number;
  offset: number;
}

async function callItems(tx: Tx, { scope, index, limit, offset }: Page): Promise<DrillItem[]> {
  const rows = await tx
    .selectFrom('calls as c')
    .innerJoin('leads as l', (j) => j.onRef('l.organization_id', '=', 'c.organization_id').onRef('l.id', '=', 'c.lead_id'))
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.id', 'c.started_at as at', 'c.lead_id', 'c.answered_at', 'c.duration_sec', 'c.disposition', 'u.name as member_name', ...LEAD_NAME])
    .where('c.organization_id', '=', scope.organizationId)
    .where('c.started_at', '>=', instant(scope.start))
    .where('c.started_at', '<', instant(scope.end))
    .where(sql<boolean>`(analytics_call_counts(c))[${sql.lit(index)}] > 0`)
    .$if(Boolean(scope.member), (q) => q.where('c.user_id', '=', scope.member!))
    .orderBy('c.started_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => ({
    kind: 'call', id: r.id, at: iso(r.at), lead_id: r.lead_id, lead_name: leadName(r), member_name: r.member_name, summary: callSummary(r), href: leadHref(r.lead_id),
  }));
}

async function textItems(tx: Tx, { scope, index, limit, offset }: Page): Promise<DrillItem[]> {
  const rows = await tx
    .selectFrom('conversations as t')
    .leftJoin('leads as l', (j) => j.onRef('l.organization_id', '=', 't.organization_id').onRef('l.id', '=', 't.lead_id'))
    .leftJoin('users as u', (j) => j.on(sql<boolean>`u.id = analytics_text_member(t)`))
    .select(['t.id', 't.created_at as at', 't.lead_id', 't.status', 't.body', 'u.name as member_name', ...LEAD_NAME])
    .where('t.organization_id', '=', scope.organizationId)
    .where('t.created_at', '>=', instant(scope.start))
    .where('t.created_at', '<', instant(scope.end))
    .where(sql<boolean>`(analytics_text_counts(t))[${sql.lit(index)}] > 0`)
    .$if(Boolean(scope.member), (q) => q.where(sql<boolean>`analytics_text_member(t) = ${scope.member}`))
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => ({
    kind: 'text', id: r.id, at: iso(r.at), lead_id: r.lead_id, lead_name: leadName(r), member_name: r.member_name, summary: textSummary(r), href: leadHref(r.lead_id),
  }));
}

async function optOutItems(tx: Tx, { scope, limit, offset }: Page): Promise<DrillItem[]> {
  const rows = await tx
    .selectFrom('dnc_numbers as d')
    .leftJoin('leads as l', (j) => j.onRef('l.organization_id', '=', 'd.organization_id').onRef('l.id', '=', 'd.lead_id'))
    .select(['d.phone_e164', 'd.created_at as at', 'd.lead_id', ...LEAD_NAME])
    .where('d.organization_id', '=', scope.organizationId)
    .where('d.created_at', '>=', instant(scope.start))
    .where('d.created_at', '<', instant(scope.end))
    .where(sql<boolean>`analytics_opt_out_count(d) > 0`)
    .orderBy('d.created_at', 'desc')
    .orderBy('d.phone_e164')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => ({
    kind: 'opt_out', id: r.phone_e164, at: iso(r.at), lead_id: r.lead_id, lead_name: leadName(r), member_name: null,
    summary: `Opted out by text from ${formatPhone(r.phone_e164)}`, href: leadHref(r.lead_id),
  }));
}

async function offerItems(tx: Tx, { scope, limit, offset }: Page): Promise<DrillItem[]> {
  const rows = await tx
    .selectFrom('deal_offers as o')
    .innerJoin('deals as d', (j) => j.onRef('d.organization_id', '=', 'o.organization_id').onRef('d.id', '=', 'o.deal_id'))
    .innerJoin('leads as l', (j) => j.onRef('l.organization_id', '=', 'd.organization_id').onRef('l.id', '=', 'd.lead_id'))
    .leftJoin('users as u', 'u.id', 'o.created_by')
    .select(['o.id', 'o.deal_id', 'o.created_at as at', 'o.amount', 'o.status', 'd.lead_id', 'u.name as member_name', ...LEAD_NAME])
    .where('o.organization_id', '=', scope.organizationId)
    .where('o.created_at', '>=', instant(scope.start))
    .where('o.created_at', '<', instant(scope.end))
    .$if(Boolean(scope.member), (q) => q.where('o.created_by', '=', scope.member!))
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => ({
    kind: 'deal', id: r.id, at: iso(r.at), lead_id: r.lead_id, lead_name: leadName(r), member_name: r.member_name,
    summary: `Offer of ${formatUsd(Number(r.amount))} ${r.status}`, href: screenLinks.deal(r.deal_id),
  }));
}

async function stageItems(tx: Tx, { scope, index, limit, offset }: Page): Promise<DrillItem[]> {
  const rows = await tx
    .selectFrom('deal_events as e')
    .innerJoin('deals as d', (j) => j.onRef('d.organization_id', '=', 'e.organization_id').onRef('d.id', '=', 'e.deal_id'))
    .innerJoin('leads as l', (j) => j.onRef('l.organization_id', '=', 'd.organization_id').onRef('l.id', '=', 'd.lead_id'))
    .leftJoin('users as u', 'u.id', 'e.user_id')
    .select(['e.id', 'e.deal_id', 'e.created_at as at', 'd.contract_price', 'd.lead_id', 'u.name as member_name', ...LEAD_NAME])
    .where('e.organization_id', '=', scope.organizationId)
    // Literal, so the partial index deal_events_stage_idx serves it.
    .where(sql<boolean>`e.kind = 'stage'`)
    .where('e.created_at', '>=', instant(scope.start))
    .where('e.created_at', '<', instant(scope.end))
    .where(sql<boolean>`(analytics_stage_counts(e))[${sql.lit(index)}] > 0`)
    .$if(Boolean(scope.member), (q) => q.where('e.user_id', '=', scope.member!))
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const label = DEAL_STAGE_LABELS[index === 1 ? 'under_contract' : 'closed'];
  return rows.map((r) => ({
    kind: 'deal', id: r.id, at: iso(r.at), lead_id: r.lead_id, lead_name: leadName(r), member_name: r.member_name,
    summary: r.contract_price === null ? label : `${label} at ${formatUsd(Number(r.contract_price))}`, href: screenLinks.deal(r.deal_id),
  }));
}

const ITEMS: Record<Source, (tx: Tx, page: Page) => Promise<DrillItem[]>> = { calls: callItems, texts: textItems, opt_outs: optOutItems, offers: offerItems, stages: stageItems };

export async function drill(tx: Tx, organizationId: string, query: DrillQuery): Promise<{ items: DrillItem[]; total: number }> {
  if (isSourceOrListMetric(query.metric)) return sourceDrill(tx, organizationId, query, query.metric);
  const spec = specOf(query.metric);
  const { current } = await reportScopes(tx, organizationId, query);
  // Opt-outs are the organization's: no member is filtered.
  const scope = spec.source === 'opt_outs' ? { ...current, member: null } : current;
  const [items, counted] = await Promise.all([
    ITEMS[spec.source](tx, { scope, index: spec.index, limit: query.limit, offset: query.offset }),
    sums(tx, spec.table, { n: total(spec.column) }, scope),
  ]);
  return { items, total: counted.n };
}
