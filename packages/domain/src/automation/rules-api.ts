import { z } from 'zod';
import { CALL_OUTCOMES } from '../calls/outcomes';
import { DEAL_STAGES } from '../deals/deal-api';
import { LEAD_STATUSES } from '../leads/lead-fields';
import { MAX_TAG_LENGTH, MAX_TAGS, normalizeTag, normalizeTags } from '../leads/tags';
import { enrolFilterSchema } from './enrolment-api';

/**
 * Rules (issue 22): when something happens to a lead (the trigger), and the lead matches the conditions, do the
 * actions. Every action goes through the module that owns it (an enrolment through the sequences' enrol, a status
 * through the leads' update), so the compliance gate and the audit apply as they do for a member.
 */
export const RULE_LIMITS = { name: 120, actions: { min: 1, max: 10 }, unansweredCalls: { min: 1, max: 20 }, taskTitle: 200, notifyMessage: 500, members: 50 } as const;

const LIVE_STATUSES = LEAD_STATUSES.filter((s) => s !== 'deleted');

/*
 * Messages: the server names the field by its path ("actions.2.tag: a tag cannot be empty"), so a message inside the
 * list of actions names no field of its own (it cannot know its index); messages elsewhere start with their path.
 * Normalising uses overwrite(), not transform(): a stored rule is answered through these schemas, and a response is
 * encoded, which a one-way transform refuses (the conditions' tags, which may come as a string, have a stored schema).
 */
const named = (field: string | null, message: string) => (field ? `${field}: ${message}` : message);
const statusField = (field: string | null) => z.enum(LIVE_STATUSES, { error: named(field, `expected one of ${LIVE_STATUSES.join(', ')}`) });
const tagField = (field: string | null) =>
  z
    .string({ error: named(field, 'expected a tag') })
    .refine((t) => normalizeTag(t) !== '', named(field, 'a tag cannot be empty'))
    .refine((t) => t.trim().length <= MAX_TAG_LENGTH, named(field, `a tag can be at most ${MAX_TAG_LENGTH} characters`))
    .overwrite(normalizeTag);
const memberId = () => z.string({ error: 'expected a member id' }).min(1, 'expected a member id').max(100, 'expected a member id');
const score = (field: string) =>
  z.number({ error: `${field}: expected a score from 0 to 10` }).min(0, `${field}: expected a score from 0 to 10`).max(10, `${field}: expected a score from 0 to 10`);
const amount = (field: string) => z.number({ error: `${field}: expected an amount in dollars` }).min(0, `${field}: must be 0 or more`);

/** What starts a rule. Optional fields narrow it (a status change to this status; a call with this outcome). */
export const RULE_TRIGGERS = [
  'lead_created', 'lead_imported', 'status_changed', 'tag_added', 'call_completed', 'calls_unanswered', 'text_received', 'deal_stage_changed', 'task_overdue',
] as const;
export type RuleTriggerType = (typeof RULE_TRIGGERS)[number];

export const ruleTriggerSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('lead_created') }).strict(),
    z.object({ type: z.literal('lead_imported') }).strict(),
    z.object({ type: z.literal('status_changed'), status: statusField('trigger.status').optional() }).strict(),
    z.object({ type: z.literal('tag_added'), tag: tagField('trigger.tag') }).strict(),
    z.object({ type: z.literal('call_completed'), outcome: z.enum(CALL_OUTCOMES, { error: `trigger.outcome: expected one of ${CALL_OUTCOMES.join(', ')}` }).optional() }).strict(),
    z
      .object({
        type: z.literal('calls_unanswered'),
        count: z
          .number({ error: 'trigger.count: expected a number of calls' })
          .int('trigger.count: must be a whole number of calls')
          .min(RULE_LIMITS.unansweredCalls.min, `trigger.count: must be at least ${RULE_LIMITS.unansweredCalls.min}`)
          .max(RULE_LIMITS.unansweredCalls.max, `trigger.count: must be at most ${RULE_LIMITS.unansweredCalls.max}`),
      })
      .strict(),
    z.object({ type: z.literal('text_received') }).strict(),
    z.object({ type: z.literal('deal_stage_changed'), stage: z.enum(DEAL_STAGES, { error: `trigger.stage: expected one of ${DEAL_STAGES.join(', ')}` }).optional() }).strict(),
    z.object({ type: z.literal('task_overdue') }).strict(),
  ],
  { error: `trigger.type: expected one of ${RULE_TRIGGERS.join(', ')}` },
);
export type RuleTrigger = z.infer<typeof ruleTriggerSchema>;

