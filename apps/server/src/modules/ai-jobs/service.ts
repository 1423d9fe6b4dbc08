import { type EnrichmentPriority, type EnrichmentRequestAnswer, type Lead, type LeadFieldName } from '@wholesail/domain';
import { withTenant, type Tx } from '../../db/scope';
import type { RequestContext } from '../../http/context';
import type { JobInfo, JobQueue } from '../../jobs/queue';
import { NOT_CONFIGURED_MESSAGE, type EnrichedProperty } from '../../providers/enrichment';
import { LlmError } from '../../providers/llm';
import { deriveLeadColumns } from '../leads/derive';
import { AiStatusRecord, logLlmFailure } from '../ai/status';
import { readAiIntegration } from '../settings/service';
import { analyzeCall, getCallTranscript } from './call-analysis';
import { enrichImportPage, scoreImportPage, type AiToggle, type ImportPageRun } from './import-pages';
import { analyzeConversation, getAnalysis } from './conversation-analysis';
import { ENRICHMENT_MESSAGES, manualKey, requestEnrichment, settleBatchLead, settlementOf } from './enrichment-batches';
import { emptyFieldsFrom, lookupAddress, present } from './enrichment-fields';
import * as repo from './repo';
import { blendScores, motivationOf, parseLlmScore, recordScore, SCORING_CALLS, scoringPrompt } from './scoring';
import { transactionExecutor } from '../../jobs/transaction-executor';
import { AUTOMATION, LEAD_ACTIVITY } from '../activity/actions';
import { audit, systemActor } from '../audit/audit';
import {
  AI_QUEUES, type AiJobArea, type AiJobsDeps, type ConversationJob, type EnrichOutcome, type ImportLeadsJob,
  type LeadAiScore, type LeadJob, type LeadJobData, type Trigger,
} from './types';

export * from './types';

const leadKey = (leadId: string, trigger: Trigger) => (trigger === 'manual' ? manualKey(leadId) : `lead:${leadId}`);

/**
 * Enrichment, scoring and analysis of leads and conversations: the job handlers, the inline runs of
 * the manual endpoints (the same functions), and the queueing its outbox subscriptions do when leads,
 * texts and imports arrive (subscriptions.ts). The queue is attached once the job queue exists (before any job runs).
 */
export class AiJobs {
  #queue: JobQueue | null = null;

  /** Where job outcomes go for GET /api/ai/health. */
  readonly #status: AiStatusRecord;

  constructor(readonly deps: AiJobsDeps) {
    this.#status = new AiStatusRecord(deps.db);
  }

  attach(queue: JobQueue): void {
    this.#queue = queue;
  }

