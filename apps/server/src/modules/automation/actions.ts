import { EXIT_REASON_INFO, EXIT_REASONS, type ExitReason } from '@wholesail/domain';

/** The lead timeline's sequence entries (activity/describe.ts turns each into a sentence). */
export const SEQUENCE_ACTIONS = {
  enrolled: 'sequence.enrolled',
  exited: 'sequence.exited',
} as const;

const isExitReason = (value: unknown): value is ExitReason => (EXIT_REASONS as readonly unknown[]).includes(value);

/** The timeline sentence of a sequence entry (details: sequence_name, and reason for an exit). */
export function describeSequence(action: string, details: Record<string, unknown>): string | null {
  const name = typeof details.sequence_name === 'string' ? `the sequence “${details.sequence_name}”` : 'a sequence';
  switch (action) {
    case SEQUENCE_ACTIONS.enrolled:
      return `Enrolled in ${name}`;
    case SEQUENCE_ACTIONS.exited:
      return `Left ${name}${isExitReason(details.reason) ? `: ${EXIT_REASON_INFO[details.reason].sentence}` : ''}`;
    default:
      return null;
  }
}
