import { exitFor, type EnrolmentEvent } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import { systemActor } from '../audit/audit';
import type { EventOutbox } from '../outbox/delivery';
import { exitEnrolments } from './enrolments';

/** The name the exits' deliveries are recorded under. */
export const AUTOMATION_SUBSCRIBER = 'automation.exits';

/** Call outcomes that mean nobody picked up: not a reply. */
export const NOT_CONNECTED = ['no_answer', 'wrong_number'];

/** Applies exitFor to each active enrolment of the lead: those it ends leave with the reason, their pending runs skipped, on the timeline. */
export async function exitLead(tx: Tx, organizationId: string, leadId: string, event: EnrolmentEvent, now: Date): Promise<void> {
  const active = await tx
    .selectFrom('sequence_enrollments as e')
    .innerJoin('sequences as s', (j) => j.onRef('s.organization_id', '=', 'e.organization_id').onRef('s.id', '=', 'e.sequence_id'))
    .select(['s.id', 's.name', 's.stop_on_reply', 's.exit_statuses'])
    .where('e.organization_id', '=', organizationId)
    .where('e.lead_id', '=', leadId)
    .where('e.status', '=', 'active')
    .execute();
  for (const sequence of active) {
    const reason = exitFor(event, sequence);
    if (reason) await exitEnrolments(tx, systemActor(organizationId), sequence, reason, now, leadId);
  }
}

/**
 * Exits on what happens to an enrolled lead, in the delivery's transaction (once per event): a text in (its body
 * read for an opt-out), a call that connected, a number listed on the Do-Not-Contact list, a status change, a deal
 * opened. The status is read when the event is delivered (events carry ids, not copies).
 */
export function subscribeAutomationExits(outbox: EventOutbox, clock: () => Date): void {
  const name = AUTOMATION_SUBSCRIBER;
  outbox.subscribe('text.received', name, async (event, tx) => {
    const message = await tx.selectFrom('conversations').select('body').where('organization_id', '=', event.organizationId).where('id', '=', event.conversationId).executeTakeFirst();
    await exitLead(tx, event.organizationId, event.leadId, { type: 'text_received', body: message?.body }, clock());
  });
  outbox.subscribe('call.completed', name, async (event, tx) => {
    if (!NOT_CONNECTED.includes(event.outcome)) await exitLead(tx, event.organizationId, event.leadId, { type: 'call_connected' }, clock());
  });
  outbox.subscribe('lead.dnc_added', name, (event, tx) => exitLead(tx, event.organizationId, event.leadId, { type: 'dnc_listed' }, clock()));
  outbox.subscribe('lead.updated', name, async (event, tx) => {
    if (!event.fields.includes('status')) return;
    const lead = await tx.selectFrom('leads').select('status').where('organization_id', '=', event.organizationId).where('id', '=', event.leadId).executeTakeFirst();
    if (lead) await exitLead(tx, event.organizationId, event.leadId, { type: 'status_changed', status: lead.status }, clock());
  });
  outbox.subscribe('deal.created', name, (event, tx) => exitLead(tx, event.organizationId, event.leadId, { type: 'deal_opened' }, clock()));
}
