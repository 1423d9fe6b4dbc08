import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/database';
import { startJobSupervisor } from './orphans';

export interface JobInfo {
  id: string;
  /** True on the last attempt pg-boss will make. */
  lastAttempt: boolean;
  /** True once the queue is stopping: long handlers stop between steps and are retried later. */
  stopping: () => boolean;
}
/** What a handler resolves to is kept as the job's output. */
export type JobHandler<T> = (data: T, job: JobInfo) => Promise<unknown>;

/** pg-boss queue policies: 'stately' keeps at most one queued and one active job per key. */
export type QueuePolicy = 'standard' | 'short' | 'singleton' | 'stately';

/** A handler of a batch of jobs (pg-boss batchSize), which settle together: what it resolves to is each job's output. */
export type BatchHandler<T> = (data: T[], jobs: JobInfo[]) => Promise<unknown>;

/** A queue: each job to `handler`, or up to `batch.size` jobs at a time to `batch.handler`. */
export type QueueDefinition<T> = QueueOptions<T> & ({ handler: JobHandler<T>; batch?: undefined } | { batch: { size: number; handler: BatchHandler<T> }; handler?: undefined });

interface QueueOptions<T> {
  name: string;
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** Doubles the delay between retries (pg-boss retryBackoff). */
  retryBackoff?: boolean;
  expireInMinutes?: number;
  policy?: QueuePolicy;
  /** Workers this instance runs for the queue (each takes one job, or one batch, at a time). */
  workers?: number;
  /**
   * A job whose process died on its last attempt is failed without its handler running again (jobs/orphans.ts):
   * this records the failure where the handler would have (e.g. marks an import failed with its counts).
   */
  onAbandoned?: (data: T) => Promise<void>;
}

/** Runs pg-boss's SQL on a connection of the caller's choosing, e.g. inside the caller's transaction. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface JobQueue {
  /** Queues a job; `key` makes it a singleton (a second send with the same key is ignored); `startAfter` holds it until then. */
  send<T extends object>(name: string, data: T, options?: { key?: string; startAfter?: Date }): Promise<string | null>;
  /**
   * Queues a job through `executor`, e.g. in the transaction that creates what the job works on, so
   * both commit or neither does. Call wake(name) after the commit to start it without waiting for a poll.
   */
  sendWith<T extends object>(executor: SqlExecutor, name: string, data: T, options?: { key?: string; priority?: number }): Promise<string | null>;
  /** Queues many jobs of one queue in one statement through `executor` (a key already queued is skipped, as with send). */
  insertWith<T extends object>(executor: SqlExecutor, name: string, jobs: ReadonlyArray<{ data: T; key: string; startAfter?: Date }>): Promise<void>;
  /** The id of a job with this key that is queued, waiting for a retry or running, if any. */
  findPending(name: string, key: string): Promise<string | null>;
  /** Puts a failed job back to run once more (pg-boss retry) through `executor`; false when it was not failed. wake(name) after the commit. */
  retryWith(executor: SqlExecutor, name: string, id: string): Promise<boolean>;
  /** Deletes a job (pg-boss deleteJob) through `executor`; false when there was none. */
  deleteWith(executor: SqlExecutor, name: string, id: string): Promise<boolean>;
  /** Tells this instance's workers of the queue to look for jobs now. */
  wake(name: string): void;
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

/** pg-boss 10 answers its job commands with counts its types leave out (manager.js mapCommandResponse). */
const affected = (answer: unknown) => ((answer as { affected?: number } | undefined)?.affected ?? 0) > 0;

/** pg-boss's statements that complete or fail jobs (plans.js completeJobs and failJobs, pg-boss 10). */
const SETTLES_JOBS = /SET completed_on = now\(\)|retried_jobs AS/;

/**
 * pg-boss on the app's database. On PostgreSQL with a connection string it has its own small pool;
 * otherwise (PGlite, or a database handed in without its URL) it goes through database.executeSql,
 * which on PGlite shares the exclusive session with every other query.
 */
