import type { Lead } from '@wholesail/domain';
import { withTenant, type Tx } from '../../db/scope';
import { JobInterrupted, type JobInfo, type JobQueue } from '../../jobs/queue';
import { transactionExecutor } from '../../jobs/transaction-executor';
import { NOT_CONFIGURED_MESSAGE, type EnrichedProperty } from '../../providers/enrichment';
import { lookupAddress, mapLimit } from './enrichment-fields';
import * as repo from './repo';
import { recordScore, type RecordScore } from './scoring';
import { AI_QUEUES, ENRICH_PAGE, SCORE_PAGE, type AiJobArea, type AiJobsDeps, type EnrichOutcome, type ImportLeadsJob } from './types';

/** The organization's switches of the automatic AI jobs. */
export type AiToggle = 'enableAutoEnrichment' | 'enableSmartScoring' | 'enableConversationAnalysis';

/** Lookups at a time while enriching an import's page. */
const ENRICH_CONCURRENCY = 4;

/** What an import's page jobs need of the AI jobs module (service.ts). */
export interface ImportPageRun {
  deps: AiJobsDeps;
  queue: JobQueue;
  enabled(organizationId: string, toggle: AiToggle): Promise<boolean>;
  report(organizationId: string, area: AiJobArea, ok: boolean): Promise<void>;
  /** Fills a lead's empty fields from the lookup and scores it by the rules, as an import's own scoring does. */
  applyEnrichment(tx: Tx, organizationId: string, lead: Lead, found: EnrichedProperty): Promise<EnrichOutcome>;
}

/*
 * A finished import's leads are scored and enriched a page per job: each page in one transaction that also queues
 * the next page, so a restart resumes from the last page's cursor.
 */

/** One page of an import's unscored leads, record-based (new leads have no calls yet), in one statement. */
export async function scoreImportPage(run: ImportPageRun, data: ImportLeadsJob): Promise<unknown> {
  const { organizationId, importId } = data;
  if (!(await run.enabled(organizationId, 'enableSmartScoring'))) return { result: 'disabled' };
  const outcome = await withTenant(run.deps.db, organizationId, async (tx) => {
    const window = await repo.findImportWindow(tx, organizationId, importId);
    if (!window) return { result: 'not_found' as const };
    const page = await repo.importLeadsPage(tx, organizationId, window, 'unscored', data.after, run.deps.pageSizes?.score ?? SCORE_PAGE);
    const scoredAt = new Date();
    const rows = page.leads.map((lead) => {
      const r: RecordScore = recordScore(lead);
      return { id: lead.id, ai_score: r.score, ai_score_reasons: r.reasons, ai_score_source: 'rules', ai_scored_at: scoredAt };
    });
    await repo.quietTransaction(tx);
    await repo.storeLeadScores(tx, organizationId, rows);
    if (page.full && page.last) {
      await run.queue.sendWith(transactionExecutor(tx), AI_QUEUES.score, { organizationId, importId, after: page.last } satisfies ImportLeadsJob, {
        key: `import:${importId}:${page.last.id}`,
      });
    }
    return { result: 'scored' as const, scored: rows.length, more: page.full };
  });
  if (outcome.result === 'scored') {
    await run.report(organizationId, 'scoring', true);
    if (outcome.more) run.queue.wake(AI_QUEUES.score);
  }
  return outcome;
}

/** One page of an import's unenriched leads: the lookups, then one transaction that fills them and queues the next page. */
export async function enrichImportPage(run: ImportPageRun, data: ImportLeadsJob, job: JobInfo): Promise<unknown> {
  const { organizationId, importId } = data;
  const { db, enrichment } = run.deps;
  if (enrichment.kind === 'none') return { result: 'not_configured', message: NOT_CONFIGURED_MESSAGE };
  if (!(await run.enabled(organizationId, 'enableAutoEnrichment'))) return { result: 'disabled' };
  const page = await withTenant(db, organizationId, async (tx) => {
    const window = await repo.findImportWindow(tx, organizationId, importId);
    return window ? repo.importLeadsPage(tx, organizationId, window, 'unenriched', data.after, run.deps.pageSizes?.enrich ?? ENRICH_PAGE) : null;
  });
  if (!page) return { result: 'not_found' };
  // Shutting down: give the page back untouched (it is retried from the same cursor after the restart).
  if (job.stopping()) throw new JobInterrupted();
  const leads = page.leads;
  let failed = 0;
  const answers = await mapLimit(leads, ENRICH_CONCURRENCY, async (lead) => {
    const address = lookupAddress(lead);
    if (!address) return null;
    try {
      const answer = await enrichment.lookupProperty(address);
      if (!answer.success) failed++;
      return answer.data ?? null;
    } catch {
      failed++;
      return null;
    }
  });
  // Every lookup of the page failed (the service is down): the page is retried with backoff.
  if (leads.length > 0 && failed === leads.length) {
    await run.report(organizationId, 'enrichment', false);
    throw new Error(`BatchData failed for every lead of the page (import ${importId})`);
  }
  const enriched = await withTenant(db, organizationId, async (tx) => {
    let count = 0;
    for (const [i, lead] of leads.entries()) {
      const found = answers[i];
      if (!found) continue;
      const current = await repo.lockLead(tx, organizationId, lead.id);
      if (!current || current.enriched_at) continue;
      await run.applyEnrichment(tx, organizationId, current, found);
      count++;
    }
    if (page.full && page.last) {
      await run.queue.sendWith(transactionExecutor(tx), AI_QUEUES.enrich, { organizationId, importId, after: page.last } satisfies ImportLeadsJob, {
        key: `import:${importId}:${page.last.id}`,
      });
    }
    return count;
  });
  await run.report(organizationId, 'enrichment', failed === 0);
  if (page.full) run.queue.wake(AI_QUEUES.enrich);
  return { result: 'enriched', looked_up: leads.length, enriched, failed, more: page.full };
}
