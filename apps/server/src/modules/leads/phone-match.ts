import { sql } from 'kysely';
import { addressKey, digitsOf, toE164ForLookup } from '@wholesail/domain';
import type { Tx } from '../../db/scope';

/** The phone fields the call lead-context fallback compares (dialer.md §7). */
export const LOOKUP_PHONE_FIELDS = ['contact_1_phone1', 'contact_1_phone2', 'contact_1_phone3', 'phone'] as const;
/** Every phone field of a lead (an inbound text matches any of them). */
export const ALL_PHONE_FIELDS = [...LOOKUP_PHONE_FIELDS, 'phone_number'] as const;
export type LeadPhoneField = (typeof ALL_PHONE_FIELDS)[number];

/** Lead columns are untyped at the database layer (leads/repo.ts toLead converts them); these are text. */
export const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/**
 * The latest-updated live lead of the organization whose phone (dialer.md §5 lookup normalisation) is
 * `number`, or whose property address is `address` (case-, spacing- and suffix-insensitively). Run it as
 * wholesail_system (withSystem, or asSystemRole inside a tenant transaction): candidates come from the
 * search_text trigram index, which PostgreSQL will not use for LIKE under row-level security; the
 * organization filter is explicit and the exact rules are applied here.
 */
export async function matchLeadByPhoneOrAddress(
  tx: Tx,
  organizationId: string,
  opts: { number: string | null; address?: string | null; phoneFields?: readonly LeadPhoneField[] },
): Promise<{ id: string; by: 'phone' | 'address' } | null> {
  const fields = opts.phoneFields ?? LOOKUP_PHONE_FIELDS;
  const number = opts.number ? toE164ForLookup(opts.number) : null;
  const digits = number ? digitsOf(number) : '';
  // Every phone that normalises to `number` contains these digits (10 national digits or 1 + those).
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  const key = addressKey(opts.address);
  if (national.length < 3 && !key) return null;
  const candidates = await tx
    .selectFrom('leads')
    .select(['id', 'updated_at', 'property_address_full', ...fields])
    .where('organization_id', '=', organizationId)
    .where('status', '<>', 'deleted')
    .where((eb) =>
      eb.or([
        ...(national.length >= 3 ? [eb('search_text', 'like', `%${national}%`)] : []),
        ...(key ? [eb('address_key', '=', key)] : []),
      ]),
    )
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .execute();
  for (const lead of candidates) {
    const row = lead as Record<string, unknown>;
    const phones = fields.map((f) => text(row[f])).filter((p) => p !== null);
    if (number && phones.some((p) => toE164ForLookup(p) === number)) return { id: lead.id, by: 'phone' };
    if (key && addressKey(text(lead.property_address_full)) === key) return { id: lead.id, by: 'address' };
  }
  return null;
}

/**
 * The lead a contact from `contact` to the organization's number `orgNumber` is about (an inbound text or call, a
 * call whose own lead is gone): the live lead of the latest outbound text or call from `orgNumber` to `contact`;
 * only without one, the latest-updated live lead with that phone (or that address). Two leads sharing a number
 * (one owner, two properties) each get the replies to their own texts. Run it as wholesail_system, like
 * matchLeadByPhoneOrAddress; every query filters by organization itself.
 */
export async function leadForContact(
  tx: Tx,
  organizationId: string,
  opts: { contact: string; orgNumber: string | null; address?: string | null; phoneFields?: readonly LeadPhoneField[] },
): Promise<{ id: string; by: 'history' | 'phone' | 'address' } | null> {
  if (opts.orgNumber) {
    const contact = toE164ForLookup(opts.contact);
    const orgNumber = toE164ForLookup(opts.orgNumber);
    const { rows } = await sql<{ lead_id: string }>`
      select o.lead_id from (
        (select lead_id, created_at from conversations
          where organization_id = ${organizationId} and direction = 'outbound' and to_e164 = ${contact} and from_e164 = ${orgNumber} and lead_id is not null)
        union all
        (select lead_id, created_at from calls where organization_id = ${organizationId} and to_e164 = ${contact} and from_e164 = ${orgNumber})
      ) o
      join leads l on l.organization_id = ${organizationId} and l.id = o.lead_id and l.status <> 'deleted'
      order by o.created_at desc
      limit 1`.execute(tx);
    if (rows[0]) return { id: rows[0].lead_id, by: 'history' };
  }
  return matchLeadByPhoneOrAddress(tx, organizationId, { number: opts.contact, address: opts.address, phoneFields: opts.phoneFields });
}
