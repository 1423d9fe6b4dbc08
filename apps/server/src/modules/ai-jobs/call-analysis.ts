import { CALL_ANALYSIS_MESSAGES, type CallAnalysisView, type CallTranscript, type TranscriptionRecord } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import { iso } from '../../db/timestamps';
import type { RequestContext } from '../../http/context';
import { badRequest, notFound } from '../../http/errors';
import { findCall, toCall } from '../calls/repo';
import { finalLinesOfCall } from '../transcription/repo';
import type { ConversationAnalysis, MessageInput } from './analysis';
import { analyzeMessage, type AnalysisDeps } from './conversation-analysis';

/**
 * "Analyze" on a finished call's transcript: what the seller (speaker 'lead') said is the message, the agent's
 * lines its context, read by the conversation analysis (rules, or the model when configured). One stored per call.
 */

const COLUMNS = ['call_id', 'lead_id', 'sentiment', 'motivation_signals', 'objections', 'next_step', 'source', 'model', 'analyzed_at'] as const;

async function findCallAnalysis(tx: Tx, organizationId: string, callId: string): Promise<CallAnalysisView | null> {
  const row = await tx.selectFrom('call_analyses').select(COLUMNS).where('organization_id', '=', organizationId).where('call_id', '=', callId).executeTakeFirst();
  return row ? { ...row, analyzed_at: iso(row.analyzed_at) } : null;
}

async function upsertCallAnalysis(
  tx: Tx,
  organizationId: string,
  a: ConversationAnalysis & { call_id: string; lead_id: string; source: 'rules' | 'llm'; model: string | null },
): Promise<CallAnalysisView> {
  const values = { ...a, analyzed_at: new Date() };
  const row = await tx
    .insertInto('call_analyses')
    .values({ organization_id: organizationId, ...values })
    .onConflict((oc) => oc.columns(['organization_id', 'call_id']).doUpdateSet(values))
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return { ...row, analyzed_at: iso(row.analyzed_at) };
}

async function callWithLines(tx: Tx, organizationId: string, callId: string) {
  const call = await findCall(tx, organizationId, callId);
  if (!call) throw notFound(CALL_ANALYSIS_MESSAGES.notFound);
  return { call: toCall(call), lines: await finalLinesOfCall(tx, organizationId, callId) };
}

/** GET /api/calls/:id/transcript. */
export async function getCallTranscript(ctx: RequestContext, callId: string): Promise<CallTranscript> {
  return ctx.read(async (tx) => ({
    ...(await callWithLines(tx, ctx.organizationId, callId)),
    analysis: await findCallAnalysis(tx, ctx.organizationId, callId),
  }));
}

/** The seller's lines as one inbound message with the agent's as context; only the agent's when the seller said nothing. */
export function transcriptMessages(lines: readonly TranscriptionRecord[]): { message: MessageInput; others: MessageInput[] } {
  const text = (speaker: 'agent' | 'lead') => lines.filter((l) => l.speaker === speaker).map((l) => l.transcript).join('\n');
  const seller = text('lead');
  if (!seller) return { message: { body: text('agent'), direction: 'outbound' }, others: [] };
  const others = lines.filter((l) => l.speaker === 'agent').map((l): MessageInput => ({ body: l.transcript, direction: 'outbound' }));
  return { message: { body: seller, direction: 'inbound' }, others };
}

/** POST /api/calls/:id/analyze: analyses the call's transcript now and stores the result (a re-run replaces it). */
export async function analyzeCall(deps: AnalysisDeps, ctx: RequestContext, callId: string): Promise<CallAnalysisView> {
  // Read, then the model (outside any transaction), then the answer stored.
  const { call, lines } = await ctx.read((tx) => callWithLines(tx, ctx.organizationId, callId));
  if (lines.length === 0) throw badRequest(CALL_ANALYSIS_MESSAGES.noTranscript);
  const { message, others } = transcriptMessages(lines);
  const { analysis, source, ok } = await analyzeMessage(deps, message, others, `call ${callId}`);
  const stored = await ctx.write(async (tx) => {
    if (!(await findCall(tx, ctx.organizationId, callId))) throw notFound(CALL_ANALYSIS_MESSAGES.notFound);
    return upsertCallAnalysis(tx, ctx.organizationId, { ...analysis, call_id: callId, lead_id: call.lead_id, source, model: source === 'llm' ? deps.llm!.model : null });
  });
  await deps.report(ctx.organizationId, 'analysis', ok);
  return stored;
}
