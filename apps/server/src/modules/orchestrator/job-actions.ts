import type { JobAction } from '@wholesail/domain';
import { sql } from 'kysely';
import type { Tx } from '../../db/scope';
import type { OrgContext } from '../../http/context';
import { conflict, notFound } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import { transactionExecutor } from '../../jobs/transaction-executor';
import { audit } from '../audit/audit';
import { jobError, ownerRows, queueLabel, type JobState } from './pgboss';

export const JOB_ACTIONS = { retry: 'job.retried', discard: 'job.discarded' } as const;
export type JobActionKind = keyof typeof JOB_ACTIONS;

const STATE_WORDS: { readonly [S in JobState]: string } = {
  created: 'waiting to run', retry: 'waiting to run again', active: 'running', completed: 'finished', cancelled: 'cancelled', failed: 'failed',
};

export const JOB_MESSAGES = {
  notFound: 'Job not found',
  notFailed: (state: JobState) => `Only a failed job can be retried or discarded; this one is ${STATE_WORDS[state]}.`,
  changed: 'The job changed while this was asked; load the diagnostics again.',
  alreadyWaiting: 'The same work is already waiting to run again, so this failed job cannot be retried; discard it instead.',
};

/**
 * Retries (pg-boss retry: one more attempt) or discards (pg-boss deleteJob) a failed job of the caller's
 * organization, in the tenant transaction that audits it: the job is locked first, so it is still failed when acted
 * on. Another organization's job, or one pg-boss no longer holds (archived), is not found.
 */
export async function actOnJob(tx: Tx, ctx: OrgContext, queue: JobQueue, id: string, action: JobActionKind): Promise<JobAction> {
  const [job] = await ownerRows<{ name: string; state: JobState; output: unknown; twin_waiting: boolean }>(
    tx,
    sql`select j.name, j.state, j.output,
          j.policy = 'stately' and exists (select 1 from pgboss.job w where w.name = j.name and w.singleton_key = j.singleton_key and w.state = 'retry') as twin_waiting
        from pgboss.job j where j.id = ${id}::uuid and j.data->>'organizationId' = ${ctx.organizationId} for update of j`,
  );
  if (!job) throw notFound(JOB_MESSAGES.notFound);
  if (job.state !== 'failed') throw conflict(JOB_MESSAGES.notFailed(job.state), 'JOB_NOT_FAILED');
  // A 'stately' queue holds one job per key waiting to run again: the failed one cannot join it (pg-boss's unique index).
  if (action === 'retry' && job.twin_waiting) throw conflict(JOB_MESSAGES.alreadyWaiting, 'JOB_ALREADY_WAITING');
  const executor = transactionExecutor(tx);
  const done = action === 'retry' ? await queue.retryWith(executor, job.name, id) : await queue.deleteWith(executor, job.name, id);
  if (!done) throw conflict(JOB_MESSAGES.changed, 'JOB_NOT_FAILED');
  await audit(tx, ctx, JOB_ACTIONS[action], { type: 'job', id }, { queue: job.name, label: queueLabel(job.name), error: jobError(job.output) });
  return { id, queue: job.name, state: action === 'retry' ? 'retrying' : 'discarded' };
}
