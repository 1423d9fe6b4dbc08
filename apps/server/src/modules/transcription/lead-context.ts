import { CALL_LEAD_CONTEXT_MESSAGES, derivedEquity, displayName, type CallLeadContext, type CoachingLeadContext, type Lead, type LeadRecord } from '@wholesail/domain';
import { asSystemRole, type Tx } from '../../db/scope';
import { notFound } from '../../http/errors';
import { leadForContact, text } from '../leads/phone-match';
import { findLead } from '../leads/repo';
import { leadRecord } from '../leads/service';

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
 * GET /api/calls/by-sid/:callSid/lead-context, in the caller's transaction: the call's own lead; when the call is not
 * linked to a live lead (its lead was deleted), the lead leadForContact finds for the number called from the call's caller ID:
 * the lead of the latest other text or call between them, else the latest-updated live lead of the
 * organization whose phone (dialer.md §5 lookup normalisation) is the number called, or whose property address
 * is the deleted lead's.
 */
export async function callLeadContext(tx: Tx, organizationId: string, callSid: string): Promise<CallLeadContext> {
  const call = await tx.selectFrom('calls').select(['lead_id', 'from_e164', 'to_e164']).where('organization_id', '=', organizationId).where('call_sid', '=', callSid).executeTakeFirst();
  if (!call) throw notFound(CALL_LEAD_CONTEXT_MESSAGES.noCall);
  const own = await findLead(tx, organizationId, call.lead_id);
  if (own) return answer(await leadRecord(tx, organizationId, own, true), 'call');

  const former = await tx.selectFrom('leads').select('property_address_full').where('organization_id', '=', organizationId).where('id', '=', call.lead_id).executeTakeFirst();
  const address = text(former?.property_address_full);
  const match = await asSystemRole(tx, () => leadForContact(tx, organizationId, { contact: call.to_e164, orgNumber: call.from_e164, address }));
  const row = match && (await findLead(tx, organizationId, match.id));
  if (!match || !row) throw notFound(CALL_LEAD_CONTEXT_MESSAGES.notLinked);
  // Found through the number's own history: matched by the phone number.
  return answer(await leadRecord(tx, organizationId, row, true), match.by === 'history' ? 'phone' : match.by);
}

function answer(lead: LeadRecord, matchedBy: CallLeadContext['matched_by']): CallLeadContext {
  return {
    lead,
    context: coachingLeadContext(lead),
    matched_by: matchedBy,
    message: matchedBy === 'call' ? null : CALL_LEAD_CONTEXT_MESSAGES.matchedByPhoneOrAddress,
  };
}
