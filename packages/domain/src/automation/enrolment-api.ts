import { z } from 'zod';
import { listLeadsQuery } from '../leads/lead-api';
import { EXIT_REASONS } from './exits';
import { STEP_KINDS } from './sequence-api';

/** Enrolments of leads in sequences and what each step did (issue 22). */
export const ENROLMENT_STATUSES = ['active', 'completed', 'exited'] as const;
export type EnrolmentStatus = (typeof ENROLMENT_STATUSES)[number];

/** Leads one enrolment request may name: the budget enrols 10,000 in one request. */
export const ENROL_MAX_LEADS = 10_000;

/** The leads list's filter (the same fields as GET /api/leads), without paging: every lead it matches is enrolled. */
export const enrolFilterSchema = listLeadsQuery.omit({ limit: true, offset: true, deleted: true });

/** POST /api/sequences/:id/enrollments: the leads by id, or every lead of a leads-list filter. */
export const enrolBody = z
  .object({
    lead_ids: z
      .array(z.uuid('lead_ids: expected lead ids'), { error: 'lead_ids: expected a list of lead ids' })
      .min(1, 'lead_ids: choose at least one lead')
      .max(ENROL_MAX_LEADS, `lead_ids: at most ${ENROL_MAX_LEADS.toLocaleString('en-US')} leads at a time`)
      .transform((ids) => [...new Set(ids)])
      .optional(),
    filter: enrolFilterSchema.optional(),
  })
  .strict()
  .refine((b) => (b.lead_ids === undefined) !== (b.filter === undefined), 'choose the leads to enrol: lead_ids or filter, not both');
export type EnrolRequest = z.infer<typeof enrolBody>;

/** Why a lead was not enrolled. */
export const ENROL_SKIP_REASONS = ['already_enrolled', 'cooldown', 'dnc', 'not_found'] as const;
export type EnrolSkipReason = (typeof ENROL_SKIP_REASONS)[number];
export const ENROL_SKIP_SENTENCES: { readonly [R in EnrolSkipReason]: string } = {
  already_enrolled: 'Already in this sequence',
  cooldown: 'Left this sequence recently; the cooldown has not passed',
  dnc: 'On the Do-Not-Contact list',
  not_found: 'Lead not found',
};

export const enrolResultSchema = z.object({
  enrolled: z.number(),
  skipped: z.array(z.object({ lead_id: z.string(), reason: z.enum(ENROL_SKIP_REASONS) })),
});
export type EnrolResult = z.infer<typeof enrolResultSchema>;

/** A lead in a sequence: where it is, when its next step is due, and why it left. */
export const enrolmentSchema = z.object({
  id: z.string(),
  lead_id: z.string(),
  sequence_id: z.string(),
  sequence_name: z.string(),
  status: z.enum(ENROLMENT_STATUSES),
  exit_reason: z.enum(EXIT_REASONS).nullable(),
  /** Index of the next step to run (the number of steps when completed). */
  current_step: z.number(),
  /** When the next step is due, after any move into the calling window; null once the enrolment ended. */
  next_due_at: z.string().nullable(),
  enrolled_at: z.string(),
  enrolled_by: z.string().nullable(),
  ended_at: z.string().nullable(),
});
export type Enrolment = z.infer<typeof enrolmentSchema>;

/** 'running': claimed by the engine, its outcome not yet written (a run cut off by a crash is settled as skipped by the sweep). */
export const STEP_RUN_STATES = ['done', 'due', 'moved', 'skipped', 'running'] as const;
export type StepRunState = (typeof STEP_RUN_STATES)[number];

/** One step of an enrolment: done, due, moved into the calling window (why) or skipped (why). */
export const stepRunSchema = z.object({
  step_index: z.number(),
  kind: z.enum(STEP_KINDS),
  state: z.enum(STEP_RUN_STATES),
  /** When the step fell due by its delay. */
  due_at: z.string().nullable(),
  /** When a moved step will run: the next legal minute. */
  moved_to: z.string().nullable(),
  ran_at: z.string().nullable(),
  /** The sentence explaining a move or a skip; null for done and due steps. */
  reason: z.string().nullable(),
});
export type StepRun = z.infer<typeof stepRunSchema>;

/** GET /api/leads/:id/automation: the lead's enrolments, newest first, each with its steps. */
export const leadAutomationSchema = z.object({ items: z.array(enrolmentSchema.extend({ steps: z.array(stepRunSchema) })) });
export type LeadAutomation = z.infer<typeof leadAutomationSchema>;
