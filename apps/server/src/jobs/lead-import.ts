import type { Tx } from '../db/scope';
import { failImport, IMPORT_ABANDONED_MESSAGE, LEAD_IMPORT_QUEUE, runImport, type ImportDeps, type LeadImportJob } from '../modules/lead-import/service';
import type { QueueDefinition } from './queue';

export interface LeadImportHooks {
  /** In the transaction that finishes the import: queue the work its new leads get (AI jobs). */
  onFinished?: (tx: Tx, job: LeadImportJob) => Promise<void>;
}

/** 'lead-import': runs a confirmed CSV import from its stored file; a retry resumes after the last committed batch. */
export function leadImportQueue(deps: ImportDeps, hooks: LeadImportHooks = {}): QueueDefinition<LeadImportJob> {
  return {
    name: LEAD_IMPORT_QUEUE,
    retryLimit: 3,
    retryDelaySeconds: 5,
    expireInMinutes: 60,
    handler: (data, job) =>
      runImport(deps, data, {
        shouldStop: job.stopping,
        lastAttempt: job.lastAttempt,
        onFinished: hooks.onFinished && ((tx) => hooks.onFinished!(tx, data)),
      }),
    // Killed on its last attempt: the import is failed with its counts, never left 'running'.
    onAbandoned: (data) => failImport(deps, data, IMPORT_ABANDONED_MESSAGE, hooks.onFinished && ((tx) => hooks.onFinished!(tx, data))),
  };
}
