/** The orchestrator (issue 22): what the machine did and will do (the feed), and the state of its parts (diagnostics). */
import { z } from 'zod';
import { RULE_TRIGGERS } from './rules-api';
import { STEP_KINDS } from './sequence-api';

/** Where a feed item comes from: a sequence's step, a rule's run, or an AI job (enrich, score, analyse). */
export const FEED_SOURCES = ['sequence', 'rule', 'ai'] as const;
export type FeedSource = (typeof FEED_SOURCES)[number];

export const AI_JOB_KINDS = ['enrich', 'score', 'analyze'] as const;
export type AiJobKind = (typeof AI_JOB_KINDS)[number];
export const AI_JOB_KIND_LABELS: { readonly [K in AiJobKind]: string } = { enrich: 'Enrichment', score: 'AI score', analyze: 'Conversation analysis' };

/** What became of an item. A step: done, due, moved, skipped, running; a rule: applied, skipped, failed; an AI job: queued, retrying, running, done, failed, cancelled. */
export const FEED_OUTCOMES = ['done', 'due', 'moved', 'skipped', 'running', 'applied', 'failed', 'queued', 'retrying', 'cancelled'] as const;
export type FeedOutcome = (typeof FEED_OUTCOMES)[number];
export const FEED_OUTCOMES_BY_SOURCE: { readonly [S in FeedSource]: readonly FeedOutcome[] } = {
  sequence: ['done', 'due', 'moved', 'skipped', 'running'],
  rule: ['applied', 'skipped', 'failed'],
  ai: ['queued', 'retrying', 'running', 'done', 'failed', 'cancelled'],
};
export const FEED_OUTCOME_LABELS: { readonly [O in FeedOutcome]: string } = {
  done: 'Done', due: 'Due', moved: 'Moved', skipped: 'Skipped', running: 'Running', applied: 'Applied', failed: 'Failed', queued: 'Queued', retrying: 'Retrying', cancelled: 'Cancelled',
};
/** Items about what will happen, not what happened: their `at` is when. */
export const FEED_FUTURE_OUTCOMES: readonly FeedOutcome[] = ['due', 'moved', 'queued', 'retrying'];

export const FEED_DEFAULT_LIMIT = 50;
export const FEED_MAX_LIMIT = 100;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** The position after an item (next_before): when it was recorded, to the microsecond, its source and its id. */
export const FEED_CURSOR = new RegExp(`^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{6}Z~(${FEED_SOURCES.join('|')})~${UUID}$`);

/** GET /api/orchestrator/feed. `before`: an earlier page's next_before, or a time (items recorded before it). */
export const feedQuery = z.object({
  source: z.enum(FEED_SOURCES, { error: `source: expected one of ${FEED_SOURCES.join(', ')}` }).optional(),
  sequence_id: z.uuid('sequence_id: expected a sequence id').optional(),
  rule_id: z.uuid('rule_id: expected a rule id').optional(),
  lead_id: z.uuid('lead_id: expected a lead id').optional(),
  outcome: z.enum(FEED_OUTCOMES, { error: `outcome: expected one of ${FEED_OUTCOMES.join(', ')}` }).optional(),
  before: z
    .string({ error: 'before: expected the next_before of an earlier page, or a time' })
    .refine((v) => FEED_CURSOR.test(v) || z.iso.datetime({ offset: true }).safeParse(v).success, 'before: expected the next_before of an earlier page, or a time such as 2025-01-31T12:00:00Z')
    .optional(),
  limit: z.coerce
    .number({ error: 'limit: must be a number' })
    .int('limit: must be a whole number')
    .min(1, 'limit: must be 1 or more')
    .max(FEED_MAX_LIMIT, `limit: must be at most ${FEED_MAX_LIMIT}`)
    .default(FEED_DEFAULT_LIMIT),
});
export type FeedQuery = z.infer<typeof feedQuery>;

const named = z.object({ id: z.string(), name: z.string() });

