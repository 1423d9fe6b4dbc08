import { detectOptOut } from '../sms/opt-out';

/** Why a lead left a sequence before its last step; each exit is recorded with one of these. */
export const EXIT_REASONS = ['replied', 'dnc', 'status_changed', 'deal_opened', 'removed'] as const;
export type ExitReason = (typeof EXIT_REASONS)[number];

/** The words the screens show for each reason: a short label and the sentence of the lead's automation panel. */
export const EXIT_REASON_INFO: { readonly [R in ExitReason]: { label: string; sentence: string } } = {
  replied: { label: 'Replied', sentence: 'The lead replied, so the sequence stopped.' },
  dnc: { label: 'Do not contact', sentence: 'The lead’s number is on the Do-Not-Contact list, so the sequence stopped.' },
  status_changed: { label: 'Status changed', sentence: 'The lead’s status changed to one this sequence stops at.' },
  deal_opened: { label: 'Deal opened', sentence: 'A deal was opened for the lead, so the sequence stopped.' },
  removed: { label: 'Removed', sentence: 'A member removed the lead from the sequence.' },
};

/** What happened to an enrolled lead. A text's body is read for an opt-out ("STOP"), which ends it whatever the sequence says. */
export type EnrolmentEvent =
  | { type: 'text_received'; body?: string }
  | { type: 'call_connected' }
  | { type: 'dnc_listed' }
  | { type: 'status_changed'; status: string }
  | { type: 'deal_opened' }
  | { type: 'removed' };

export interface ExitSettings {
  stop_on_reply: boolean;
  exit_statuses: readonly string[];
}

/** Whether an event ends an enrolment, and with which reason; null keeps the lead in. */
export function exitFor(event: EnrolmentEvent, sequence: ExitSettings): ExitReason | null {
  switch (event.type) {
    case 'text_received':
      // An opt-out is never only a reply: the number will not be texted again, so the sequence cannot go on.
      if (event.body !== undefined && detectOptOut(event.body) === 'opt_out') return 'dnc';
      return sequence.stop_on_reply ? 'replied' : null;
    case 'call_connected':
      return sequence.stop_on_reply ? 'replied' : null;
    case 'dnc_listed':
      return 'dnc';
    case 'status_changed':
      return sequence.exit_statuses.includes(event.status) ? 'status_changed' : null;
    case 'deal_opened':
      return 'deal_opened';
    case 'removed':
      return 'removed';
  }
}
