import { z } from 'zod';
import { LEAD_STATUSES } from '../leads/lead-fields';
import { MAX_TAG_LENGTH, normalizeTag } from '../leads/tags';
import { SMS_BODY_MAX } from '../sms/sms-api';
import { mergeFieldProblem } from './templates';

/** Bodies and records of the sequences routes (issue 22): a sequence is ordered steps, each after a delay. */
export const STEP_KINDS = ['text', 'email', 'call_task', 'set_status', 'add_tag', 'remove_tag', 'wait_until'] as const;
export type StepKind = (typeof STEP_KINDS)[number];

export const SEQUENCE_LIMITS = {
  name: 120,
  steps: { min: 1, max: 30 },
  /** A year of minutes. */
  delayMinutes: 525_600,
  cooldownDays: 365,
  dailyCap: 10_000,
  subject: 200,
  emailBody: 20_000,
  taskNote: 2_000,
} as const;

/** What a sequence is given when a create leaves it out. */
export const SEQUENCE_DEFAULTS = { stop_on_reply: true, cooldown_days: 30, daily_cap: null, exit_statuses: [] } as const;

/** The statuses a step may set or a sequence may exit on: every status but 'deleted', which only DELETE sets. */
const LIVE_STATUSES = LEAD_STATUSES.filter((s) => s !== 'deleted');

/** The optional fields each kind takes; any other one on that step is refused so nothing is silently ignored (the editor shows these). */
export const KIND_FIELDS: { readonly [K in StepKind]: readonly OptionalStepField[] } = {
  text: ['body'],
  email: ['subject', 'body'],
  call_task: ['assignee_id', 'body'],
  set_status: ['status'],
  add_tag: ['tag'],
  remove_tag: ['tag'],
  wait_until: ['weekday', 'time'],
};
const OPTIONAL_STEP_FIELDS = ['body', 'subject', 'status', 'tag', 'assignee_id', 'weekday', 'time'] as const;
export type OptionalStepField = (typeof OPTIONAL_STEP_FIELDS)[number];

const KIND_NAMES: { readonly [K in StepKind]: string } = {
  text: 'a text step', email: 'an email step', call_task: 'a call task step', set_status: 'a status step',
  add_tag: 'an add-tag step', remove_tag: 'a remove-tag step', wait_until: 'a wait step',
};

/** How a message names a step's field: the request path as the server's 400 names it (`steps.2.body`), so it is not named twice. */
export const stepField = (index: number, field: string) => `steps.${index}.${field}`;

/** One step as written; types here, each kind's rules on the steps list (they need the step's index for the message). */
const stepSchema = z
  .object({
    kind: z.enum(STEP_KINDS, { error: `expected one of ${STEP_KINDS.join(', ')}` }),
    delay_minutes: z.number({ error: 'expected a number of minutes' }),
    body: z.string({ error: 'expected text' }).trim().optional(),
    subject: z.string({ error: 'expected text' }).trim().optional(),
    status: z.string({ error: 'expected a lead status' }).optional(),
    tag: z.string({ error: 'expected a tag' }).optional(),
    assignee_id: z.string({ error: 'expected a member id' }).optional(),
    weekday: z.number({ error: 'expected a weekday from 0 (Sunday) to 6 (Saturday)' }).optional(),
    time: z.string({ error: 'expected a time as HH:MM' }).optional(),
  })
  .strict();
export type SequenceStep = z.infer<typeof stepSchema>;

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const count = (n: number) => n.toLocaleString('en-US');

/** What is wrong with one field of a step, by its kind; null when it is right. */
function fieldProblem(step: SequenceStep, field: OptionalStepField | 'delay_minutes'): string | null {
  const { kind } = step;
  const value = step[field];
  if (field === 'delay_minutes') {
    const d = step.delay_minutes;
    return Number.isInteger(d) && d >= 0 && d <= SEQUENCE_LIMITS.delayMinutes ? null : `must be a whole number of minutes from 0 to ${count(SEQUENCE_LIMITS.delayMinutes)} (a year)`;
  }
  if (value === undefined) {
    if (field === 'body' && kind === 'text') return 'a text step needs a message';
    if (field === 'body' && kind === 'email') return 'an email step needs a message';
    if (field === 'subject' && kind === 'email') return 'an email step needs a subject';
    if (field === 'status' && kind === 'set_status') return 'a status step needs the status to set';
    if (field === 'tag' && (kind === 'add_tag' || kind === 'remove_tag')) return `${KIND_NAMES[kind]} needs a tag`;
    return null;
  }
  if (!KIND_FIELDS[kind].includes(field)) return `${KIND_NAMES[kind]} has no ${field}`;
  switch (field) {
    case 'body': {
      const body = step.body!;
      if (!body) return kind === 'call_task' ? null : `${KIND_NAMES[kind]} needs a message`;
      const max = kind === 'text' ? SMS_BODY_MAX : kind === 'email' ? SEQUENCE_LIMITS.emailBody : SEQUENCE_LIMITS.taskNote;
      if (body.length > max) return `${kind === 'call_task' ? 'a task note' : 'a message'} can be at most ${count(max)} characters`;
      return kind === 'call_task' ? null : mergeFieldProblem(body);
    }
    case 'subject':
      if (!step.subject) return 'an email step needs a subject';
      if (step.subject.length > SEQUENCE_LIMITS.subject) return `a subject can be at most ${SEQUENCE_LIMITS.subject} characters`;
      return mergeFieldProblem(step.subject);
    case 'status':
      return (LIVE_STATUSES as readonly string[]).includes(step.status!) ? null : `expected one of ${LIVE_STATUSES.join(', ')}`;
    case 'tag': {
      const tag = normalizeTag(step.tag!);
      if (!tag) return `${KIND_NAMES[kind]} needs a tag`;
      return step.tag!.trim().length > MAX_TAG_LENGTH ? `a tag can be at most ${MAX_TAG_LENGTH} characters` : null;
    }
    case 'assignee_id':
      return step.assignee_id!.length >= 1 && step.assignee_id!.length <= 100 ? null : 'expected a member id';
    case 'weekday':
      return Number.isInteger(step.weekday) && step.weekday! >= 0 && step.weekday! <= 6 ? null : 'expected a weekday from 0 (Sunday) to 6 (Saturday)';
    case 'time':
      return TIME.test(step.time!) ? null : 'expected a time as HH:MM (24-hour, e.g. 09:30)';
  }
}