/** Tags as stored: normalised, each once. */
const conditionTagList = z
  .array(tagField(null), { error: 'conditions.badges: expected a list of tags' })
  .max(MAX_TAGS, `conditions.badges: at most ${MAX_TAGS} tags`)
  .overwrite(normalizeTags);

/**
 * The leads list's filter (status, value, tags, search: its field names, and the list's SQL on the server) plus
 * motivation, state and source. Empty: every lead. Tags come as a list, or as one comma-separated string as the list's
 * query parameter takes them.
 */
export const ruleConditionsSchema = enrolFilterSchema
  .extend({
    status: statusField('conditions.status').optional(),
    minValue: amount('conditions.minValue').optional(),
    maxValue: amount('conditions.maxValue').optional(),
    search: z.string({ error: 'conditions.search: expected text' }).trim().max(200, 'conditions.search: at most 200 characters').optional(),
    badges: z
      .union([z.string().transform((tags) => tags.split(',').filter((t) => t.trim() !== '')), z.array(z.string())], { error: 'conditions.badges: expected a list of tags' })
      .pipe(conditionTagList)
      .optional(),
    minMotivation: score('conditions.minMotivation').optional(),
    maxMotivation: score('conditions.maxMotivation').optional(),
    /** Two-letter state of the property, e.g. TX. */
    state: z
      .string({ error: 'conditions.state: expected a two-letter state' })
      .trim()
      .regex(/^[A-Za-z]{2}$/, 'conditions.state: expected a two-letter state, e.g. TX')
      .overwrite((s) => s.toUpperCase())
      .optional(),
    /** The lead's source as imported or typed, matched without regard to case. */
    source: z.string({ error: 'conditions.source: expected text' }).trim().min(1, 'conditions.source: cannot be empty').max(100, 'conditions.source: at most 100 characters').optional(),
  })
  .strict();
export type RuleConditions = z.infer<typeof ruleConditionsSchema>;
/** The conditions as stored and answered (tags always a list). */
export const storedRuleConditionsSchema = ruleConditionsSchema.extend({ badges: conditionTagList.optional() });

export const RULE_ACTIONS = ['enrol', 'set_status', 'add_tag', 'remove_tag', 'assign', 'assign_round_robin', 'create_task', 'notify'] as const;
export type RuleActionType = (typeof RULE_ACTIONS)[number];