export async function startJobQueue(
  database: Database,
  log: FastifyBaseLogger,
  queues: Array<QueueDefinition<never>>,
  options: {
    connectionString?: string;
    beforeWork?: (queue: JobQueue) => void;
    /** How often this instance reports itself alive to the others (jobs/orphans.ts); default 10 s. */
    heartbeatSeconds?: number;
    /** How long stop() waits for running handlers; default 5 s. */
    stopTimeoutMs?: number;
  } = {},
): Promise<JobQueue> {
  // Once stopped, pg-boss's late statements are dropped (answered with nothing, as its own pool answers once
  // closed; pg-boss reads it as no rows affected). A handler that outlived the stop's timeout would otherwise
  // fail its job on a closed database, in a promise pg-boss does not await. The job stays active, and the next
  // start releases it (jobs/orphans.ts).
  let stopped = false;
  const dropped = (text: string) => {
    log.debug({ statement: text.slice(0, 120) }, 'job queue statement after stop: dropped');
    return Promise.resolve(undefined as never);
  };
  // pg-boss does not await the statement that records a job's completion or failure either: a database gone
  // at that moment (an outage, or closed under a running queue) is logged, not left an unhandled rejection.
  // The job stays active and is retried once it expires or the supervisor releases it.
  const executeSql = (text: string, values: unknown[]) => {
    if (stopped) return dropped(text);
    const result = database.executeSql(text, values);
    if (!SETTLES_JOBS.test(text)) return result;
    return result.catch((err: unknown) => {
      log.warn({ err }, 'job queue could not record a job as settled; it is retried once released');
      return undefined as never;
    });
  };
  const connection = database.kind === 'postgres' && options.connectionString
    ? { connectionString: options.connectionString, max: 3 }
    : { db: { executeSql } };
  const boss = new PgBoss({
    ...connection,
    schema: 'pgboss',
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: 120,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();

  const workers = new Map<string, string[]>();
  let stopping = false;
  for (const q of queues) {
    await boss.createQueue(q.name, {
      name: q.name,
      policy: q.policy ?? 'standard',
      retryLimit: q.retryLimit ?? 3,
      retryDelay: q.retryDelaySeconds ?? 5,
      retryBackoff: q.retryBackoff ?? false,
      expireInSeconds: (q.expireInMinutes ?? 30) * 60,
    });
  }
  const wake = (name: string) => {
    for (const id of workers.get(name) ?? []) boss.notifyWorker(id);
  };
  // Jobs a crashed instance left active are released (here at start-up, and while running); the
  // workers below fetch them when they start.
  const supervisor = await startJobSupervisor(database, log, {
    queues: queues.map((q) => q.name),
    heartbeatSeconds: options.heartbeatSeconds ?? 10,
    retry: wake,
    abandoned: (name, data) => (queues.find((q) => q.name === name)?.onAbandoned as ((d: unknown) => Promise<void>) | undefined)?.(data) ?? Promise.resolve(),
  });
  const queue: JobQueue = {
    get stopping() {
      return stopping;
    },
    async send(name, data, opts = {}) {
      const id = await boss.send(name, data, { ...(opts.key ? { singletonKey: opts.key } : {}), ...(opts.startAfter ? { startAfter: opts.startAfter } : {}) });
      // Wake this instance's worker now instead of at its next poll.
      wake(name);
      return id;
    },
    async sendWith(executor, name, data, opts = {}) {
      return boss.send(name, data, { db: executor, ...(opts.key ? { singletonKey: opts.key } : {}), ...(opts.priority ? { priority: opts.priority } : {}) });
    },
    async insertWith(executor, name, jobs) {
      if (jobs.length === 0) return;
      await boss.insert(
        jobs.map((j) => ({ name, data: j.data, singletonKey: j.key, ...(j.startAfter ? { startAfter: j.startAfter.toISOString() } : {}) })),
        { db: executor },
      );
    },
    async findPending(name, key) {
      const { rows } = await database.executeSql(
        `select id from pgboss.job where name = $1 and singleton_key = $2 and state in ('created', 'retry', 'active') order by created_on desc limit 1`,
        [name, key],
      );
      return (rows[0] as { id: string } | undefined)?.id ?? null;
    },
    async retryWith(executor, name, id) {
      return affected(await boss.retry(name, id, { db: executor }));
    },
    async deleteWith(executor, name, id) {
      return affected(await boss.deleteJob(name, id, { db: executor }));
    },
    wake,
    async stop() {
      stopping = true;
      await boss.stop({ graceful: true, wait: true, timeout: options.stopTimeoutMs ?? 5_000 });
      stopped = true;
      await supervisor.stop();
    },
  };
  // Handlers may queue follow-up jobs: whoever sends them gets the queue before the first job runs.
  options.beforeWork?.(queue);

  for (const q of queues) {
    const ids: string[] = [];
    for (let i = 0; i < (q.workers ?? 1); i++) {
      let self = '';
      self = await boss.work<object>(q.name, { batchSize: q.batch?.size ?? 1, pollingIntervalSeconds: 2, includeMetadata: true }, async (jobs) => {
        // A worker that found a job looks for the next one as soon as this one is done, instead of after its
        // polling interval: a backlog drains at the handlers' pace, not one job per worker every 2 s.
        boss.notifyWorker(self);
        const info = (job: (typeof jobs)[number]): JobInfo => ({ id: job.id, lastAttempt: job.retryCount >= job.retryLimit, stopping: () => stopping });
        const run = async (batch: typeof jobs, handle: () => Promise<unknown>) => {
          for (const job of batch) await supervisor.claim(job.id);
          try {
            return await handle();
          } catch (err) {
            if (!(err instanceof JobInterrupted)) log.error({ err, queue: q.name, jobIds: batch.map((j) => j.id) }, 'job failed');
            throw err;
          } finally {
            for (const job of batch) supervisor.release(job.id);
          }
        };
        if (q.batch) return run(jobs, () => (q.batch.handler as BatchHandler<object>)(jobs.map((j) => j.data), jobs.map(info)));
        let output: unknown;
        for (const job of jobs) output = await run([job], () => (q.handler as JobHandler<object>)(job.data, info(job)));
        return output;
      });
      ids.push(self);
    }
    workers.set(q.name, ids);
  }
  return queue;
}
