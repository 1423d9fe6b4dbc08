import { z } from 'zod';
import { LEAD_STATUSES, type LeadStatus } from '../leads/lead-fields';
import { CALL_OUTCOMES, type CallOutcome } from './outcomes';

/** What a logged call outcome does to its lead's status: a status, or leave it as it is. */
export const NO_STATUS_CHANGE = 'no_change';
export const OUTCOME_STATUS_CHOICES = [NO_STATUS_CHANGE, ...LEAD_STATUSES.filter((s) => s !== 'deleted')] as const;
export type OutcomeStatusChoice = (typeof OUTCOME_STATUS_CHOICES)[number];
export type OutcomeStatusMap = Record<CallOutcome, OutcomeStatusChoice>;

/**
 * Defaults a wholesaling team expects: interest moves the lead forward in the pipeline, a callback or a maybe puts
 * it on follow-up, an offer or an appointment makes it an offer lead; no answer, a wrong number and a plain no
 * leave the status as it was (the call itself is recorded on the lead either way).
 */
export const DEFAULT_OUTCOME_STATUS: OutcomeStatusMap = {
  interested: 'interested-add-followup',
  maybe: 'add-to-followup',
  not_interested: NO_STATUS_CHANGE,
  callback_requested: 'add-to-followup',
  appointment_scheduled: 'interested-set-offer',
  offer_made: 'interested-set-offer',
  no_answer: NO_STATUS_CHANGE,
  wrong_number: NO_STATUS_CHANGE,
};

const choice = z.enum(OUTCOME_STATUS_CHOICES, { error: `expected ${NO_STATUS_CHANGE} or a lead status (${LEAD_STATUSES.filter((s) => s !== 'deleted').join(', ')})` });

/** The whole mapping as stored; a save may send only the outcomes it changes. */
export const outcomeStatusSchema = z.object(Object.fromEntries(CALL_OUTCOMES.map((o) => [o, choice])) as Record<CallOutcome, typeof choice>).strict();
export const outcomeStatusPatch = outcomeStatusSchema.partial().strict();

/** The status a lead takes when `outcome` is logged, or null to leave it. */
export function statusAfterOutcome(map: OutcomeStatusMap, outcome: CallOutcome): LeadStatus | null {
  const next = map[outcome];
  return next === NO_STATUS_CHANGE ? null : next;
}
