import type { OptOutMatch } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import { updateLead } from '../leads/repo';
import { logActivity } from '../organizations/repo';

export const OPT_OUT_ACTIONS = { optOut: 'lead.dnc_opt_out', optIn: 'lead.sms_opt_in' } as const;

/**
 * An inbound opt-out or opt-in, in the transaction that stores the text. Opt-out: the lead goes on the
 * Do Not Call list (dnc_status true, so the gate refuses calls and texts from now on, and the realtime feed
 * carries the lead change) and activity_logs records the request: the message, the keyword or phrase and
 * the time. Opt-in (START / UNSTOP) is recorded only: clearing DNC stays an admin's action.
 */
export async function applyOptRequest(
  tx: Tx,
  input: {
    organizationId: string;
    lead: { id: string; dnc_status?: unknown };
    message: { id: string; from_e164: string | null; created_at: string };
    match: OptOutMatch;
  },
): Promise<void> {
  const { organizationId, lead, message, match } = input;
  const wasDnc = lead.dnc_status === true;
  const details = {
    conversation_id: message.id,
    keyword: match.keyword,
    phrase: match.phrase,
    received_at: message.created_at,
    from_e164: message.from_e164,
  };
  if (match.kind === 'opt_out') {
    if (!wasDnc) await updateLead(tx, organizationId, lead.id, { dnc_status: true });
    await logActivity(tx, {
      organizationId, actorId: null, action: OPT_OUT_ACTIONS.optOut, entityType: 'lead', entityId: lead.id,
      details: { ...details, reason: match.keyword ? `Replied ${match.keyword}` : 'Asked by text not to be contacted', already_dnc: wasDnc },
    });
    return;
  }
  await logActivity(tx, {
    organizationId, actorId: null, action: OPT_OUT_ACTIONS.optIn, entityType: 'lead', entityId: lead.id,
    details: { ...details, dnc_status: wasDnc, note: wasDnc ? 'Do Not Call kept: an admin clears it' : 'Lead was not on the Do Not Call list' },
  });
}
