import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import type { AiJobs } from '../modules/ai-jobs/service';
import { aiJobQueues } from './ai-jobs';
import { leadImportQueue } from './lead-import';
import { startJobQueue, type JobQueue } from './queue';

export type { JobQueue } from './queue';

/** The app's job queue with every handler registered; stop() lets running jobs reach a safe point. */
export function startJobs(
  database: Database,
  log: FastifyBaseLogger,
  options: { connectionString?: string; ai?: AiJobs; heartbeatSeconds?: number } = {},
): Promise<JobQueue> {
  const { ai } = options;
  const importQueue = leadImportQueue(database, ai ? { onFinished: (tx, job) => ai.queueForImport(tx, job.organizationId, job.importId) } : {});
  return startJobQueue(database, log, [importQueue, ...(ai ? aiJobQueues(ai) : [])], {
    connectionString: options.connectionString,
    heartbeatSeconds: options.heartbeatSeconds,
    beforeWork: (queue) => ai?.attach(queue),
  });
}
