import type { Kysely } from 'kysely';
import {
  addressKey, CALL_LEAD_CONTEXT_MESSAGES, derivedEquity, digitsOf, displayName, toE164ForLookup, type CallLeadContext,
  type CoachingLeadContext, type Lead,
} from '@wholesail/domain';
import { withSystem, withTenant } from '../../db/scope';
import type { DB } from '../../db/types';
import { notFound } from '../../http/errors';
import { findLead, toLead } from '../leads/repo';

/** What the coach knows about a lead (dialer.md §3 context fields, §7 leadContext): the one place it is built. */
export function coachingLeadContext(lead: Lead): CoachingLeadContext {
  const name = displayName(lead);
  return {
    id: lead.id,
    owner_name: name === 'Unknown Lead' ? null : name,
    property_address: lead.property_address_full,
    estimated_value: lead.estimated_value,
    equity_amount: derivedEquity(lead),
    motivation_score: lead.motivation_score,
    status: lead.status,
    badges: lead.badges ?? [],
    property_type: lead.property_type,
    is_out_of_state_owner: lead.out_of_state_owner === true,
    is_vacant: lead.vacant === true,
    is_tenant_occupied: lead.tenant_occupied === true,
    notes: lead.notes,
  };
}

/** Lead columns are untyped at the database layer (leads/repo.ts toLead converts them); these are text. */
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** The phone fields the fallback lookup compares (dialer.md §7). */
const LOOKUP_PHONES = ['contact_1_phone1', 'contact_1_phone2', 'contact_1_phone3', 'phone'] as const;

/**
 * GET /api/calls/by-sid/:callSid/lead-context: the call's own lead; when the call is not linked to a live
 * lead (its lead was deleted), the latest-updated live lead of the organization whose phone (dialer.md §5
 * lookup normalisation) is the number called, or whose property address is the deleted lead's.
 */
export async function callLeadContext(db: Kysely<DB>, organizationId: string, callSid: string): Promise<CallLeadContext> {
  const call = await withTenant(db, organizationId, async (tx) => {
    const found = await tx.selectFrom('calls').select(['lead_id', 'to_e164']).where('organization_id', '=', organizationId).where('call_sid', '=', callSid).executeTakeFirst();
    if (!found) return undefined;
    const former = await tx.selectFrom('leads').select('property_address_full').where('organization_id', '=', organizationId).where('id', '=', found.lead_id).executeTakeFirst();
    return { ...found, lead: await findLead(tx, organizationId, found.lead_id), address: text(former?.property_address_full) };
  });
  if (!call) throw notFound(CALL_LEAD_CONTEXT_MESSAGES.noCall);
  if (call.lead) return answer(toLead(call.lead), 'call');

  const match = await matchLead(db, organizationId, call.to_e164, call.address);
  const row = match && (await withTenant(db, organizationId, (tx) => findLead(tx, organizationId, match.id)));
  if (!match || !row) throw notFound(CALL_LEAD_CONTEXT_MESSAGES.notLinked);
  return answer(toLead(row), match.by);
}

function answer(lead: Lead, matchedBy: CallLeadContext['matched_by']): CallLeadContext {
  return {
    lead,
    context: coachingLeadContext(lead),
    matched_by: matchedBy,
    message: matchedBy === 'call' ? null : CALL_LEAD_CONTEXT_MESSAGES.matchedByPhoneOrAddress,
  };
}

/**
 * The latest-updated live lead matching the number or the address. Candidates are found as
 * wholesail_system with an explicit organization filter, as the lead list does (under row-level
 * security PostgreSQL will not use the trigram index for LIKE); the exact rules are then applied here and
 * the row itself is read through the tenant wall.
 */
async function matchLead(db: Kysely<DB>, organizationId: string, toNumber: string, address: string | null) {
  const number = toE164ForLookup(toNumber);
  const digits = digitsOf(number);
  // Every phone that normalises to `number` contains these digits (10 national digits or 1 + those).
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  const key = addressKey(address);
  if (national.length < 3 && !key) return null;
  const candidates = await withSystem(db, (tx) =>
    tx
      .selectFrom('leads')
      .select(['id', 'updated_at', 'property_address_full', ...LOOKUP_PHONES])
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
      .execute(),
  );
  for (const lead of candidates) {
    const phones = LOOKUP_PHONES.map((f) => text(lead[f])).filter((p) => p !== null);
    if (phones.some((p) => toE164ForLookup(p) === number)) return { id: lead.id, by: 'phone' as const };
    if (key && addressKey(text(lead.property_address_full)) === key) return { id: lead.id, by: 'address' as const };
  }
  return null;
}
