import { withTenant } from '../../db/scope';
import type { RequestContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { LlmError } from '../../providers/llm';
import { logLlmFailure } from '../ai/status';
import { ANALYSIS_HISTORY, analysisPrompt, isOptOut, parseLlmAnalysis, ruleAnalysis, type ConversationAnalysis, type MessageInput } from './analysis';
import * as repo from './repo';
import type { AiJobArea, AiJobsDeps } from './types';

export type AnalysisDeps = Pick<AiJobsDeps, 'db' | 'llm' | 'log'> & { report: (organizationId: string, area: AiJobArea, ok: boolean) => Promise<void> };

/**
 * analyze_conversation_with_ai: the message with the lead's earlier messages, by the model when one
 * is configured (its failure falls back to the rules), stored as the conversation's one analysis.
 */
export async function analyzeConversation(
  deps: AnalysisDeps,
  organizationId: string,
  conversationId: string,
  opts: { requestedAt?: Date } = {},
): Promise<{ result: 'analyzed'; analysis: repo.StoredAnalysis } | { result: 'already_analyzed' | 'not_found' }> {
  const { db, llm } = deps;
  const input = await withTenant(db, organizationId, async (tx) => {
    const message = await repo.findConversation(tx, organizationId, conversationId);
    if (!message) return null;
    return { message, others: await repo.earlierMessages(tx, organizationId, message, ANALYSIS_HISTORY), existing: await repo.findAnalysis(tx, organizationId, conversationId) };
  });
  if (!input) return { result: 'not_found' };
  if (opts.requestedAt && input.existing && new Date(input.existing.analyzed_at) >= opts.requestedAt) return { result: 'already_analyzed' };

  const { analysis, source, ok } = await analyzeMessage(deps, input.message, input.others, `conversation ${conversationId}`);

  const stored = await withTenant(db, organizationId, async (tx) => {
    const message = await repo.findConversation(tx, organizationId, conversationId);
    if (!message) return 'not_found' as const;
    const existing = await repo.findAnalysis(tx, organizationId, conversationId, true);
    if (opts.requestedAt && existing && new Date(existing.analyzed_at) >= opts.requestedAt) return 'already_analyzed' as const;
    return repo.upsertAnalysis(tx, organizationId, {
      conversation_id: conversationId,
      lead_id: message.lead_id,
      ...analysis,
      source,
      model: source === 'llm' ? llm!.model : null,
      analyzed_at: new Date(),
    });
  });
  if (typeof stored === 'string') return { result: stored };
  await deps.report(organizationId, 'analysis', ok);
  return { result: 'analyzed', analysis: stored };
}

/**
 * The analysis of `message` with `others` as context: by the model when one is configured (its failure falls back
 * to the rules, `ok` false), by the rules otherwise. `what` names the analysed thing in the log.
 */
export async function analyzeMessage(
  deps: Pick<AnalysisDeps, 'llm' | 'log'>,
  message: MessageInput,
  others: readonly MessageInput[],
  what: string,
): Promise<{ analysis: ConversationAnalysis; source: 'rules' | 'llm'; ok: boolean }> {
  const { llm, log } = deps;
  const rules = ruleAnalysis(message, others);
  // An opt-out is read by the rule, whatever a model would say: it has to be honoured.
  if (!llm || isOptOut(message)) return { analysis: rules, source: 'rules', ok: true };
  try {
    const answer = await llm.chat({ messages: analysisPrompt(message, others), json: true, temperature: 0.2, max_tokens: 300 });
    const parsed = parseLlmAnalysis(answer.choices[0]!.message.content);
    if (!parsed) throw new LlmError(502, 'The language model did not answer with an analysis');
    return { analysis: parsed, source: 'llm', ok: true };
  } catch (error) {
    if (!(error instanceof LlmError)) throw error;
    logLlmFailure(log, error, `AI analysis of ${what} (rules used)`);
    return { analysis: rules, source: 'rules', ok: false };
  }
}

export async function getAnalysis(ctx: RequestContext, conversationId: string): Promise<repo.StoredAnalysis> {
  const found = await ctx.read(async (tx) =>
    (await repo.findConversation(tx, ctx.organizationId, conversationId)) ? repo.findAnalysis(tx, ctx.organizationId, conversationId) : undefined,
  );
  if (found === undefined) throw notFound('Conversation not found');
  if (found === null) throw notFound('This conversation has not been analyzed yet');
  return found;
}
