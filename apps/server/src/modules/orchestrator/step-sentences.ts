import { leadStatusLabel, type StepKind, type StepRunState } from '@wholesail/domain';

/** The parts of a step a sentence names (the sequence's stored step). */
export interface StepWords {
  status?: string;
  tag?: string;
}

const DONE: { readonly [K in StepKind]: (step: StepWords) => string } = {
  text: () => 'The text was sent.',
  email: () => 'The email was sent.',
  call_task: () => 'A call task was created.',
  set_status: (step) => (step.status ? `The status was set to ${leadStatusLabel(step.status)}.` : 'The status was changed.'),
  add_tag: (step) => (step.tag ? `The tag “${step.tag}” was added.` : 'The tag was added.'),
  remove_tag: (step) => (step.tag ? `The tag “${step.tag}” was removed.` : 'The tag was removed.'),
  wait_until: () => 'The wait reached its day and time.',
};

/**
 * The feed's sentence for a step run: the engine's own reason for a move or a skip (the gate's or the cap's
 * sentence), else what was done or when it is due.
 */
export function stepSentence(run: { kind: StepKind; state: StepRunState; step_index: number; reason: string | null }, step: StepWords): string {
  switch (run.state) {
    case 'done':
      return DONE[run.kind](step);
    case 'due':
      return run.step_index === 0 ? 'Due by its delay after the enrolment.' : 'Due by its delay after the previous step.';
    case 'running':
      return 'Running now.';
    case 'moved':
      return run.reason ?? 'Moved to a later time.';
    case 'skipped':
      return run.reason ?? 'Skipped.';
  }
}
