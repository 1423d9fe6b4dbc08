import type { FastifyBaseLogger } from 'fastify';
import { ASK_AI_MAX_TOKENS, ASK_AI_TEMPERATURE, displayName, type AskLeadAnswer, type AskLeadBody, type Lead } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import type { RequestContext } from '../../http/context';
import { AppError, notFound } from '../../http/errors';
import { LlmError, type ChatMessage, type LlmProvider } from '../../providers/llm';
import { findLiveLead, recentCalls } from '../ai-jobs/repo';
import type { CallSummary } from '../ai-jobs/scoring';
import { llmAppError, llmNotConfigured } from './status';

/** Calls and texts of the lead's history the model reads. */
const ASK_CALLS = 5;
const ASK_TEXTS = 10;

/** The lead's facts a member may ask about (names and the address included: answers are drafts for the member). */
const FACTS: ReadonlyArray<keyof Lead> = [
  'property_address_full', 'property_type', 'total_bedrooms', 'total_baths', 'building_square_feet', 'year_built', 'estimated_value', 'mortgage_balance',
  'last_sale_date', 'last_sale_price', 'status', 'motivation_score', 'ai_score', 'ai_score_reasons', 'pre_foreclosure', 'tax_delinquent', 'vacant',
  'badges', 'last_call_disposition', 'last_call_summary', 'notes',
];

type Text = { body: string; direction: string; created_at: Date | string };

async function recentTexts(tx: Tx, organizationId: string, leadId: string): Promise<Text[]> {
  const rows = await tx
    .selectFrom('conversations')
    .select(['body', 'direction', 'created_at'])
    .where('organization_id', '=', organizationId)
    .where('lead_id', '=', leadId)
    .orderBy('created_at', 'desc')
    .limit(ASK_TEXTS)
    .execute();
  return rows.reverse();
}

function groundingPrompt(lead: Lead, calls: readonly CallSummary[], texts: readonly Text[]): string {
  const facts = FACTS.map((k) => [k, lead[k]] as const)
    .filter(([, v]) => v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0))
    .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : String(v).slice(0, 1500)}`);
  const callLines = calls.map((c) => `- ${c.completed_at ?? 'date unknown'}: ${c.disposition ?? 'no outcome'}${c.notes ? ` — ${c.notes.slice(0, 800)}` : ''}`);
  const textLines = texts.map((m) => `- ${new Date(m.created_at).toISOString()} ${m.direction === 'inbound' ? 'Seller' : 'Us'}: ${m.body.slice(0, 600)}`);
  return [
    'You help a real-estate investor working a seller lead. Answer briefly and concretely from the record below; say so when it does not tell. ' +
      'When asked for a message or a note, write it ready to paste.',
    `Lead: ${displayName(lead)}\n${facts.join('\n')}`,
    callLines.length > 0 ? `Calls, newest first:\n${callLines.join('\n')}` : 'No calls yet.',
    textLines.length > 0 ? `Texts, oldest first:\n${textLines.join('\n')}` : 'No texts yet.',
  ].join('\n\n');
}

/**
 * POST /api/leads/:id/ask: delegated-openai-chat grounded in the lead's record, calls, texts and notes (max 500 tokens,
 * temperature 0.7). 404 for a lead the caller cannot see, 503 without a model, 502 when the model fails.
 */
export async function askAboutLead(
  deps: { llm: LlmProvider | null; log: FastifyBaseLogger },
  ctx: RequestContext,
  leadId: string,
  body: AskLeadBody,
): Promise<AskLeadAnswer> {
  const org = ctx.organizationId;
  const input = await ctx.read(async (tx) => {
    const lead = await findLiveLead(tx, org, leadId);
    return lead ? { lead, calls: await recentCalls(tx, org, leadId, ASK_CALLS), texts: await recentTexts(tx, org, leadId) } : null;
  });
  if (!input) throw notFound('Lead not found');
  if (!deps.llm) throw llmNotConfigured();
  const messages: ChatMessage[] = [
    { role: 'system', content: groundingPrompt(input.lead, input.calls, input.texts) },
    ...body.history,
    { role: 'user', content: body.question },
  ];
  try {
    const answer = await deps.llm.chat({ messages, max_tokens: ASK_AI_MAX_TOKENS, temperature: ASK_AI_TEMPERATURE });
    const content = answer.choices[0]?.message.content?.trim();
    if (!content) throw new LlmError(502, 'The language model gave an empty answer');
    return { answer: content, model: deps.llm.model };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw llmAppError(deps.log, error, `ask about lead ${leadId}`);
  }
}
