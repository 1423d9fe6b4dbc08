import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { leadImportQueue } from './lead-import';
import { startJobQueue, type JobQueue } from './queue';

export type { JobQueue } from './queue';

/** The app's job queue with every handler registered; stop() lets running jobs reach a safe point. */
export function startJobs(database: Database, log: FastifyBaseLogger, options: { connectionString?: string } = {}): Promise<JobQueue> {
  return startJobQueue(database, log, [leadImportQueue(database)], options);
}
