/** How the screens name a step's kind. */
import type { StepKind } from '@wholesail/domain';

/** The editor's choice of what a step does. */
export const STEP_KIND_LABELS: { readonly [K in StepKind]: string } = {
  text: 'Send a text',
  email: 'Send an email',
  call_task: 'Create a call task',
  set_status: 'Change the status',
  add_tag: 'Add a tag',
  remove_tag: 'Remove a tag',
  wait_until: 'Wait until a day or time',
};

/** A step as a lead's automation card lists it. */
export const STEP_KIND_NOUNS: { readonly [K in StepKind]: string } = {
  text: 'Text',
  email: 'Email',
  call_task: 'Call task',
  set_status: 'Status change',
  add_tag: 'Tag added',
  remove_tag: 'Tag removed',
  wait_until: 'Wait',
};
