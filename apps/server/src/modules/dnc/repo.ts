import { sql } from 'kysely';
import { digitsOf, type DncEntry, type DncListQuery, type DncSource, type LeadDncNumber } from '@wholesail/domain';
import { asSystemRole, type Tx } from '../../db/scope';

const iso = (v: Date | string) => new Date(v).toISOString();

type EntryRow = {
  phone_e164: string; source: DncSource; reason: string | null; lead_id: string | null; created_by: string | null;
  created_by_name: string | null; created_at: Date | string; opt_out_from: string | null;
};

export type StoredEntry = DncEntry & { opt_out_from: string | null };

export const toEntry = ({ opt_out_from: _internal, ...row }: EntryRow | StoredEntry): DncEntry => ({ ...row, created_at: iso(row.created_at) });
const toStored = (row: EntryRow): StoredEntry => ({ ...row, created_at: iso(row.created_at) });

/** The list's rows with the name of the member who listed each (users is readable by name to the app role). */
function entries(tx: Tx, organizationId: string) {
  return tx
    .selectFrom('dnc_numbers as d')
    .leftJoin('users as u', 'u.id', 'd.created_by')
    .select(['d.phone_e164', 'd.source', 'd.reason', 'd.lead_id', 'd.created_by', 'u.name as created_by_name', 'd.created_at', 'd.opt_out_from'])
    .where('d.organization_id', '=', organizationId);
}

/** The entries of these numbers that are listed (by primary key). */
export async function findListed(tx: Tx, organizationId: string, numbers: readonly string[]): Promise<StoredEntry[]> {
  if (numbers.length === 0) return [];
  const rows = await entries(tx, organizationId).where('d.phone_e164', 'in', numbers).execute();
  return rows.map(toStored);
}

/** What a lead shows of its listed numbers, in the lead's own order. */
export async function leadNumbers(tx: Tx, organizationId: string, numbers: readonly string[]): Promise<LeadDncNumber[]> {
  const listed = new Map((await findListed(tx, organizationId, numbers)).map((e) => [e.phone_e164, e]));
  return numbers.flatMap((n) => {
    const e = listed.get(n);
    return e ? [{ phone_e164: e.phone_e164, source: e.source, reason: e.reason, created_at: e.created_at }] : [];
  });
}

export interface NewListing {
  phone_e164: string;
  reason: string | null;
}

/**
 * Lists numbers with one source, lead and member; a number already listed keeps its first entry. One statement
 * whatever the count (arrays unnested). Returns the numbers that were not listed before.
 */
export async function insertListings(
  tx: Tx,
  organizationId: string,
  listing: { source: DncSource; leadId: string | null; userId: string | null; optOutFrom?: string | null },
  rows: readonly NewListing[],
): Promise<string[]> {
  if (rows.length === 0) return [];
  const { rows: added } = await sql<{ phone_e164: string }>`
    insert into dnc_numbers (organization_id, phone_e164, source, reason, lead_id, created_by, opt_out_from)
    select ${organizationId}::uuid, n.phone, ${listing.source}, n.reason, ${listing.leadId}::uuid, ${listing.userId}, ${listing.optOutFrom ?? null}
    from unnest(${sql.val(rows.map((r) => r.phone_e164))}::text[], ${sql.val(rows.map((r) => r.reason))}::text[]) with ordinality as n(phone, reason, ord)
    order by n.ord
    on conflict (organization_id, phone_e164) do nothing
    returning phone_e164`.execute(tx);
  return added.map((r) => r.phone_e164);
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A search matches a number's digits (3 or more, with or without the country code) or the reason. */
function searchFilter(search: string) {
  const term = search.trim();
  const digits = digitsOf(term);
  const parts = [sql<boolean>`d.reason ilike ${`%${escapeLike(term)}%`}`];
  if (/^[\d\s\-().+]+$/.test(term) && digits.length >= 3) parts.push(sql<boolean>`d.phone_e164 like ${`%${digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits}%`}`);
  return sql<boolean>`(${sql.join(parts, sql` or `)})`;
}

/** The entries the list's search leaves (the list and its export). */
export function matchingEntries(tx: Tx, organizationId: string, search: string | undefined) {
  const page = entries(tx, organizationId);
  return search ? page.where(searchFilter(search)) : page;
}

/** A page of the list, newest first, and how many entries match. */
export async function listPage(tx: Tx, organizationId: string, query: DncListQuery): Promise<{ items: DncEntry[]; total: number }> {
  let count = tx.selectFrom('dnc_numbers as d').select(sql<number>`count(*)::int`.as('n')).where('d.organization_id', '=', organizationId);
  if (query.search) count = count.where(searchFilter(query.search));
  const rows = await matchingEntries(tx, organizationId, query.search).orderBy('d.created_at', 'desc').orderBy('d.phone_e164').limit(query.limit).offset(query.offset).execute();
  const { n } = await count.executeTakeFirstOrThrow();
  return { items: rows.map(toEntry), total: n };
}

/** Takes numbers off the list; returns the entries removed. */
export async function deleteListings(tx: Tx, organizationId: string, numbers: readonly string[]): Promise<string[]> {
  if (numbers.length === 0) return [];
  const rows = await tx.deleteFrom('dnc_numbers').where('organization_id', '=', organizationId).where('phone_e164', 'in', numbers).returning('phone_e164').execute();
  return rows.map((r) => r.phone_e164);
}

/** The entries an opt-out by text from `number` listed: the number itself and the lead's numbers listed with it. */
export async function optOutListings(tx: Tx, organizationId: string, number: string): Promise<StoredEntry[]> {
  const rows = await entries(tx, organizationId)
    .where('d.source', '=', 'sms_opt_out')
    .where((eb) => eb.or([eb('d.phone_e164', '=', number), eb('d.opt_out_from', '=', number)]))
    .execute();
  return rows.map(toStored);
}

/**
 * Clears the own Do Not Call flag of the organization's leads that carry one of `numbers` and have no listed
 * number left (their numbers came off the list, so nothing keeps them Do Not Call). Run as wholesail_system:
 * the GIN index serves the array operator there only; the organization filter is explicit.
 */
export async function clearUnlistedLeads(tx: Tx, organizationId: string, numbers: readonly string[]): Promise<string[]> {
  if (numbers.length === 0) return [];
  const rows = await asSystemRole(tx, () =>
    tx
      .updateTable('leads')
      .set({ dnc_status: false, updated_at: new Date() })
      .where('organization_id', '=', organizationId)
      .where(sql<boolean>`phones_e164 && ${sql.val(numbers)}::text[]`)
      .where('dnc_status', '=', true)
      .where('dnc_listed', '=', false)
      .returning('id')
      .execute(),
  );
  return rows.map((r) => r.id);
}
