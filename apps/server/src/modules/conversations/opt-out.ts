import { toE164ForCall, type OptOutMatch } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import { listOptOut, optInNumber } from '../dnc/service';
import { updateLead } from '../leads/repo';
import { audit, systemActor } from '../audit/audit';

export const OPT_OUT_ACTIONS = { optOut: 'lead.dnc_opt_out', optIn: 'lead.sms_opt_in' } as const;

/**
 * An inbound opt-out or opt-in, in the transaction that stores the text (docs/api-dnc.md).
 * Opt-out: the number that texted and every number of the lead it reached go on the Do-Not-Contact list
 * (source sms_opt_out), so the gate refuses calls and texts to them through any lead; the lead's own flag is
 * set; the realtime feed carries every lead change; activity_logs records the request: the message, the keyword
 * or phrase and the time.
 * Opt-in (START / UNSTOP): the listings that number's opt-out made come off the list, and every lead left with no
 * listed number has its own flag cleared (recorded in activity_logs, `dnc.removed` per number too). A listing
 * of another source (added by hand, a call) stays: only an owner or admin removes it.
 */
export async function applyOptRequest(
  tx: Tx,
  input: {
    organizationId: string;
    lead: { id: string; dnc_status?: unknown } & Record<string, unknown>;
    message: { id: string; from_e164: string | null; created_at: string };
    match: OptOutMatch;
  },
): Promise<void> {
  const { organizationId, lead, message, match } = input;
  const wasDnc = lead.dnc_status === true;
  const from = toE164ForCall(message.from_e164);
  const details = {
    conversation_id: message.id,
    keyword: match.keyword,
    phrase: match.phrase,
    received_at: message.created_at,
    from_e164: message.from_e164,
  };
  if (match.kind === 'opt_out') {
    const reason = match.keyword ? `Replied ${match.keyword}` : `Asked by text not to be contacted: “${match.phrase.slice(0, 300)}”`;
    if (!wasDnc) await updateLead(tx, organizationId, lead.id, { dnc_status: true });
    const listed = await listOptOut(tx, organizationId, { lead, from, reason });
    await audit(tx, systemActor(organizationId), OPT_OUT_ACTIONS.optOut, { type: 'lead', id: lead.id }, { ...details, reason, already_dnc: wasDnc, listed });
    return;
  }
  const result = from ? await optInNumber(tx, organizationId, from, `Texted ${match.keyword ?? 'START'}`) : { removed: [], leadsCleared: [], stillListed: null };
  await audit(tx, systemActor(organizationId), OPT_OUT_ACTIONS.optIn, { type: 'lead', id: lead.id }, {
      ...details, removed: result.removed, leads_cleared: result.leadsCleared, still_listed: result.stillListed,
      note: result.stillListed ? 'The number stays on the Do Not Call list (listed another way): an owner or admin removes it'
        : result.removed.length > 0 ? 'Opt-out listings removed' : 'The number was not on the Do Not Call list by an opt-out',
    });
}
