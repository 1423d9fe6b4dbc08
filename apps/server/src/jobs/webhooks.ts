import { runAttempt } from '../modules/webhooks/attempt';
import { WEBHOOK_QUEUES, type AttemptJob, type Webhooks } from '../modules/webhooks/webhooks';
import type { QueueDefinition } from './queue';

/** Attempts run side by side on an instance: one slow receiver (up to 10 s) does not hold up the others. */
const ATTEMPT_WORKERS = 4;

/**
 * The webhooks' attempt jobs ('short': a second job of the same key waiting is ignored) and the retention job. An
 * attempt that failed over HTTP is settled by its handler (a later job is the retry); pg-boss's own retry is for a
 * handler that threw (the database was away), and that attempt is then made again.
 */
export function webhookQueues(webhooks: Webhooks): [QueueDefinition<AttemptJob>, QueueDefinition<Record<string, never>>] {
  return [
    {
      name: WEBHOOK_QUEUES.attempt, policy: 'short', retryLimit: 3, retryDelaySeconds: 30, retryBackoff: true, expireInMinutes: 2, workers: ATTEMPT_WORKERS,
      handler: (job) => runAttempt(webhooks, job),
    },
    { name: WEBHOOK_QUEUES.prune, retryLimit: 1, handler: () => webhooks.prune() },
  ];
}
