/** Call outcomes of platform.md §3 and the follow-up rule of §5. */
export const CALL_OUTCOMES = [
  'interested', 'maybe', 'not_interested', 'callback_requested', 'appointment_scheduled', 'offer_made', 'no_answer', 'wrong_number',
] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

export const CALL_OUTCOME_LABELS: Record<CallOutcome, string> = {
  interested: 'Interested',
  maybe: 'Maybe',
  not_interested: 'Not Interested',
  callback_requested: 'Callback Requested',
  appointment_scheduled: 'Appointment Scheduled',
  offer_made: 'Offer Made',
  no_answer: 'No Answer',
  wrong_number: 'Wrong Number',
};

export const FOLLOW_UP_OUTCOMES: readonly CallOutcome[] = ['callback_requested', 'maybe', 'interested'];

export function outcomeAllowsFollowUp(outcome: string): boolean {
  return (FOLLOW_UP_OUTCOMES as readonly string[]).includes(outcome);
}

export function isCallOutcome(value: unknown): value is CallOutcome {
  return typeof value === 'string' && (CALL_OUTCOMES as readonly string[]).includes(value);
}
