import type { Database } from '../db/database';
import { LEAD_IMPORT_QUEUE, runImport, type LeadImportJob } from '../modules/lead-import/service';
import type { QueueDefinition } from './queue';

/** 'lead-import': runs a confirmed CSV import; a retry resumes after the last committed batch. */
export function leadImportQueue(database: Database): QueueDefinition<LeadImportJob> {
  return {
    name: LEAD_IMPORT_QUEUE,
    retryLimit: 3,
    retryDelaySeconds: 5,
    expireInMinutes: 60,
    handler: (data, job) => runImport(database.db, data, { shouldStop: job.stopping, lastAttempt: job.lastAttempt }),
  };
}
