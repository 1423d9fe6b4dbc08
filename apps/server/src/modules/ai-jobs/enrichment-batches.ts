import type { EnrichmentPriority, EnrichmentRequestAnswer, EnrichmentState, LeadEnrichmentStatus, EnrichmentBatch } from '@wholesail/domain';
import { withTenant } from '../../db/scope';
import type { RequestContext } from '../../http/context';
import { AppError, notFound } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import { transactionExecutor } from '../../jobs/transaction-executor';
import { emit } from '../outbox/emit';
import * as repo from './batch-repo';
import { AI_QUEUES, type AiJobsDeps, type EnrichOutcome, type LeadJob } from './types';

/**
 * Manual enrichment (platform.md §7 auto-lead-enrichment, manual trigger): one or many leads as a batch, each lead's
 * job queued once while one is in flight, and enrichment.batch_finished emitted with the batch's last lead.
 */

export const ENRICHMENT_MESSAGES = {
  notConfigured: 'No property-data service is configured (BATCHDATA_API_KEY): leads cannot be enriched',
  deleted: 'The lead was deleted',
  noAddress: 'The lead has no property address to look up',
  noMatch: 'No property record matches this address',
  unreachable: 'The property-data service could not be reached; try again later',
  abandoned: 'The enrichment stopped unexpectedly; try again',
} as const;

/** pg-boss priority of each: a high one runs before the queued normal ones. */
const QUEUE_PRIORITY: Record<EnrichmentPriority, number> = { normal: 0, high: 10 };

export const manualKey = (leadId: string) => `lead:${leadId}:manual`;

type Deps = Pick<AiJobsDeps, 'db' | 'enrichment'>;

/**
 * Queues enrichment of the leads as one batch (202). Leads in flight already are left alone (counted in
 * `already_in_flight`); when every lead is, the answer is the batch one of them is in and nothing is queued.
 */
export async function requestEnrichment(deps: Pick<Deps, 'enrichment'>, queue: JobQueue, ctx: RequestContext, leadIds: string[], priority: EnrichmentPriority): Promise<EnrichmentRequestAnswer> {
  const org = ctx.organizationId;
  const answer = await ctx.write(async (tx) => {
    const live = await repo.liveLeadIds(tx, org, [...new Set(leadIds)]);
    if (live.length === 0) throw notFound(leadIds.length === 1 ? 'Lead not found' : 'None of these leads was found');
    // Never a silent no-op: without the service nothing is queued, and the member is told why.
    if (deps.enrichment.kind === 'none') throw new AppError(503, 'ENRICHMENT_NOT_CONFIGURED', ENRICHMENT_MESSAGES.notConfigured);
    const busy = new Set(await repo.inFlightLeadIds(tx, org, live));
    const candidates = live.filter((id) => !busy.has(id));
    const inFlightAnswer = async (): Promise<EnrichmentRequestAnswer> => ({ batch: (await repo.inFlightBatchOf(tx, org, live[0]!))!, queued: 0, already_in_flight: live.length });
    if (candidates.length === 0) return inFlightAnswer();
    let batch = await repo.insertBatch(tx, org, ctx.user.id, priority, candidates.length);
    const queued = await repo.insertBatchLeads(tx, org, batch.id, candidates);
    if (queued.length === 0) {
      await repo.deleteBatch(tx, org, batch.id);
      return inFlightAnswer();
    }
    if (queued.length < candidates.length) batch = await repo.setBatchTotal(tx, org, batch.id, queued.length);
    const executor = transactionExecutor(tx);
    const requestedAt = new Date().toISOString();
    for (const leadId of queued) {
      const job: LeadJob = { organizationId: org, leadId, requestedAt, trigger: 'manual', batchId: batch.id };
      // The lead's row was just put in flight, so no job of its key waits: a refusal means the queue is not what it should be.
      const id = await queue.sendWith(executor, AI_QUEUES.enrich, job, { key: manualKey(leadId), priority: QUEUE_PRIORITY[priority] });
      if (!id) throw new Error(`The enrichment of lead ${leadId} could not be queued`);
    }
    return { batch, queued: queued.length, already_in_flight: live.length - queued.length };
  });
  if (answer.queued > 0) queue.wake(AI_QUEUES.enrich);
  return answer;
}

/** What a lead's enrichment outcome means for its batch, with the reason a member reads. */
export function settlementOf(outcome: EnrichOutcome): { state: Exclude<EnrichmentState, 'queued'>; message: string | null } {
  switch (outcome.result) {
    case 'enriched':
    // Enriched since this request was made: by this job on an earlier delivery.
    case 'already_enriched':
      return { state: 'enriched', message: null };
    case 'not_found':
      return { state: 'skipped', message: ENRICHMENT_MESSAGES.deleted };
    case 'disabled':
      return { state: 'skipped', message: null };
    case 'no_address':
      return { state: 'failed', message: ENRICHMENT_MESSAGES.noAddress };
    case 'no_match':
      return { state: 'failed', message: ENRICHMENT_MESSAGES.noMatch };
    case 'not_configured':
      return { state: 'failed', message: outcome.message };
    case 'error':
      return { state: 'failed', message: outcome.error };
  }
}

/** Settles a lead of a batch; the batch's last lead emits enrichment.batch_finished in the same transaction. */
export async function settleBatchLead(deps: Pick<Deps, 'db'>, job: LeadJob & { batchId: string }, state: Exclude<EnrichmentState, 'queued'>, message: string | null): Promise<void> {
  await withTenant(deps.db, job.organizationId, async (tx) => {
    const settled = await repo.settleBatchLead(tx, job.organizationId, job.batchId, job.leadId, state, message);
    if (settled?.last) {
      await emit(tx, { type: 'enrichment.batch_finished', organizationId: job.organizationId, batchId: job.batchId, requestedBy: settled.batch.requested_by });
    }
  });
}

export async function leadEnrichment(ctx: RequestContext, leadId: string): Promise<{ enrichment: LeadEnrichmentStatus | null }> {
  return ctx.read(async (tx) => {
    if ((await repo.liveLeadIds(tx, ctx.organizationId, [leadId])).length === 0) throw notFound('Lead not found');
    return { enrichment: await repo.latestLeadEnrichment(tx, ctx.organizationId, leadId) };
  });
}

export async function getBatch(ctx: RequestContext, batchId: string): Promise<EnrichmentBatch> {
  const batch = await ctx.read((tx) => repo.findBatch(tx, ctx.organizationId, batchId));
  if (!batch) throw notFound('Enrichment batch not found');
  return batch;
}
