import type { Kysely } from 'kysely';
import { CALL_LEAD_CONTEXT_MESSAGES, derivedEquity, displayName, type CallLeadContext, type CoachingLeadContext, type Lead } from '@wholesail/domain';
import { withSystem, withTenant } from '../../db/scope';
import type { DB } from '../../db/types';
import { notFound } from '../../http/errors';
import { matchLeadByPhoneOrAddress, text } from '../leads/phone-match';
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

  const match = await withSystem(db, (tx) => matchLeadByPhoneOrAddress(tx, organizationId, { number: call.to_e164, address: call.address }));
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
