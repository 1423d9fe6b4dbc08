import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  CALL_LEAD_CONTEXT_MESSAGES, COACHING_CACHE_MS, COACHING_MESSAGES, COACHING_TRANSCRIPT_SENT,
  RESPONSE_SCRIPT_CACHE_MS, contentHash, detectDoNotCall, distressSignals, doNotCallSuggestion, instantSuggestions, isLeadSpeaker,
  leadIntelligence, withoutDuplicateSuggestions, type CoachingScriptsBody, type CoachingSuggestion, type CoachingSuggestionsBody,
  type CoachingSuggestionsResponse, type CoachingTranscriptEntry, type Lead, type LeadDistressFlags, type ResponseScript,
} from '@wholesail/domain';
import type { DB } from '../../db/types';
import type { RequestContext } from '../../http/context';
import { AppError, forbidden, notFound } from '../../http/errors';
import type { LlmProvider } from '../../providers/llm';
import { AiStatusRecord, logLlmFailure } from '../ai/status';
import { findLead, toLead } from '../leads/repo';
import { readAiIntegration } from '../settings/service';
import { callLeadContext, coachingLeadContext } from '../transcription/lead-context';
import { AnswerCache } from './cache';
import { lastMessages, parseScripts, parseSuggestions, scriptsPrompt, suggestionsPrompt, type CoachingLead } from './prompt';

/** Token budgets: replies are asked to stay under 200 words, which fits with the JSON around them. */
const SUGGESTIONS_MAX_TOKENS = 450;
const SCRIPTS_MAX_TOKENS = 350;
const COACHING_TEMPERATURE = 0.4;

/** A lead's line that coaching reacts to: the last non-empty one from the lead (or prospect). */
function lastLeadLine(entries: readonly CoachingTranscriptEntry[]): string | null {
  for (let i = entries.length - 1; i >= 0; i -= 1) {
    const entry = entries[i]!;
    if (isLeadSpeaker(entry.speaker) && entry.text.trim() !== '') return entry.text;
  }
  return null;
}

/** The do-not-call alert (when the lead asked) and the instant pattern suggestions for the last lead line. */
function patternSuggestions(entries: readonly CoachingTranscriptEntry[], lead: CoachingLead | null): { dnc: CoachingSuggestion[]; patterns: CoachingSuggestion[] } {
  const line = lastLeadLine(entries);
  if (line === null) return { dnc: [], patterns: [] };
  return { dnc: detectDoNotCall(line) ? [doNotCallSuggestion()] : [], patterns: instantSuggestions(line, lead?.context) };
}

const transcriptKey = (entries: readonly CoachingTranscriptEntry[]) =>
  contentHash(JSON.stringify(entries.map((e) => [e.speaker, e.text.trim()])));

function distressFlags(lead: Lead): LeadDistressFlags {
  return {
    pre_foreclosure: lead.pre_foreclosure, foreclosure_filing_date: lead.foreclosure_filing_date, lis_pendens_date: lead.lis_pendens_date,
    tax_delinquent: lead.tax_delinquent, active_lien: lead.active_lien, distressed_sale: lead.distressed_sale,
  };
}

function coachingLead(lead: Lead): CoachingLead & { flags: LeadDistressFlags } {
  const context = coachingLeadContext(lead);
  const flags = distressFlags(lead);
  return { context, flags, distressSignals: distressSignals(context, flags) };
}

/**
 * POST /api/coaching/suggestions and /api/coaching/scripts. The instant pattern suggestions always come back
 * (with a do-not-call alert first when the lead asked); with a language model its suggestions, grounded in the
 * lead record and the last 3 messages, come before them. A failed model call is logged and reported to the AI
 * status, and the patterns are the answer. Answers are cached per organization, lead and transcript.
 */
export class CoachingService {
  private readonly suggestionCache = new AnswerCache<CoachingSuggestionsResponse>(COACHING_CACHE_MS);
  private readonly scriptCache = new AnswerCache<{ response_scripts: ResponseScript[]; failed: boolean }>(RESPONSE_SCRIPT_CACHE_MS);

  /** Where coaching's model calls are reported for GET /api/ai/health. */
  readonly #status: AiStatusRecord;

  constructor(private readonly deps: { db: Kysely<DB>; llm: LlmProvider | null; log: FastifyBaseLogger }) {
    this.#status = new AiStatusRecord(deps.db);
  }

  async suggestions(ctx: RequestContext, body: CoachingSuggestionsBody): Promise<CoachingSuggestionsResponse> {
    // The specification's body names the lead in leadContext.id; nothing else of leadContext is read.
    const lead = await this.coachingLeadOf(ctx, { leadId: body.leadId ?? body.leadContext?.id, callSid: body.callSid });
    const entries = body.transcript.slice(-COACHING_TRANSCRIPT_SENT);
    const key = `${ctx.organizationId}|${lead?.context.id ?? `sid:${body.callSid ?? ''}`}|${body.callStatus}|${transcriptKey(entries)}`;
    return this.suggestionCache.get(key, () => this.computeSuggestions(ctx.organizationId, lead, entries, body.callStatus), (answer) => answer.llm !== 'error');
  }