/** 1–30 steps, each checked by its kind; a wrong field is named with its step's index: `steps.2.body: a text step needs a message`. */
const stepsSchema = z
  .array(stepSchema, { error: 'steps: expected a list of steps' })
  .min(SEQUENCE_LIMITS.steps.min, 'steps: a sequence needs at least one step')
  .max(SEQUENCE_LIMITS.steps.max, `steps: a sequence can have at most ${SEQUENCE_LIMITS.steps.max} steps`)
  .superRefine((steps, ctx) => {
    steps.forEach((step, i) => {
      for (const field of ['delay_minutes', ...OPTIONAL_STEP_FIELDS] as const) {
        const problem = fieldProblem(step, field);
        if (problem) ctx.addIssue({ code: 'custom', path: [i, field], message: `${stepField(i, field)}: ${problem}` });
      }
      if (step.kind === 'wait_until' && step.weekday === undefined && step.time === undefined) {
        ctx.addIssue({ code: 'custom', path: [i, 'weekday'], message: `${stepField(i, 'weekday')}: a wait step needs a weekday, a time or both` });
      }
    });
  })
  .transform((steps) => steps.map((s) => (s.tag === undefined ? s : { ...s, tag: normalizeTag(s.tag) })));

const whole = (field: string, min: number, max: number, unit: string) =>
  z
    .number({ error: `${field}: expected a number of ${unit}` })
    .int(`${field}: must be a whole number of ${unit}`)
    .min(min, `${field}: must be at least ${count(min)}`)
    .max(max, `${field}: must be at most ${count(max)}`);

const sequenceFields = {
  name: z
    .string({ error: 'name: expected text' })
    .trim()
    .min(1, 'name: a sequence needs a name')
    .max(SEQUENCE_LIMITS.name, `name: must be at most ${SEQUENCE_LIMITS.name} characters`),
  steps: stepsSchema,
  /** A reply (a text in, or a call connected) ends the enrolment; false keeps the lead in. */
  stop_on_reply: z.boolean({ error: 'stop_on_reply: expected true or false' }),
  /** Days after leaving before the lead may be enrolled in this sequence again. */
  cooldown_days: whole('cooldown_days', 0, SEQUENCE_LIMITS.cooldownDays, 'days'),
  /** Most steps this sequence sends a day; null: only the organization's cap. */
  daily_cap: whole('daily_cap', 1, SEQUENCE_LIMITS.dailyCap, 'sends').nullable(),
  /** Statuses that end an enrolment when a lead reaches one. */
  exit_statuses: z
    .array(z.enum(LIVE_STATUSES, { error: `exit_statuses: expected statuses among ${LIVE_STATUSES.join(', ')}` }), { error: 'exit_statuses: expected a list of statuses' })
    .max(LIVE_STATUSES.length, 'exit_statuses: name each status once')
    .transform((s) => [...new Set(s)]),
};

/** POST /api/sequences */
export const createSequenceBody = z
  .object({
    ...sequenceFields,
    stop_on_reply: sequenceFields.stop_on_reply.default(SEQUENCE_DEFAULTS.stop_on_reply),
    cooldown_days: sequenceFields.cooldown_days.default(SEQUENCE_DEFAULTS.cooldown_days),
    daily_cap: sequenceFields.daily_cap.default(SEQUENCE_DEFAULTS.daily_cap),
    exit_statuses: sequenceFields.exit_statuses.default([]),
  })
  .strict();
export type CreateSequence = z.infer<typeof createSequenceBody>;

/** PATCH /api/sequences/:id: any of the fields; `steps` replaces the whole list. */
export const updateSequenceBody = z
  .object(sequenceFields)
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'name a change: name, steps, stop_on_reply, cooldown_days, daily_cap or exit_statuses');
export type SequencePatch = z.infer<typeof updateSequenceBody>;

/** A sequence as the API answers it, with how many leads are in it, replied and left. */
export const sequenceSchema = z.object({
  id: z.string(),
  name: z.string(),
  steps: z.array(stepSchema),
  stop_on_reply: z.boolean(),
  cooldown_days: z.number(),
  daily_cap: z.number().nullable(),
  exit_statuses: z.array(z.string()),
  counts: z.object({ active: z.number(), completed: z.number(), exited: z.number(), replied: z.number() }),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Sequence = z.infer<typeof sequenceSchema>;
export const sequenceListSchema = z.object({ items: z.array(sequenceSchema) });
