import { CompiledQuery, sql, type SelectQueryBuilder } from 'kysely';
import { digitsOf, LEAD_LIST_FIELDS, type LeadListItem, type ListLeadsQuery } from '@wholesail/domain';
import { asSystemRole, type PlanSettings, type Tx } from '../../db/scope';
import type { DB } from '../../db/types';
import { projection } from './repo';

/** Above this many matches the list reports the planner's estimate instead of counting every row. */
export const EXACT_COUNT_CAP = 10_000;

/**
 * A search among at most this many leads (by the planner's estimate) is read through the GIN indexes first and
 * its total counted exactly; a larger set takes the ordered scan, and its total may be an estimate.
 */
const SMALL_POPULATION = 20_000;

/** How many leads, in list order, a search or tag filter may read before it switches to its index. */
const SCAN_BUDGET = 2_500;

/**
 * The list's tenant transaction walks ordered indexes only: with a LIMIT the planner may otherwise pick
 * a bitmap scan of every lead in a value range and sort them all for one page.
 */
export const LIST_PLAN: PlanSettings = { enable_bitmapscan: 'off' };
const BITMAP_PLAN: PlanSettings = { enable_indexscan: 'off', enable_indexonlyscan: 'off', enable_bitmapscan: 'on' };

const LIST_FIELDS: readonly string[] = [...LEAD_LIST_FIELDS, 'created_at', 'updated_at', 'version'];
const listItem = projection(LIST_FIELDS) as (row: Record<string, unknown>) => LeadListItem;
// dnc_listed is read for the row's dnc_status (repo.ts projection), not shown.
const LIST_COLUMNS = sql.join(['id', 'organization_id', ...LIST_FIELDS, 'dnc_listed'].map((f) => sql.ref(`l.${f}`)));
const LIST_ORDER = sql`motivation_score desc nulls last, created_at desc, id`;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A search for a phone (only phone characters, 3+ digits) matches digits; anything else matches text. */
export function searchPattern(search: string): string {
  const term = search.trim();
  const phoneLike = /^[\d\s\-().+]+$/.test(term) && digitsOf(term).length >= 3;
  return `%${escapeLike(phoneLike ? digitsOf(term) : term.toLowerCase())}%`;
}

type LeadQuery = SelectQueryBuilder<DB, 'leads', object>;
type Filters = Omit<ListLeadsQuery, 'limit' | 'offset'>;
type Page = { items: LeadListItem[]; total: number; total_exact: boolean };

/** Filters a btree index serves: organization, not deleted, status, value range, created since (leads_created_idx). */
function applyRangeFilters(q: LeadQuery, organizationId: string, f: Filters): LeadQuery {
  let out = q.where('organization_id', '=', organizationId).where('status', '<>', 'deleted');
  if (f.status) out = out.where('status', '=', f.status);
  if (f.created_after) out = out.where('created_at', '>=', new Date(f.created_after));
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

type Match = NonNullable<ReturnType<typeof matchPredicate>>;

function orderedIds(q: LeadQuery, page: { limit: number; offset: number }) {
  return q
    .select(['id', 'motivation_score', 'created_at'])
    .orderBy(sql`motivation_score desc nulls last`)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset);
}

/** How many leads pass the filters, counted up to EXACT_COUNT_CAP + 1. */
function cappedCount(tx: Tx, filtered: LeadQuery) {
  return tx.selectFrom(filtered.select('id').limit(EXACT_COUNT_CAP + 1).as('m')).select(sql<number>`count(*)::int`.as('n'));
}

/**
 * One page of the list, ordered by motivation_score then created_at (both descending), run in a tenant
 * transaction started with LIST_PLAN. Ids are paged first and rows joined after, so a deep offset skips
 * index entries, not table rows.
 * - No search or tag filter: one statement walks the (organization, motivation, created) index to the
 *   page, joins its rows and counts the matches up to the cap.
 * - A search or tag filter among a small set of leads (SMALL_POPULATION) that the GIN indexes serve: up to
 *   SCAN_BUDGET + 1 matches are read through them; a rare one ends there, sorted and paged in the database.
 * - Otherwise one statement reads the first SCAN_BUDGET leads in list order, tests them and joins the page's
 *   rows; a common term fills the page there. When it does not, the matches are paged through the GIN indexes.
 * Totals are exact up to EXACT_COUNT_CAP, except a search among a large set that the scan did not finish:
 *   its total is the scan's hit rate applied to the set (total_exact false).
 * Everything runs as wholesail_app, through the tenant wall, but the GIN reads: under row-level security
 * PostgreSQL will not use an index for a non-leakproof operator in a WHERE (LIKE, array overlap), so those
 * id queries run as wholesail_system with the explicit organization filter, and the rows are read after.
 */
