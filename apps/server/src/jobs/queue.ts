import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/database';

export interface JobInfo {
  id: string;
  /** True on the last attempt pg-boss will make. */
  lastAttempt: boolean;
  /** True once the queue is stopping: long handlers stop between steps and are retried later. */
  stopping: () => boolean;
}
export type JobHandler<T> = (data: T, job: JobInfo) => Promise<void>;

export interface QueueDefinition<T> {
  name: string;
  handler: JobHandler<T>;
  retryLimit?: number;
  retryDelaySeconds?: number;
  expireInMinutes?: number;
}

export interface JobQueue {
  /** Queues a job; `key` makes it a singleton (a second send with the same key is ignored). */
  send<T extends object>(name: string, data: T, options?: { key?: string }): Promise<string | null>;
  /** True once stop() has begun: long handlers check it between steps and give the job back. */
  readonly stopping: boolean;
  stop(): Promise<void>;
}

/** Thrown by a handler that stops early because the process is shutting down; the job is retried. */
export class JobInterrupted extends Error {
  constructor() {
    super('interrupted by shutdown; the job resumes on retry');
  }
}

/**
 * pg-boss on the app's database. On PostgreSQL with a connection string it has its own small pool;
 * otherwise (PGlite, or a database handed in without its URL) it goes through database.executeSql,
 * which on PGlite shares the exclusive session with every other query.
 */
export async function startJobQueue(
  database: Database,
  log: FastifyBaseLogger,
  queues: Array<QueueDefinition<never>>,
  options: { connectionString?: string } = {},
): Promise<JobQueue> {
  const connection = database.kind === 'postgres' && options.connectionString
    ? { connectionString: options.connectionString, max: 3 }
    : { db: { executeSql: (text: string, values: unknown[]) => database.executeSql(text, values) } };
  const boss = new PgBoss({
    ...connection,
    schema: 'pgboss',
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: 120,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();

  const workers = new Map<string, string>();
  let stopping = false;
  for (const q of queues) {
    await boss.createQueue(q.name, {
      name: q.name,
      retryLimit: q.retryLimit ?? 3,
      retryDelay: q.retryDelaySeconds ?? 5,
      expireInSeconds: (q.expireInMinutes ?? 30) * 60,
    });
    const workerId = await boss.work<object>(q.name, { batchSize: 1, pollingIntervalSeconds: 2, includeMetadata: true }, async (jobs) => {
      for (const job of jobs) {
        try {
          const info: JobInfo = { id: job.id, lastAttempt: job.retryCount >= job.retryLimit, stopping: () => stopping };
          await (q.handler as JobHandler<object>)(job.data, info);
        } catch (err) {
          if (!(err instanceof JobInterrupted)) log.error({ err, queue: q.name, jobId: job.id }, 'job failed');
          throw err;
        }
      }
    });
    workers.set(q.name, workerId);
  }

  return {
    get stopping() {
      return stopping;
    },
    async send(name, data, opts = {}) {
      const id = await boss.send(name, data, opts.key ? { singletonKey: opts.key } : {});
      // Wake this instance's worker now instead of at its next poll.
      const workerId = workers.get(name);
      if (workerId) boss.notifyWorker(workerId);
      return id;
    },
    async stop() {
      stopping = true;
      await boss.stop({ graceful: true, wait: true, timeout: 5_000 });
    },
  };
}