  private get queue(): JobQueue {
    if (!this.#queue) throw new Error('The job queue is not started');
    return this.#queue;
  }

  private report(organizationId: string, area: AiJobArea, ok: boolean): Promise<void> {
    return this.#status.report(organizationId, area, ok);
  }

  // -------------------------------------------------------------------------------------------
  // Queueing

  /** A new lead (its lead.created event, subscriptions.ts): in the delivery's transaction, queue enrichment and scoring as the toggles say. */
  async queueForNewLead(tx: Tx, organizationId: string, leadId: string): Promise<void> {
    const ai = await readAiIntegration(tx, organizationId);
    const job: LeadJob = { organizationId, leadId, requestedAt: new Date().toISOString(), trigger: 'auto' };
    const executor = transactionExecutor(tx);
    if (ai.enableAutoEnrichment) await this.queue.sendWith(executor, AI_QUEUES.enrich, job, { key: leadKey(leadId, 'auto') });
    if (ai.enableSmartScoring) await this.queue.sendWith(executor, AI_QUEUES.score, job, { key: leadKey(leadId, 'auto') });
  }

  /**
   * A finished CSV import (its import.finished event): one enrichment and one scoring job for
   * all of its new leads (not one per lead: 50,000 rows make two jobs, each working through the
   * leads a page at a time and queueing the next page in the page's own transaction).
   */
  async queueForImport(tx: Tx, organizationId: string, importId: string): Promise<void> {
    const ai = await readAiIntegration(tx, organizationId);
    const job: ImportLeadsJob = { organizationId, importId };
    const executor = transactionExecutor(tx);
    if (ai.enableAutoEnrichment) await this.queue.sendWith(executor, AI_QUEUES.enrich, job, { key: `import:${importId}` });
    if (ai.enableSmartScoring) await this.queue.sendWith(executor, AI_QUEUES.score, job, { key: `import:${importId}` });
  }

  /**
   * A new conversation message (text.received, text.sent): queue its analysis when enableConversationAnalysis
   * is on. Given a transaction (the event's delivery) the job commits with it; without one it reads the setting
   * in its own transaction and queues after it. Resolves to the job id, or null when nothing was queued.
   */
  async enqueueConversationAnalysis(organizationId: string, conversationId: string, tx?: Tx): Promise<string | null> {
    const job: ConversationJob = { organizationId, conversationId, requestedAt: new Date().toISOString(), trigger: 'auto' };
    const key = `conversation:${conversationId}`;
    if (tx) {
      if (!(await readAiIntegration(tx, organizationId)).enableConversationAnalysis) return null;
      return this.queue.sendWith(transactionExecutor(tx), AI_QUEUES.analyze, job, { key });
    }
    const on = await withTenant(this.deps.db, organizationId, async (t) => (await readAiIntegration(t, organizationId)).enableConversationAnalysis);
    return on ? this.queue.send(AI_QUEUES.analyze, job, { key }) : null;
  }

  /** After a transaction that queued jobs commits: start them now rather than at the next poll. */
  wake(): void {
    for (const name of Object.values(AI_QUEUES)) this.queue.wake(name);
  }

  /** POST /api/leads/enrich and /api/leads/:id/enrich: a manual request runs whatever the toggle says (enrichment-batches.ts). */
  requestEnrichment(ctx: RequestContext, leadIds: string[], priority: EnrichmentPriority): Promise<EnrichmentRequestAnswer> {
    return requestEnrichment(this.deps, this.queue, ctx, leadIds, priority);
  }

  // -------------------------------------------------------------------------------------------
  // Job handlers

  async runEnrichJob(data: LeadJobData, job: JobInfo): Promise<unknown> {
    if ('importId' in data) return enrichImportPage(this.importRun(), data, job);
    if (data.batchId) return this.enrichBatchLead({ ...data, batchId: data.batchId }, job);
    if (data.trigger === 'auto' && !(await this.toggle(data.organizationId, 'enableAutoEnrichment'))) return { result: 'disabled' };
    return this.enrichLead(data.organizationId, data.leadId, { requestedAt: new Date(data.requestedAt), trigger: data.trigger });
  }

  async runScoreJob(data: LeadJobData): Promise<unknown> {
    if ('importId' in data) return scoreImportPage(this.importRun(), data);
    if (data.trigger === 'auto' && !(await this.toggle(data.organizationId, 'enableSmartScoring'))) return { result: 'disabled' };
    const outcome = await this.scoreLead(data.organizationId, data.leadId, { requestedAt: new Date(data.requestedAt) });
    return outcome.result === 'scored' ? { result: 'scored', ai_score: outcome.score.ai_score, source: outcome.score.ai_score_source } : outcome;
  }

  async runAnalyzeJob(data: ConversationJob): Promise<unknown> {
    if (data.trigger === 'auto' && !(await this.toggle(data.organizationId, 'enableConversationAnalysis'))) return { result: 'disabled' };
    const outcome = await this.analyzeConversation(data.organizationId, data.conversationId, { requestedAt: new Date(data.requestedAt) });
    return outcome.result === 'analyzed' ? { result: 'analyzed', sentiment: outcome.analysis.sentiment, source: outcome.analysis.source } : outcome;
  }

  /** A lead of a manual batch: its outcome is counted in the batch, a failure once the last retry has failed too. */
  private async enrichBatchLead(data: LeadJob & { batchId: string }, job: JobInfo): Promise<unknown> {
    let outcome: EnrichOutcome;
    try {
      outcome = await this.enrichLead(data.organizationId, data.leadId, { requestedAt: new Date(data.requestedAt), trigger: 'manual' });
    } catch (error) {
      if (!job.lastAttempt) throw error;
      this.deps.log.warn({ err: error, leadId: data.leadId }, 'manual enrichment failed on its last attempt');
      outcome = { result: 'error', error: ENRICHMENT_MESSAGES.unreachable };
    }
    const { state, message } = settlementOf(outcome);
    await settleBatchLead(this.deps, data, state, message);
    return outcome;
  }

  /** A batch lead's job whose process died on its last attempt (jobs/orphans.ts): counted as failed. */
  async abandonEnrichJob(data: LeadJobData): Promise<void> {
    if ('importId' in data || !data.batchId) return;
    await settleBatchLead(this.deps, { ...data, batchId: data.batchId }, 'failed', ENRICHMENT_MESSAGES.abandoned);
  }

  /** What an import's page jobs (import-pages.ts) use of this module. */
  private importRun(): ImportPageRun {
    return {
      deps: this.deps,
      queue: this.queue,
      enabled: (organizationId, name) => this.toggle(organizationId, name),
      report: (organizationId, area, ok) => this.report(organizationId, area, ok),
      applyEnrichment: (tx, organizationId, lead, found) => this.applyEnrichment(tx, organizationId, lead, found, 'auto', 'rules'),
    };
  }

  private toggle(organizationId: string, name: AiToggle): Promise<boolean> {
    return withTenant(this.deps.db, organizationId, async (tx) => (await readAiIntegration(tx, organizationId))[name]);
  }

  // -------------------------------------------------------------------------------------------
  // Scoring

  /**
   * calculate_ai_lead_score: the record-based score, blended with the model's when one is configured
   * (a model failure leaves the record-based score and reports the scoring area as failing). With
   * `requestedAt` (a job) a lead scored since then is left alone, so a retried job scores once.
   */
  async scoreLead(
    organizationId: string,
    leadId: string,
    opts: { requestedAt?: Date } = {},
  ): Promise<{ result: 'scored'; score: LeadAiScore } | { result: 'already_scored' | 'not_found' }> {
    const { db, llm, log } = this.deps;
    const input = await withTenant(db, organizationId, async (tx) => {
      const lead = await repo.findLiveLead(tx, organizationId, leadId);
      return lead ? { lead, calls: await repo.recentCalls(tx, organizationId, leadId, SCORING_CALLS) } : null;
    });
    if (!input) return { result: 'not_found' };
    if (opts.requestedAt && input.lead.ai_scored_at && new Date(input.lead.ai_scored_at) >= opts.requestedAt) return { result: 'already_scored' };

    const record = recordScore(input.lead, input.calls);
    let final = { score: record.score, reasons: record.reasons };
    let source = 'rules';
    let llmState: LeadAiScore['llm'] = llm ? 'configured' : 'not_configured';
    if (llm) {
      try {
        const answer = await llm.chat({ messages: scoringPrompt(input.lead, input.calls, record), json: true, temperature: 0.2, max_tokens: 400 });
        const parsed = parseLlmScore(answer.choices[0]!.message.content);
        if (!parsed) throw new LlmError(502, 'The language model did not answer with a score');
        final = blendScores(record, parsed);
        source = 'rules+llm';
      } catch (error) {
        if (!(error instanceof LlmError)) throw error;
        logLlmFailure(log, error, `AI lead scoring of ${leadId} (record-based score kept)`);
        llmState = 'error';
        final = { score: record.score, reasons: [...record.reasons, 'AI model unavailable: record-based score only'] };
      }
    }

    const scoredAt = new Date();
    const stored = await withTenant(db, organizationId, async (tx) => {
      const current = await repo.lockLead(tx, organizationId, leadId);
      if (!current) return 'not_found' as const;
      if (opts.requestedAt && current.ai_scored_at && new Date(current.ai_scored_at) >= opts.requestedAt) return 'already_scored' as const;
      await repo.storeLeadScore(tx, organizationId, leadId, { ai_score: final.score, ai_score_reasons: final.reasons, ai_score_source: source, ai_scored_at: scoredAt });
      await audit(tx, systemActor(organizationId), LEAD_ACTIVITY.aiScored, { type: 'lead', id: leadId }, {
        automation: AUTOMATION.scoring, score: final.score, source, reasons: final.reasons.slice(0, 5),
      });
      return 'scored' as const;
    });
    if (stored !== 'scored') return { result: stored };
    await this.report(organizationId, 'scoring', llmState !== 'error');
    const { motivation, level } = motivationOf(final.score);
    return {
      result: 'scored',
      score: {
        lead_id: leadId,
        ai_score: final.score,
        ai_score_reasons: final.reasons,
        ai_score_source: source,
        ai_scored_at: scoredAt.toISOString(),
        motivation,
        motivation_level: level,
        llm: llmState,
      },
    };
  }

  // -------------------------------------------------------------------------------------------
  // Enrichment

  /**
   * auto-lead-enrichment for one lead: a BatchData lookup of its property address that fills only the
   * lead's empty fields and stamps enriched_at, enriched_by and (when empty) data_source. Without
   * BatchData the job is done with 'not_configured' and the lead is not touched.
   */
  async enrichLead(organizationId: string, leadId: string, opts: { requestedAt?: Date; trigger: Trigger }): Promise<EnrichOutcome> {
    const { db, enrichment } = this.deps;
    if (enrichment.kind === 'none') return { result: 'not_configured', message: NOT_CONFIGURED_MESSAGE };
    const lead = await withTenant(db, organizationId, (tx) => repo.findLiveLead(tx, organizationId, leadId));
    if (!lead) return { result: 'not_found' };
    if (this.alreadyEnriched(lead, opts)) return { result: 'already_enriched' };
    const address = lookupAddress(lead);
    if (!address) return { result: 'no_address' };
    const answer = await enrichment.lookupProperty(address); // a network failure throws: the job is retried with backoff
    if (!answer.success) {
      await this.report(organizationId, 'enrichment', false);
      return { result: 'error', error: answer.error ?? 'The enrichment service failed' };
    }
    await this.report(organizationId, 'enrichment', true);
    if (!answer.data) return { result: 'no_match' };
    const data = answer.data;
    const outcome = await withTenant(db, organizationId, async (tx) => {
      const current = await repo.lockLead(tx, organizationId, leadId);
      if (!current) return { result: 'not_found' as const };
      if (this.alreadyEnriched(current, opts)) return { result: 'already_enriched' as const };
      return this.applyEnrichment(tx, organizationId, current, data, opts.trigger);
    });
    if (outcome.result === 'enriched') this.queue.wake(AI_QUEUES.score);
    return outcome;
  }

  private alreadyEnriched(lead: Lead, opts: { requestedAt?: Date; trigger: Trigger }): boolean {
    if (!lead.enriched_at) return false;
    // A lead that arrived enriched (the address search) is not looked up again automatically.
    if (opts.trigger === 'auto') return true;
    return opts.requestedAt !== undefined && new Date(lead.enriched_at) >= opts.requestedAt;
  }

  /**
   * Fills and stamps the locked lead. New data means a new score (when scoring is on or the request was
   * manual): queued as a job in the same transaction, or for an import's leads scored here by the rules,
   * as the import's own scoring does (no model call per imported lead).
   */
  private async applyEnrichment(
    tx: Tx,
    organizationId: string,
    lead: Lead,
    data: EnrichedProperty,
    trigger: Trigger,
    rescore: 'job' | 'rules' = 'job',
  ): Promise<EnrichOutcome> {
    const filled = emptyFieldsFrom(lead, data);
    const merged = { ...lead, ...filled } as Lead;
    await repo.fillLead(tx, organizationId, lead.id, {
      ...filled,
      ...deriveLeadColumns(merged),
      enriched_at: new Date(),
      enriched_by: 'batchdata',
      ...(present(lead.data_source) ? {} : { data_source: 'batchdata' }),
    });
    const fields = Object.keys(filled) as LeadFieldName[];
    await audit(tx, systemActor(organizationId), LEAD_ACTIVITY.enriched, { type: 'lead', id: lead.id }, { automation: AUTOMATION.enrichment, fields, trigger });
    if (fields.length > 0 && (trigger === 'manual' || (await readAiIntegration(tx, organizationId)).enableSmartScoring)) {
      if (rescore === 'rules') {
        const r = recordScore(merged);
        await repo.storeLeadScore(tx, organizationId, lead.id, { ai_score: r.score, ai_score_reasons: r.reasons, ai_score_source: 'rules', ai_scored_at: new Date() });
      } else {
        const job: LeadJob = { organizationId, leadId: lead.id, requestedAt: new Date().toISOString(), trigger };
        await this.queue.sendWith(transactionExecutor(tx), AI_QUEUES.score, job, { key: leadKey(lead.id, trigger) });
      }
    }
    return { result: 'enriched', filled: fields };
  }

  analyzeConversation(organizationId: string, conversationId: string, opts: { requestedAt?: Date } = {}) {
    return analyzeConversation({ ...this.deps, report: (org, area, ok) => this.report(org, area, ok) }, organizationId, conversationId, opts);
  }

  getAnalysis(ctx: RequestContext, conversationId: string) {
    return getAnalysis(ctx, conversationId);
  }

  analyzeCall(ctx: RequestContext, callId: string) {
    return analyzeCall({ ...this.deps, report: (org, area, ok) => this.report(org, area, ok) }, ctx, callId);
  }

  getCallTranscript(ctx: RequestContext, callId: string) {
    return getCallTranscript(ctx, callId);
  }
}