export async function listLeads(tx: Tx, organizationId: string, query: ListLeadsQuery, scanBudget = SCAN_BUDGET, smallPopulation = SMALL_POPULATION): Promise<Page> {
  const match = matchPredicate(query);
  if (!match) return plainPage(tx, organizationId, query);
  // The leads the other filters leave, as the planner estimates them: a small set is read through the GIN
  // indexes first and counted exactly; a large one (random heap reads of thousands of matches would cost
  // hundreds of milliseconds) takes the ordered scan and, past its budget, an estimated total.
  const population = await estimateCount(tx, applyRangeFilters(tx.selectFrom('leads'), organizationId, query).select(sql`1`.as('one')));
  const small = population <= smallPopulation;
  if (small && indexServes(query)) {
    const rare = await rareMatches(tx, organizationId, query, scanBudget);
    if (rare) return rare;
  }
  const scan = await scanPage(tx, organizationId, query, match, scanBudget);
  if (scan.scanned < scanBudget) return { items: scan.items, total: scan.hits, total_exact: true };
  const total = () => (small ? countMatches(tx, organizationId, query, match, scan, population) : Promise.resolve(extrapolate(scan, population)));
  if (scan.hits >= query.offset + query.limit) return { items: scan.items, ...(await total()) };
  const page = await asSystemWithBitmaps(tx, () =>
    orderedIds(applyFilters(tx.selectFrom('leads'), organizationId, query), query)
      .select(sql<number>`(count(*) over ())::int`.as('total'))
      .execute(),
  );
  const counted = page[0] ? { total: page[0].total, total_exact: true } : await total();
  return { items: await rowsInOrder(tx, organizationId, page.map((r) => r.id)), ...counted };
}

/**
 * Whether the GIN indexes can find the matches without reading every entry: a tag filter always, a text
 * search when its pattern holds a trigram (three letters or digits in a row).
 */
function indexServes(f: Filters): boolean {
  return !f.search || /[\p{L}\p{N}]{3}/u.test(searchPattern(f.search));
}

/**
 * All the matches when there are at most `budget` of them, read through the GIN indexes and paged in the
 * database; null when there are more (a common term: the ordered scan finds its page sooner) or when the
 * page is past the end (its count then has no row to ride on).
 */
async function rareMatches(tx: Tx, organizationId: string, query: ListLeadsQuery, budget: number): Promise<Page | null> {
  const all = applyFilters(tx.selectFrom('leads'), organizationId, query).select(['id', 'motivation_score', 'created_at']).limit(budget + 1);
  const { rows } = await asSystemWithBitmaps(tx, () =>
    sql<{ id: string; n: number }>`
      select id, n from (select id, motivation_score, created_at, (count(*) over ())::int as n from (${all}) m) counted
      order by ${LIST_ORDER} offset ${query.offset} limit ${query.limit}`.execute(tx),
  );
  const n = rows[0]?.n;
  if (n === undefined ? query.offset > 0 : n > budget) return null;
  return { items: await rowsInOrder(tx, organizationId, rows.map((r) => r.id)), total: n ?? 0, total_exact: true };
}

/** The leads list's filters as a WHERE on `q` (automation enrols every lead a filter matches). */
export function applyFilters(q: LeadQuery, organizationId: string, f: Filters): LeadQuery {
  const match = matchPredicate(f);
  const out = applyRangeFilters(q, organizationId, f);
  return match ? out.where(match) : out;
}

/** The page's rows and the capped count in one statement; a page past the end carries no count, so it counts alone. */
async function plainPage(tx: Tx, organizationId: string, query: ListLeadsQuery): Promise<Page> {
  const filtered = () => applyRangeFilters(tx.selectFrom('leads'), organizationId, query);
  const capped = cappedCount(tx, filtered());
  const { rows } = await sql<Record<string, unknown> & { total_capped: number }>`
    select ${LIST_COLUMNS}, (${capped}) as total_capped
    from (${orderedIds(filtered(), query)}) p
    join leads l on l.organization_id = ${organizationId} and l.id = p.id
    order by p.motivation_score desc nulls last, p.created_at desc, p.id`.execute(tx);
  const counted = rows[0]?.total_capped ?? (query.offset === 0 ? 0 : (await capped.executeTakeFirstOrThrow()).n);
  const items = rows.map(listItem);
  if (counted <= EXACT_COUNT_CAP) return { items, total: counted, total_exact: true };
  return { items, total: Math.max(EXACT_COUNT_CAP + 1, await estimateCount(tx, filtered().select(sql`1`.as('one')))), total_exact: false };
}