export const ruleActionSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('enrol'), sequence_id: z.uuid('expected a sequence id') }).strict(),
    z.object({ type: z.literal('set_status'), status: statusField(null) }).strict(),
    z.object({ type: z.literal('add_tag'), tag: tagField(null) }).strict(),
    z.object({ type: z.literal('remove_tag'), tag: tagField(null) }).strict(),
    z.object({ type: z.literal('assign'), user_id: memberId() }).strict(),
    /** Each lead to the next member of the list in turn. */
    z
      .object({
        type: z.literal('assign_round_robin'),
        user_ids: z
          .array(memberId(), { error: 'expected a list of member ids' })
          .min(2, 'a round robin needs at least two members')
          .max(RULE_LIMITS.members, `at most ${RULE_LIMITS.members} members`)
          .refine((ids) => new Set(ids).size === ids.length, 'names a member twice'),
      })
      .strict(),
    z
      .object({
        type: z.literal('create_task'),
        title: z.string({ error: 'expected text' }).trim().min(1, 'a task needs a title').max(RULE_LIMITS.taskTitle, `at most ${RULE_LIMITS.taskTitle} characters`),
        /** Minutes after the trigger the task is due. */
        due_in_minutes: z.number({ error: 'expected a number of minutes' }).int('must be whole minutes').min(0, 'must be 0 or more').max(525_600, 'at most a year').default(0),
        /** The lead's owner when left out. */
        assignee_id: memberId().optional(),
      })
      .strict(),
    /** A notification to the named members, or to every member when none is named. */
    z
      .object({
        type: z.literal('notify'),
        message: z.string({ error: 'expected text' }).trim().min(1, 'a notification needs a message').max(RULE_LIMITS.notifyMessage, `at most ${RULE_LIMITS.notifyMessage} characters`),
        user_ids: z.array(memberId(), { error: 'expected a list of member ids' }).max(RULE_LIMITS.members, `at most ${RULE_LIMITS.members} members`).default([]),
      })
      .strict(),
  ],
  { error: `expected an action whose type is one of ${RULE_ACTIONS.join(', ')}` },
);
export type RuleAction = z.infer<typeof ruleActionSchema>;

const ruleFields = {
  name: z.string({ error: 'name: expected text' }).trim().min(1, 'name: a rule needs a name').max(RULE_LIMITS.name, `name: must be at most ${RULE_LIMITS.name} characters`),
  trigger: ruleTriggerSchema,
  conditions: ruleConditionsSchema,
  actions: z
    .array(ruleActionSchema, { error: 'actions: expected a list of actions' })
    .min(RULE_LIMITS.actions.min, 'actions: a rule needs at least one action')
    .max(RULE_LIMITS.actions.max, `actions: at most ${RULE_LIMITS.actions.max} actions`),
  is_active: z.boolean({ error: 'is_active: expected true or false' }),
};

/** POST /api/automation-rules */
export const createRuleBody = z
  .object({ ...ruleFields, conditions: ruleFields.conditions.default({}), is_active: ruleFields.is_active.default(true) })
  .strict();
export type CreateRule = z.infer<typeof createRuleBody>;

/** PATCH /api/automation-rules/:id (is_active: false switches a rule off). */
export const updateRuleBody = z
  .object(ruleFields)
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'name a change: name, trigger, conditions, actions or is_active');
export type RulePatch = z.infer<typeof updateRuleBody>;

export const ruleSchema = z.object({
  id: z.string(),
  name: z.string(),
  trigger: ruleTriggerSchema,
  conditions: storedRuleConditionsSchema,
  actions: z.array(ruleActionSchema),
  is_active: z.boolean(),
  /** Leads the rule acted on, and when it last did. */
  runs: z.object({ applied: z.number(), last_at: z.string().nullable() }),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Rule = z.infer<typeof ruleSchema>;
export const ruleListSchema = z.object({ items: z.array(ruleSchema) });

/** How many leads a dry run lists by name; `total` counts them all. */
export const DRY_RUN_SAMPLE = 50;

/** POST /api/automation-rules/:id/dry-run: which leads the rule would touch now, and what it would do; nothing changes. */
export const dryRunSchema = z.object({
  total: z.number(),
  leads: z.array(z.object({ id: z.string(), name: z.string(), address: z.string().nullable(), status: z.string() })),
  /** One sentence per action, as the rule would do it ("Enrol in “New lead follow-up”"). */
  actions: z.array(z.string()),
  /** What "now" means for this trigger ("Leads whose last 3 calls went unanswered"). */
  explanation: z.string(),
});
export type DryRun = z.infer<typeof dryRunSchema>;

/** What one rule did for one lead, as the orchestrator's feed shows it. */
export const RULE_RUN_OUTCOMES = ['applied', 'skipped', 'failed'] as const;
export type RuleRunOutcome = (typeof RULE_RUN_OUTCOMES)[number];
