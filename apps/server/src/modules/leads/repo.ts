import { CompiledQuery, sql, type SelectQueryBuilder } from 'kysely';
import { digitsOf, LEAD_FIELD_NAMES, type Lead, type LeadStats, type ListLeadsQuery } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import type { DB } from '../../db/types';

/** Above this many matches the list reports the planner's estimate instead of counting every row. */
export const EXACT_COUNT_CAP = 10_000;

type LeadRow = object;

const TIMESTAMP_FIELDS = new Set(['last_contacted_at', 'last_interaction_at', 'last_call_at', 'enriched_at', 'created_at', 'updated_at']);

/** A row as the API shows it: the lead fields, identity and timestamps; derived columns stay inside. */
export function toLead(lead: LeadRow): Lead {
  const row = lead as Record<string, unknown>;
  const out: Record<string, unknown> = { id: row.id, organization_id: row.organization_id };
  for (const name of [...LEAD_FIELD_NAMES, 'created_at', 'updated_at']) {
    const v = row[name];
    out[name] = v instanceof Date ? v.toISOString() : TIMESTAMP_FIELDS.has(name) && typeof v === 'string' ? new Date(v).toISOString() : (v ?? null);
  }
  return out as Lead;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A search for a phone (only phone characters, 3+ digits) matches digits; anything else matches text. */
export function searchPattern(search: string): string {
  const term = search.trim();
  const phoneLike = /^[\d\s\-().+]+$/.test(term) && digitsOf(term).length >= 3;
  return `%${escapeLike(phoneLike ? digitsOf(term) : term.toLowerCase())}%`;
}

type LeadQuery = SelectQueryBuilder<DB, 'leads', object>;

function applyFilters(q: LeadQuery, organizationId: string, f: Omit<ListLeadsQuery, 'limit' | 'offset'>): LeadQuery {
  let out = q.where('organization_id', '=', organizationId).where('status', '<>', 'deleted');
  if (f.status) out = out.where('status', '=', f.status);
  if (f.minValue !== undefined) out = out.where('estimated_value', '>=', f.minValue);
  if (f.maxValue !== undefined) out = out.where('estimated_value', '<=', f.maxValue);
  if (f.badges && f.badges.length > 0) out = out.where(sql<boolean>`badges && ${sql.val(f.badges)}::text[]`);
  if (f.search) out = out.where('search_text', 'like', searchPattern(f.search));
  return out;
}

export async function listLeads(tx: Tx, organizationId: string, query: ListLeadsQuery) {
  const rows = await applyFilters(tx.selectFrom('leads').selectAll(), organizationId, query)
    .orderBy(sql`motivation_score desc nulls last`)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(query.limit)
    .offset(query.offset)
    .execute();
  const counted = await tx
    .selectFrom(applyFilters(tx.selectFrom('leads').select(sql`1`.as('one')), organizationId, query).limit(EXACT_COUNT_CAP + 1).as('m'))
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  if (counted.n <= EXACT_COUNT_CAP) return { items: rows.map(toLead), total: counted.n, total_exact: true };
  return { items: rows.map(toLead), total: await estimateCount(tx, applyFilters(tx.selectFrom('leads').select(sql`1`.as('one')), organizationId, query)), total_exact: false };
}

/** The planner's row estimate for a query: instant, and close for the large results it is used for. */
async function estimateCount(tx: Tx, q: LeadQuery): Promise<number> {
  const compiled = q.compile();
  const result = await tx.executeQuery<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> | string }>(
    CompiledQuery.raw(`explain (format json) ${compiled.sql}`, [...compiled.parameters]),
  );
  const plan = result.rows[0]?.['QUERY PLAN'];
  const parsed = typeof plan === 'string' ? JSON.parse(plan) : plan;
  return Math.max(EXACT_COUNT_CAP + 1, Math.round(parsed?.[0]?.Plan?.['Plan Rows'] ?? 0));
}

export async function findLead(tx: Tx, organizationId: string, id: string, lock = false): Promise<LeadRow | undefined> {
  const q = tx.selectFrom('leads').selectAll().where('organization_id', '=', organizationId).where('id', '=', id).where('status', '<>', 'deleted');
  return lock ? q.forUpdate().executeTakeFirst() : q.executeTakeFirst();
}

export async function insertLead(tx: Tx, values: Record<string, unknown>): Promise<LeadRow> {
  return tx.insertInto('leads').values(values as never).returningAll().executeTakeFirstOrThrow();
}

export async function updateLead(tx: Tx, organizationId: string, id: string, values: Record<string, unknown>): Promise<LeadRow | undefined> {
  return tx
    .updateTable('leads')
    .set({ ...values, updated_at: new Date() } as never)
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function leadStats(tx: Tx, organizationId: string, newSince: Date, highMotivation: number): Promise<LeadStats> {
  const row = await tx
    .selectFrom('leads')
    .where('organization_id', '=', organizationId)
    .where('status', '<>', 'deleted')
    .select([
      sql<number>`count(*)::int`.as('total_leads'),
      sql<number>`(count(*) filter (where created_at >= ${newSince}))::int`.as('new_leads_count'),
      sql<number>`(count(*) filter (where motivation_score >= ${highMotivation}))::int`.as('high_motivation_count'),
      sql<number | null>`avg(estimated_value) filter (where estimated_value > 0)`.as('avg_property_value'),
      sql<number>`(count(*) filter (where estimated_value > 0))::int`.as('leads_with_values'),
    ])
    .executeTakeFirstOrThrow();
  return { ...row, avg_property_value: row.avg_property_value === null ? null : Math.round(Number(row.avg_property_value)) };
}