/**
 * The first `budget` leads in list order, tested against `match` in the select list (so the WHERE keeps
 * only leakproof operators and the ordered index serves it under row-level security): how many were read,
 * how many matched, and the rows of the matches at the query's offset.
 */
async function scanPage(tx: Tx, organizationId: string, query: ListLeadsQuery, match: Match, budget: number) {
  const scanned = orderedIds(applyRangeFilters(tx.selectFrom('leads'), organizationId, query), { limit: budget, offset: 0 }).select(match.as('hit'));
  const { rows } = await sql<Record<string, unknown> & { scanned: number; hits: number }>`
    with scanned as materialized (${scanned}),
      counts as (select count(*)::int as scanned, (count(*) filter (where hit))::int as hits from scanned),
      page as (select id, motivation_score, created_at from scanned where hit order by ${LIST_ORDER} offset ${query.offset} limit ${query.limit})
    select counts.scanned, counts.hits, ${LIST_COLUMNS}
    from counts left join (page p join leads l on l.organization_id = ${organizationId} and l.id = p.id) on true
    order by p.motivation_score desc nulls last, p.created_at desc, p.id`.execute(tx);
  const first = rows[0]!;
  const items = rows.filter((r) => r.id !== null).map(listItem);
  return { scanned: first.scanned, hits: first.hits, items };
}

/** The scan's hit rate applied to the estimated leads in range. */
function extrapolate(scan: { scanned: number; hits: number }, population: number) {
  return { total: Math.max(scan.hits + 1, Math.round((scan.hits / scan.scanned) * population)), total_exact: false };
}

/**
 * The exact total of a search in a small set of leads that the scan did not finish: counted through the GIN
 * indexes when they serve it, otherwise by reading the set; estimated only past the cap.
 */
async function countMatches(tx: Tx, organizationId: string, query: ListLeadsQuery, match: Match, scan: { scanned: number; hits: number }, population: number) {
  const counted = indexServes(query)
    ? await asSystemWithBitmaps(tx, () => cappedCount(tx, applyFilters(tx.selectFrom('leads'), organizationId, query)).executeTakeFirstOrThrow())
    : await tx
      .selectFrom(applyRangeFilters(tx.selectFrom('leads'), organizationId, query).select(match.as('hit')).as('r'))
      .select(sql<number>`(count(*) filter (where hit))::int`.as('n'))
      .executeTakeFirstOrThrow();
  if (counted.n <= EXACT_COUNT_CAP) return { total: counted.n, total_exact: true };
  return { total: Math.max(EXACT_COUNT_CAP + 1, extrapolate(scan, population).total), total_exact: false };
}

/** The list rows of `ids`, in that order, read as wholesail_app. */
export async function rowsInOrder(tx: Tx, organizationId: string, ids: string[]): Promise<LeadListItem[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<Record<string, unknown>>`
    select ${LIST_COLUMNS} from leads l where l.organization_id = ${organizationId} and l.id = any(${sql.val(ids)}::uuid[])`.execute(tx);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [listItem(row)] : [];
  });
}

/** Runs GIN id queries as wholesail_system (see listLeads) with bitmap scans only, then returns to the list's plan. */
const asSystemWithBitmaps = <T>(tx: Tx, fn: () => Promise<T>): Promise<T> =>
  asSystemRole(tx, fn, BITMAP_PLAN, { enable_indexscan: 'on', enable_indexonlyscan: 'on', ...LIST_PLAN });

/** The planner's row estimate for a query: instant, and close for the large results it is used for. */
async function estimateCount(tx: Tx, q: LeadQuery): Promise<number> {
  const compiled = q.compile();
  const result = await tx.executeQuery<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> | string }>(
    CompiledQuery.raw(`explain (format json) ${compiled.sql}`, [...compiled.parameters]),
  );
  const plan = result.rows[0]?.['QUERY PLAN'];
  const parsed = typeof plan === 'string' ? JSON.parse(plan) : plan;
  return Math.round(parsed?.[0]?.Plan?.['Plan Rows'] ?? 0);
}
