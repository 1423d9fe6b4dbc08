import { z } from 'zod';

/** The AI actions a member takes on a lead or a conversation (docs/api-ai-jobs.md): shapes shared by server and web. */

/** A manual enrichment's priority (platform.md §7 auto-lead-enrichment, manual trigger): high jumps the queue. */
export const ENRICHMENT_PRIORITIES = ['normal', 'high'] as const;
export type EnrichmentPriority = (typeof ENRICHMENT_PRIORITIES)[number];
/** Leads one request may enrich. */
export const MAX_ENRICH_LEADS = 500;

const priority = z.enum(ENRICHMENT_PRIORITIES, { error: 'priority: expected normal or high' }).default('normal');

export const enrichLeadBody = z.object({ priority }).strict();

export const enrichLeadsBody = z
  .object({
    leadIds: z
      .array(z.uuid('leadIds: expected lead ids'), { error: 'leadIds: expected a list of lead ids' })
      .min(1, 'leadIds: at least one lead')
      .max(MAX_ENRICH_LEADS, `leadIds: at most ${MAX_ENRICH_LEADS} leads at a time`),
    priority,
  })
  .strict();
export type EnrichLeadsBody = z.infer<typeof enrichLeadsBody>;

export const ENRICHMENT_STATES = ['queued', 'enriched', 'failed', 'skipped'] as const;
export type EnrichmentState = (typeof ENRICHMENT_STATES)[number];

export const enrichmentBatchSchema = z.object({
  id: z.string(),
  requested_by: z.string().nullable(),
  priority: z.enum(ENRICHMENT_PRIORITIES),
  total: z.number(),
  enriched: z.number(),
  failed: z.number(),
  skipped: z.number(),
  finished_at: z.string().nullable(),
  created_at: z.string(),
});
export type EnrichmentBatch = z.infer<typeof enrichmentBatchSchema>;

/** POST /api/leads/enrich and /api/leads/:id/enrich (202). */
export const enrichmentRequestAnswerSchema = z.object({
  /** The new batch; when every lead was in flight already, the batch one of them is in. */
  batch: enrichmentBatchSchema,
  /** Leads queued by this request. */
  queued: z.number(),
  /** Leads left alone because their enrichment was already queued or running. */
  already_in_flight: z.number(),
});
export type EnrichmentRequestAnswer = z.infer<typeof enrichmentRequestAnswerSchema>;

/** GET /api/leads/:id/enrichment: the lead's latest manual enrichment, or null when it never had one. */
export const leadEnrichmentStatusSchema = z.object({
  batch_id: z.string(),
  state: z.enum(ENRICHMENT_STATES),
  /** Why it failed or was skipped. */
  message: z.string().nullable(),
  priority: z.enum(ENRICHMENT_PRIORITIES),
  requested_at: z.string(),
  finished_at: z.string().nullable(),
});
export type LeadEnrichmentStatus = z.infer<typeof leadEnrichmentStatusSchema>;
export const leadEnrichmentAnswerSchema = z.object({ enrichment: leadEnrichmentStatusSchema.nullable() });

export const SENTIMENTS = ['positive', 'neutral', 'negative'] as const;
export type Sentiment = (typeof SENTIMENTS)[number];

/** What an analysis of a conversation or a call says, and how it was made. */
export const analysisFindingsSchema = z.object({
  lead_id: z.string().nullable(),
  sentiment: z.enum(SENTIMENTS),
  motivation_signals: z.array(z.string()),
  objections: z.array(z.string()),
  next_step: z.string(),
  source: z.enum(['rules', 'llm']),
  model: z.string().nullable(),
  analyzed_at: z.string(),
});

/** POST /api/conversations/:id/analyze, GET /api/conversations/:id/analysis. */
export const conversationAnalysisViewSchema = analysisFindingsSchema.extend({ conversation_id: z.string() });
export type ConversationAnalysisView = z.infer<typeof conversationAnalysisViewSchema>;

/** POST /api/leads/:id/ai-score: the lead's new AI score with its reasons. */
export const leadAiScoreSchema = z.object({
  lead_id: z.string(),
  ai_score: z.number(),
  ai_score_reasons: z.array(z.string()),
  ai_score_source: z.string(),
  ai_scored_at: z.string(),
  /** The score as motivation out of 9 and its level (dialer.md §9); the lead's motivation_score is not changed. */
  motivation: z.number(),
  motivation_level: z.string(),
  llm: z.enum(['configured', 'not_configured', 'error']),
});
export type LeadAiScore = z.infer<typeof leadAiScoreSchema>;

/** delegated-openai-chat as platform.md §7 sets it: short answers. */
export const ASK_AI_MAX_TOKENS = 500;
export const ASK_AI_TEMPERATURE = 0.7;
/** Earlier turns of the chat a question may carry. */
export const ASK_AI_HISTORY = 10;

const turn = z
  .object({
    role: z.enum(['user', 'assistant'], { error: 'history role: expected user or assistant' }),
    content: z.string({ error: 'history content: expected text' }).min(1, 'history content: empty').max(4000, 'history content: at most 4,000 characters'),
  })
  .strict();

export const askLeadBody = z
  .object({
    question: z.string({ error: 'question: expected text' }).trim().min(1, 'question: ask something').max(1000, 'question: at most 1,000 characters'),
    history: z.array(turn, { error: 'history: expected a list of turns' }).max(ASK_AI_HISTORY, `history: at most ${ASK_AI_HISTORY} turns`).default([]),
  })
  .strict();
export type AskLeadBody = z.infer<typeof askLeadBody>;

/** POST /api/leads/:id/ask. */
export const askLeadAnswerSchema = z.object({ answer: z.string(), model: z.string() });
export type AskLeadAnswer = z.infer<typeof askLeadAnswerSchema>;

/** The toasts of dialer.md §8, word for word. */
export const AI_ACTION_TOASTS = {
  enrichmentStarted: 'Enrichment Started',
  enrichmentFailed: 'Enrichment Failed',
  scoringFailed: 'AI Scoring Failed',
  analysisFailed: 'Analysis Failed',
  responseFailed: 'AI Response Failed',
} as const;
