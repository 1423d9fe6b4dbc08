import { z } from 'zod';
import { SPEAKERS } from '../transcription/rules';

/** Coaching shapes of dialer.md §3 and the coaching API (docs/api-coaching.md). */

export const SUGGESTION_PRIORITIES = ['high', 'medium', 'low'] as const;
export type SuggestionPriority = (typeof SUGGESTION_PRIORITIES)[number];
export const SUGGESTION_TYPES = ['response_script', 'strategic_coaching', 'lead_intelligence', 'objection_alert'] as const;
export type SuggestionType = (typeof SUGGESTION_TYPES)[number];

export const coachingSuggestionSchema = z.object({
  text: z.string(),
  priority: z.enum(SUGGESTION_PRIORITIES),
  type: z.enum(SUGGESTION_TYPES),
  confidence: z.number(),
  rationale: z.string(),
});
export type CoachingSuggestion = z.infer<typeof coachingSuggestionSchema>;

export const responseScriptSchema = z.object({
  id: z.string(),
  response_script: z.string(),
  confidence: z.number(),
  type: z.enum(SUGGESTION_TYPES),
  generated_at: z.string(),
});
export type ResponseScript = z.infer<typeof responseScriptSchema>;
/** POST /api/coaching/scripts. */
export const coachingScriptsResponseSchema = z.object({ response_scripts: z.array(responseScriptSchema) });

/** What the coach knows about the lead (dialer.md §7 leadContext). */
export const coachingLeadContextSchema = z.object({
  id: z.string(),
  owner_name: z.string().nullable(),
  property_address: z.string().nullable(),
  estimated_value: z.number().nullable(),
  equity_amount: z.number().nullable(),
  motivation_score: z.number().nullable(),
  status: z.string().nullable(),
  badges: z.array(z.string()),
  property_type: z.string().nullable(),
  is_out_of_state_owner: z.boolean(),
  is_vacant: z.boolean(),
  is_tenant_occupied: z.boolean(),
  notes: z.string().nullable(),
});
export type CoachingLeadContext = z.infer<typeof coachingLeadContextSchema>;

/** Lead intelligence returned with suggestions. */
export const leadIntelligenceSchema = z.object({
  equity: z.number().nullable(),
  market_segment: z.enum(['luxury', 'high_value', 'mid_market', 'affordable']),
  motivation_level: z.enum(['Very High', 'High', 'Medium', 'Low']),
  distress_signals: z.array(z.string()),
});
export type LeadIntelligence = z.infer<typeof leadIntelligenceSchema>;

export const AI_AREAS = ['coaching', 'enrichment', 'scoring', 'analysis'] as const;
export type AiArea = (typeof AI_AREAS)[number];
const aiAreaStatus = z.enum(['inactive', 'active', 'error']);
export type AiAreaStatus = z.infer<typeof aiAreaStatus>;

/**
 * What really runs for an area: nothing (its switch is off); its outside service (the language model, or
 * BatchData for enrichment); the built-in patterns or rules alone (no language model); or nothing because the
 * service it needs is not configured (enrichment without BATCHDATA_API_KEY).
 */
const aiAreaModeSchema = z.enum(['off', 'full', 'built_in', 'not_configured']);
export type AiAreaMode = z.infer<typeof aiAreaModeSchema>;

const perArea = <T extends z.ZodType>(value: T) => z.object(Object.fromEntries(AI_AREAS.map((area) => [area, value])) as Record<AiArea, T>);
const configured = z.enum(['configured', 'not_configured']);

/** GET /api/ai/health: `areas` is platform.md §4's status (active only while something runs), `modes` says what. */
export const aiHealthSchema = z.object({
  llm: configured,
  enrichment: configured,
  areas: perArea(aiAreaStatus),
  modes: perArea(aiAreaModeSchema),
  checked_at: z.string(),
});
export type AiHealth = z.infer<typeof aiHealthSchema>;

/** What an area's switch does given what the server has: the rule behind `modes`. */
export function aiAreaMode(area: AiArea, on: boolean, configured: { llm: boolean; enrichment: boolean }): AiAreaMode {
  if (!on) return 'off';
  if (area === 'enrichment') return configured.enrichment ? 'full' : 'not_configured';
  return configured.llm ? 'full' : 'built_in';
}

/** An area's status in words, as Settings shows it. */
export function aiAreaStatusText(area: AiArea, status: AiAreaStatus, mode: AiAreaMode): string {
  if (mode === 'off') return 'Off';
  if (mode === 'not_configured') return 'Not configured';
  if (status === 'error') return 'Error';
  if (mode === 'built_in') return area === 'coaching' ? 'Active — instant patterns only' : 'Active — built-in rules only';
  return 'Active';
}

