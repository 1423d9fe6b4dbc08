import { CompiledQuery, sql, type SelectQueryBuilder } from 'kysely';
import { digitsOf, LEAD_FIELD_NAMES, LEAD_FIELDS, type Lead, type LeadStats, type ListLeadsQuery } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import type { DB } from '../../db/types';

/** Above this many matches the list reports the planner's estimate instead of counting every row. */
export const EXACT_COUNT_CAP = 10_000;

type LeadRow = object;

const TIMESTAMP_FIELDS = new Set([...LEAD_FIELD_NAMES.filter((f) => LEAD_FIELDS[f][0] === 'timestamptz'), 'created_at', 'updated_at']);

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
type Filters = Omit<ListLeadsQuery, 'limit' | 'offset'>;

/** Filters a btree index serves: organization, not deleted, status, value range. */
function applyRangeFilters(q: LeadQuery, organizationId: string, f: Filters): LeadQuery {
  let out = q.where('organization_id', '=', organizationId).where('status', '<>', 'deleted');
  if (f.status) out = out.where('status', '=', f.status);
  if (f.minValue !== undefined) out = out.where('estimated_value', '>=', f.minValue);
  if (f.maxValue !== undefined) out = out.where('estimated_value', '<=', f.maxValue);
  return out;
}

/** Text search and tag overlap, served by GIN indexes; null when the query has neither. */
function matchPredicate(f: Filters) {
  const parts = [
    ...(f.search ? [sql<boolean>`search_text like ${searchPattern(f.search)}`] : []),
    ...(f.badges && f.badges.length > 0 ? [sql<boolean>`badges && ${sql.val(f.badges)}::text[]`] : []),
  ];
  return parts.length === 0 ? null : sql<boolean>`(${sql.join(parts, sql` and `)})`;
}

function applyFilters(q: LeadQuery, organizationId: string, f: Filters): LeadQuery {
  const match = matchPredicate(f);
  const out = applyRangeFilters(q, organizationId, f);
  return match ? out.where(match) : out;
}

/** How many leads, in list order, a search or tag filter may read before it switches to its index. */
const SCAN_BUDGET = 2_500;

/**
 * One page of the list, ordered by motivation_score then created_at (both descending).
 * - No search or tag filter: walk the (organization, motivation, created) index and stop at the page.
 * - A search or tag filter: read the first SCAN_BUDGET leads in list order and test them; a common term
 *   fills the page there. A rarer one (under 1 lead in 50) is read through its GIN index and sorted.
 * Ids are paged first and rows fetched after, so a deep offset skips index entries, not table rows.
 *
 * The id queries run as wholesail_system with the explicit organization filter: under row-level
 * security PostgreSQL will not use an index for a non-leakproof operator (LIKE, array overlap), so the
 * trigram and tag indexes would sit unused. The rows themselves are then read as wholesail_app, through
 * the tenant wall, so an id from another organization could never come back as data.
 */
