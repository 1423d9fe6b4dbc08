import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';

/** Missed beats after which an instance counts as gone and its active jobs as orphans. */
export const STALE_BEATS = 3;
const ORPHAN_MESSAGE = 'The server running this job stopped before it finished; the job runs again.';
const SUPERSEDED_MESSAGE = 'The server running this job stopped before it finished; the same job already waiting runs instead.';
const UNIQUE_VIOLATION = '23505';

export interface JobSupervisor {
  readonly instanceId: string;
  /** A worker of this instance took the job: recorded at once, so no other instance mistakes it for an orphan. */
  claim(jobId: string): Promise<void>;
  release(jobId: string): void;
  stop(): Promise<void>;
}

/**
 * Finds the jobs a dead instance left active (pg-boss 10 only notices when the job's expiry passes:
 * up to an hour for an import). Every instance beats in job_workers with the ids it is running; an
 * active job that no fresh instance lists, started more than STALE_BEATS beats ago, goes back to
 * 'retry' to run at once (its retry count goes up when it is fetched), or to 'failed' when it was on
 * its last attempt. The handlers are idempotent, so a job wrongly thought dead (an instance cut off
 * from the database for longer than that) at worst runs twice, and still has its effect once.
 *
 * On PGlite with a data directory only one process can open it, so at start-up every job still
 * active is an orphan and is released at once.
 */
export async function startJobSupervisor(
  database: Database,
  log: FastifyBaseLogger,
  options: {
    queues: string[];
    heartbeatSeconds: number;
    /** A job was put back: wake this instance's workers of the queue. */
    retry: (name: string) => void;
    /** A job on its last attempt was failed: record the failure as its handler would have. */
    abandoned: (name: string, data: unknown) => Promise<void>;
  },
): Promise<JobSupervisor> {
  const instanceId = crypto.randomUUID();
  const running = new Set<string>();
  const staleSeconds = options.heartbeatSeconds * STALE_BEATS;
  const sql = (text: string, values: unknown[] = []) => database.executeSql(text, values);

  const beat = () =>
    sql(
      `insert into job_workers (instance_id, running) values ($1, $2::uuid[])
       on conflict (instance_id) do update set seen_at = now(), running = excluded.running`,
      [instanceId, [...running]],
    );

  const setState = (job: { id: string; name: string }, state: 'retry' | 'failed' | 'cancelled', message: string) =>
    sql(
      `update pgboss.job set
         state = $3::pgboss.job_state,
         start_after = now(),
         completed_on = case when $3 = 'retry' then null else now() end,
         output = jsonb_build_object('message', $4::text)
       where name = $1 and id = $2 and state = 'active'
       returning id`,
      [job.name, job.id, state, message],
    ).then(({ rows }) => rows.length > 0);

  /**
   * Puts an orphan back to run again, or fails it on its last attempt. On a 'stately' queue only one job per key may
   * wait in 'retry': when one already does, it does the orphan's work, and the orphan (which, left active, would keep
   * that one from starting until its expiry) is cancelled instead.
   */
  const release = async (job: { id: string; name: string; retry: boolean }): Promise<'retry' | 'failed' | 'superseded' | null> => {
    if (!job.retry) return (await setState(job, 'failed', ORPHAN_MESSAGE)) ? 'failed' : null;
    try {
      return (await setState(job, 'retry', ORPHAN_MESSAGE)) ? 'retry' : null;
    } catch (err) {
      if ((err as { code?: string }).code !== UNIQUE_VIOLATION) throw err;
      return (await setState(job, 'cancelled', SUPERSEDED_MESSAGE)) ? 'superseded' : null;
    }
  };

  const reap = async (everyOtherInstanceIsGone: boolean) => {
    // Jobs started by an instance that is no longer beating, and not running here.
    const { rows } = await sql(
      `select j.id, j.name, j.data, j.retry_count < j.retry_limit as retry
       from pgboss.job j
       where j.name = any($1::text[]) and j.state = 'active' and not (j.id = any($2::uuid[]))
         and ($3 or j.started_on < now() - make_interval(secs => $4))
         and ($3 or not exists (
           select 1 from job_workers w where w.seen_at > now() - make_interval(secs => $4) and j.id = any(w.running)
         ))`,
      [options.queues, [...running], everyOtherInstanceIsGone, staleSeconds],
    );
    for (const job of rows as Array<{ id: string; name: string; data: unknown; retry: boolean }>) {
      try {
        const outcome = await release(job);
        if (outcome === null) continue; // another instance got there first
        log.warn({ queue: job.name, jobId: job.id, outcome }, 'job left active by a stopped server: released');
        if (outcome !== 'failed') options.retry(job.name);
        else await options.abandoned(job.name, job.data);
      } catch (err) {
        log.warn({ err, queue: job.name, jobId: job.id }, 'could not release an orphaned job or record its failure');
      }
    }
    await sql(`delete from job_workers where seen_at < now() - make_interval(secs => $1 * 10)`, [staleSeconds]);
  };

  await beat();
  await reap(database.exclusive);
  let ticking = false;
  const timer = setInterval(() => {
    if (ticking) return;
    ticking = true;
    // While the database is away the beat fails; it is simply tried again on the next tick.
    beat()
      .then(() => reap(false))
      .catch((err: unknown) => log.debug({ err }, 'job heartbeat failed'))
      .finally(() => (ticking = false));
  }, options.heartbeatSeconds * 1000);
  timer.unref();

  return {
    instanceId,
    async claim(jobId) {
      running.add(jobId);
      await sql(`update job_workers set seen_at = now(), running = array_append(array_remove(running, $2::uuid), $2::uuid) where instance_id = $1`, [
        instanceId,
        jobId,
      ]).catch(() => {});
    },
    release(jobId) {
      running.delete(jobId);
    },
    async stop() {
      clearInterval(timer);
      await sql(`delete from job_workers where instance_id = $1`, [instanceId]).catch(() => {});
    },
  };
}