export const feedItemSchema = z.object({
  id: z.string(),
  source: z.enum(FEED_SOURCES),
  /** A step's kind, a rule's trigger type, or an AI job's kind. */
  kind: z.union([z.enum(STEP_KINDS), z.enum(RULE_TRIGGERS), z.enum(AI_JOB_KINDS)]),
  outcome: z.enum(FEED_OUTCOMES),
  /** When it happened, or for what is still to come (due, moved, queued, retrying) when it will. */
  at: z.string(),
  /** When the machine recorded this decision: the feed's order, newest first. */
  recorded_at: z.string(),
  /** One sentence: what was done, or why it was moved, skipped or failed. */
  reason: z.string(),
  lead: named.nullable(),
  /** A step's sequence, with its number of steps ("step 2 of 5"). */
  sequence: named.extend({ step_count: z.number() }).nullable(),
  /** A step's index in its sequence (0-based). */
  step_index: z.number().nullable(),
  rule: named.nullable(),
  /** An AI job's pg-boss id (a failed one can be retried or discarded from the diagnostics). */
  job_id: z.string().nullable(),
});
export type FeedItem = z.infer<typeof feedItemSchema>;

export const feedPageSchema = z.object({ items: z.array(feedItemSchema), next_before: z.string().nullable() });
export type FeedPage = z.infer<typeof feedPageSchema>;

const counts = z.object({ waiting: z.number(), scheduled: z.number(), retrying: z.number(), running: z.number(), failed: z.number() });
export type JobCounts = z.infer<typeof counts>;

/** GET /api/orchestrator/diagnostics (docs/api-orchestrator.md says what each figure means). */
export const diagnosticsSchema = z.object({
  checked_at: z.string(),
  /** Whether the caller may retry and discard failed jobs (owner or admin). */
  can_manage_jobs: z.boolean(),
  /** Per pg-boss queue: figures across every organization (the shared machine), and this organization's share. */
  queues: z.array(
    counts.extend({
      name: z.string(),
      label: z.string(),
      /** Seconds the oldest job that could run now has waited; null when none waits. */
      oldest_waiting_seconds: z.number().nullable(),
      organization: counts,
    }),
  ),
  /** This organization's failed jobs still held by the queue, newest first. */
  failures: z.array(
    z.object({
      id: z.string(),
      queue: z.string(),
      label: z.string(),
      failed_at: z.string(),
      attempts: z.number(),
      error: z.string(),
      lead: named.nullable(),
    }),
  ),
  failures_total: z.number(),
  /** Failed jobs of no single organization (event delivery, sweeps, purges): counted, not shown. */
  system_failures: z.number(),
  workers: z.object({
    heartbeat_seconds: z.number(),
    /** A worker is alive while its last beat is more recent than this. */
    alive_within_seconds: z.number(),
    items: z.array(z.object({ id: z.string(), started_at: z.string(), last_beat_at: z.string(), alive: z.boolean(), running: z.number() })),
  }),
  outbox: z.object({
    pending: z.number(),
    oldest_pending_seconds: z.number().nullable(),
    failures: z.array(
      z.object({
        event_id: z.string(),
        event_type: z.string(),
        subscriber: z.string(),
        attempts: z.number(),
        error: z.string(),
        /** When it is tried again; null once given up. */
        next_attempt_at: z.string().nullable(),
        gave_up: z.boolean(),
        created_at: z.string(),
      }),
    ),
  }),
  /** This server's LISTEN subscriptions (the change feed and the wake-ups). */
  listen: z.array(z.object({ channel: z.string(), purpose: z.string(), listening: z.boolean(), since: z.string() })),
});
export type Diagnostics = z.infer<typeof diagnosticsSchema>;

/** POST /api/orchestrator/jobs/:id/retry and /discard. */
export const jobActionSchema = z.object({ id: z.string(), queue: z.string(), state: z.enum(['retrying', 'discarded']) });
export type JobAction = z.infer<typeof jobActionSchema>;