export async function listLeads(tx: Tx, organizationId: string, query: ListLeadsQuery, scanBudget = SCAN_BUDGET) {
  const match = matchPredicate(query);
  const end = query.offset + query.limit;
  if (match) {
    const scanned = await withPlan(tx, 'ordered', () =>
      orderedIds(applyRangeFilters(tx.selectFrom('leads'), organizationId, query), { limit: scanBudget, offset: 0 })
        .select(match.as('hit'))
        .execute(),
    );
    const hits = scanned.filter((r) => r.hit).map((r) => r.id);
    const complete = scanned.length < scanBudget;
    if (complete || hits.length >= end) {
      const items = await rowsInOrder(tx, organizationId, hits.slice(query.offset, end));
      if (complete) return { items, total: hits.length, total_exact: true };
      const population = await estimateCount(tx, applyRangeFilters(tx.selectFrom('leads'), organizationId, query).select(sql`1`.as('one')));
      return { items, total: Math.max(hits.length + 1, Math.round((hits.length / scanned.length) * population)), total_exact: false };
    }
    const page = await withPlan(tx, 'bitmap', () =>
      orderedIds(applyFilters(tx.selectFrom('leads'), organizationId, query), query)
        .select(sql<number>`(count(*) over ())::int`.as('total'))
        .execute(),
    );
    const total = page[0]?.total ?? (await countMatches(tx, organizationId, query));
    return { items: await rowsInOrder(tx, organizationId, page.map((r) => r.id)), total, total_exact: true };
  }
  const ids = await withPlan(tx, 'ordered', () => orderedIds(applyFilters(tx.selectFrom('leads'), organizationId, query), query).execute());
  const items = await rowsInOrder(tx, organizationId, ids.map((r) => r.id));
  const counted = await withPlan(tx, 'ordered', () =>
    tx
      .selectFrom(applyFilters(tx.selectFrom('leads'), organizationId, query).select('id').limit(EXACT_COUNT_CAP + 1).as('m'))
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow(),
  );
  if (counted.n <= EXACT_COUNT_CAP) return { items, total: counted.n, total_exact: true };
  return { items, total: await estimateCount(tx, applyFilters(tx.selectFrom('leads'), organizationId, query).select(sql`1`.as('one'))), total_exact: false };
}

/** Exact count of a rare match, for a page past its end (the window count then has no row to ride on). */
async function countMatches(tx: Tx, organizationId: string, query: ListLeadsQuery): Promise<number> {
  const row = await withPlan(tx, 'bitmap', () =>
    applyFilters(tx.selectFrom('leads'), organizationId, query).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  );
  return row.n;
}

function orderedIds(q: LeadQuery, page: { limit: number; offset: number }) {
  return q
    .select('id')
    .orderBy(sql`motivation_score desc nulls last`)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset);
}

async function rowsInOrder(tx: Tx, organizationId: string, ids: string[]): Promise<Lead[]> {
  if (ids.length === 0) return [];
  const rows = await tx.selectFrom('leads').selectAll().where('organization_id', '=', organizationId).where('id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toLead(row)] : [];
  });
}

/** Runs id queries as wholesail_system (see listLeads) with only bitmap, or only ordered index, scans. */
async function withPlan<T>(tx: Tx, plan: 'bitmap' | 'ordered', fn: () => Promise<T>): Promise<T> {
  const [index, bitmap] = plan === 'bitmap' ? ['off', 'on'] : ['on', 'off'];
  await sql`select set_config('role', 'wholesail_system', true), set_config('enable_indexscan', ${index}, true), set_config('enable_indexonlyscan', ${index}, true), set_config('enable_bitmapscan', ${bitmap}, true)`.execute(tx);
  try {
    return await fn();
  } finally {
    await sql`select set_config('role', 'wholesail_app', true), set_config('enable_indexscan', 'on', true), set_config('enable_indexonlyscan', 'on', true), set_config('enable_bitmapscan', 'on', true)`.execute(tx);
  }
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

/** Four narrow counts, each served by one index (index-only where the visibility map allows). */
export async function leadStats(tx: Tx, organizationId: string, newSince: Date, highMotivation: number): Promise<LeadStats> {
  const live = () => tx.selectFrom('leads').where('organization_id', '=', organizationId).where('status', '<>', 'deleted');
  const count = sql<number>`count(*)::int`.as('n');
  const [total, fresh, high, values] = [
    await live().select(count).executeTakeFirstOrThrow(),
    await live().where('created_at', '>=', newSince).select(count).executeTakeFirstOrThrow(),
    await live().where('motivation_score', '>=', highMotivation).select(count).executeTakeFirstOrThrow(),
    await live()
      .where('estimated_value', '>', 0)
      .select([count, sql<number | null>`avg(estimated_value)`.as('avg')])
      .executeTakeFirstOrThrow(),
  ];
  return {
    total_leads: total.n,
    new_leads_count: fresh.n,
    high_motivation_count: high.n,
    avg_property_value: values.avg === null ? null : Math.round(Number(values.avg)),
    leads_with_values: values.n,
  };
}
