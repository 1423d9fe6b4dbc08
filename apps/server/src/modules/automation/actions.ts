import { EXIT_REASON_INFO, EXIT_REASONS, STEP_KINDS, type ExitReason, type StepKind } from '@wholesail/domain';

/** The lead timeline's sequence entries (activity/describe.ts turns each into a sentence). */
export const SEQUENCE_ACTIONS = {
  enrolled: 'sequence.enrolled',
  exited: 'sequence.exited',
  stepDone: 'sequence.step_done',
  stepMoved: 'sequence.step_moved',
  stepSkipped: 'sequence.step_skipped',
  completed: 'sequence.completed',
} as const;

/** What a step that ran did, as the timeline says it. */
const DONE_WORDS: { readonly [K in StepKind]: string } = {
  text: 'text sent',
  email: 'email sent',
  call_task: 'call task created',
  set_status: 'status set',
  add_tag: 'tag added',
  remove_tag: 'tag removed',
  wait_until: 'wait over',
};
const KIND_WORDS: { readonly [K in StepKind]: string } = {
  text: 'text', email: 'email', call_task: 'call task', set_status: 'status change', add_tag: 'tag', remove_tag: 'tag removal', wait_until: 'wait',
};

const isExitReason = (value: unknown): value is ExitReason => (EXIT_REASONS as readonly unknown[]).includes(value);
const isStepKind = (value: unknown): value is StepKind => (STEP_KINDS as readonly unknown[]).includes(value);

/** The timeline sentence of a sequence entry (details: sequence_name; a step's step (0-based) and kind; a reason). */
export function describeSequence(action: string, details: Record<string, unknown>): string | null {
  const name = typeof details.sequence_name === 'string' ? `the sequence “${details.sequence_name}”` : 'a sequence';
  const step = typeof details.step === 'number' ? `step ${details.step + 1}` : 'a step';
  const kind = isStepKind(details.kind) ? details.kind : null;
  const reason = typeof details.reason === 'string' && details.reason ? `: ${details.reason}` : '';
  switch (action) {
    case SEQUENCE_ACTIONS.enrolled:
      return `Enrolled in ${name}`;
    case SEQUENCE_ACTIONS.exited:
      return `Left ${name}${isExitReason(details.reason) ? `: ${EXIT_REASON_INFO[details.reason].sentence}` : ''}`;
    case SEQUENCE_ACTIONS.stepDone:
      return `In ${name}, ${step}: ${kind ? DONE_WORDS[kind] : 'done'}`;
    case SEQUENCE_ACTIONS.stepMoved:
      return `In ${name}, ${step} (${kind ? KIND_WORDS[kind] : 'step'}) moved to a later time${reason}`;
    case SEQUENCE_ACTIONS.stepSkipped:
      return `In ${name}, ${step} (${kind ? KIND_WORDS[kind] : 'step'}) skipped${reason}`;
    case SEQUENCE_ACTIONS.completed:
      return `Finished ${name}`;
    default:
      return null;
  }
}