  async scripts(ctx: RequestContext, body: CoachingScriptsBody): Promise<{ response_scripts: ResponseScript[] }> {
    const lead = await this.coachingLeadOf(ctx, body);
    const entries = lastMessages(body.messages);
    const key = `${ctx.organizationId}|${lead?.context.id ?? `sid:${body.callSid ?? ''}`}|${transcriptKey(entries)}`;
    const answer = await this.scriptCache.get(key, () => this.computeScripts(ctx.organizationId, lead, entries), (a) => !a.failed);
    return { response_scripts: answer.response_scripts };
  }

  /**
   * In one read: 403 while coaching is off; then the lead by id (404 when it is not a live lead of the organization),
   * else the call's lead by its SID (404 for an unknown call; a call not linked to any lead is coached without a lead
   * record), else none.
   */
  private coachingLeadOf(ctx: RequestContext, body: { leadId?: string; callSid?: string }) {
    const { organizationId } = ctx;
    return ctx.read(async (tx) => {
      if (!(await readAiIntegration(tx, organizationId)).enableRealTimeCoaching) throw forbidden(COACHING_MESSAGES.disabled, 'COACHING_DISABLED');
      if (body.leadId) {
        const row = await findLead(tx, organizationId, body.leadId);
        if (!row) throw notFound('Lead not found');
        return coachingLead(toLead(row));
      }
      if (!body.callSid) return null;
      try {
        return coachingLead((await callLeadContext(tx, organizationId, body.callSid)).lead);
      } catch (error) {
        if (error instanceof AppError && error.message === CALL_LEAD_CONTEXT_MESSAGES.notLinked) return null;
        throw error;
      }
    });
  }

  private async computeSuggestions(
    organizationId: string,
    lead: (CoachingLead & { flags: LeadDistressFlags }) | null,
    entries: CoachingTranscriptEntry[],
    callStatus: string,
  ): Promise<CoachingSuggestionsResponse> {
    const { dnc, patterns } = patternSuggestions(entries, lead);
    const intelligence = lead ? leadIntelligence(lead.context, lead.flags) : null;
    const local = (llm: CoachingSuggestionsResponse['llm']): CoachingSuggestionsResponse => ({ suggestions: [...dnc, ...patterns], intelligence, source: 'patterns', llm });
    const { llm } = this.deps;
    if (!llm) return local('not_configured');
    if (lastMessages(entries).length === 0) return local('configured');
    try {
      const completion = await llm.chat({ messages: suggestionsPrompt(lead, entries, callStatus), max_tokens: SUGGESTIONS_MAX_TOKENS, temperature: COACHING_TEMPERATURE, json: true });
      const fromModel = parseSuggestions(completion.choices[0]?.message.content ?? '');
      if (fromModel === null) throw new Error('The language model answered without a suggestions list');
      await this.#status.report(organizationId, 'coaching', true);
      return { suggestions: withoutDuplicateSuggestions([...dnc, ...fromModel, ...patterns]), intelligence, source: 'llm', llm: 'configured' };
    } catch (error) {
      await this.#status.report(organizationId, 'coaching', false);
      logLlmFailure(this.deps.log, error, 'coaching suggestions');
      return local('error');
    }
  }

  private async computeScripts(organizationId: string, lead: CoachingLead | null, entries: CoachingTranscriptEntry[]) {
    const generatedAt = new Date().toISOString();
    const script = (text: string, confidence: number, type: ResponseScript['type']): ResponseScript => ({
      id: crypto.randomUUID(), response_script: text, confidence, type, generated_at: generatedAt,
    });
    const { dnc, patterns } = patternSuggestions(entries, lead);
    const local = (failed: boolean) => ({ response_scripts: [...dnc, ...patterns].map((s) => script(s.text, s.confidence, s.type)), failed });
    const { llm } = this.deps;
    if (!llm || entries.length === 0) return local(false);
    try {
      const completion = await llm.chat({ messages: scriptsPrompt(lead, entries), max_tokens: SCRIPTS_MAX_TOKENS, temperature: COACHING_TEMPERATURE, json: true });
      const fromModel = parseScripts(completion.choices[0]?.message.content ?? '');
      if (fromModel === null) throw new Error('The language model answered without a response_scripts list');
      await this.#status.report(organizationId, 'coaching', true);
      return { response_scripts: [...dnc.map((s) => script(s.text, s.confidence, s.type)), ...fromModel.map((s) => script(s.response_script, s.confidence, s.type))], failed: false };
    } catch (error) {
      await this.#status.report(organizationId, 'coaching', false);
      logLlmFailure(this.deps.log, error, 'response scripts');
      return local(true);
    }
  }
}