const transcriptEntry = z
  .object({
    speaker: z.enum([...SPEAKERS, 'prospect'], { error: 'speaker: expected agent, lead or prospect' }),
    text: z.string({ error: 'text: expected a string' }).max(2000, 'text: at most 2,000 characters'),
    timestamp: z.union([z.string().max(40), z.number()], { error: 'timestamp: expected a date string or milliseconds' }),
  })
  .strict();
export type CoachingTranscriptEntry = z.infer<typeof transcriptEntry>;

/**
 * dialer.md §7's `leadContext` (id, owner_name, property_address, …): only `id` is used. The server reads the lead
 * itself, so the other fields, which a browser could forge, are dropped here and never reach the model.
 */
const leadContextBody = z.object({ id: z.uuid('expected a lead id') }, { error: 'expected an object with the lead id' });

export const COACHING_BODY_MESSAGES = { leadMismatch: 'must be the same lead as leadId' } as const;

export const coachingSuggestionsBody = z
  .object({
    callSid: z.string().max(100).optional(),
    leadId: z.uuid('leadId: expected a lead id').optional(),
    leadContext: leadContextBody.optional(),
    transcript: z.array(transcriptEntry, { error: 'transcript: expected a list of entries' }).max(50, 'transcript: at most 50 entries'),
    conversationHistory: z.array(transcriptEntry).max(50, 'conversationHistory: at most 50 entries').optional(),
    callStatus: z.enum(['active', 'connecting'], { error: 'callStatus: expected active or connecting' }).default('active'),
    test: z.boolean().optional(),
  })
  .strict()
  .refine((b) => !b.leadId || !b.leadContext || b.leadContext.id === b.leadId, { path: ['leadContext', 'id'], message: COACHING_BODY_MESSAGES.leadMismatch });
export type CoachingSuggestionsBody = z.infer<typeof coachingSuggestionsBody>;

/** POST /api/coaching/suggestions. `source` says whether the language model answered or only the patterns did. */
export const coachingSuggestionsResponseSchema = z.object({
  suggestions: z.array(coachingSuggestionSchema),
  intelligence: leadIntelligenceSchema.nullable(),
  source: z.enum(['llm', 'patterns']),
  llm: z.enum(['configured', 'not_configured', 'error']),
});
export type CoachingSuggestionsResponse = z.infer<typeof coachingSuggestionsResponseSchema>;

export const coachingScriptsBody = z
  .object({
    callSid: z.string().max(100).optional(),
    leadId: z.uuid('leadId: expected a lead id').optional(),
    messages: z.array(transcriptEntry, { error: 'messages: expected a list of entries' }).min(1, 'messages: at least one').max(10, 'messages: at most 10'),
    timestamp: z.union([z.string().max(40), z.number()]).optional(),
  })
  .strict();
export type CoachingScriptsBody = z.infer<typeof coachingScriptsBody>;

export const aiChatBody = z
  .object({
    messages: z
      .array(z.object({ role: z.enum(['system', 'user', 'assistant'], { error: 'role: expected system, user or assistant' }), content: z.string().max(20_000, 'content: at most 20,000 characters') }).strict())
      .min(1, 'messages: at least one')
      .max(50, 'messages: at most 50'),
    model: z.string().max(100).optional(),
    max_tokens: z.number().int().min(1, 'max_tokens: at least 1').max(500, 'max_tokens: at most 500').default(500),
    temperature: z.number().min(0, 'temperature: 0 to 2').max(2, 'temperature: 0 to 2').default(0.7),
  })
  .strict();
export type AiChatBody = z.infer<typeof aiChatBody>;

/** POST /api/ai/chat: the model's answer in the chat-completions shape, trimmed to one choice. */
export const chatCompletionSchema = z.object({
  id: z.string(),
  object: z.literal('chat.completion'),
  created: z.number(),
  model: z.string(),
  choices: z.array(z.object({ index: z.number(), message: z.object({ role: z.literal('assistant'), content: z.string() }), finish_reason: z.string().nullable() })),
});
export type ChatCompletion = z.infer<typeof chatCompletionSchema>;

export const COACHING_MESSAGES = {
  disabled: 'Real-time coaching is disabled',
  llmNotConfigured: 'No language model is configured (LLM_BASE_URL): suggestions come from conversation patterns only',
} as const;
