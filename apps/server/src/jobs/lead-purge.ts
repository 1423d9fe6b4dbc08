import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { withSystem } from '../db/scope';
import { purgeDeleted } from '../modules/leads/deleted';
import type { JobQueue, QueueDefinition } from './queue';

export const LEAD_PURGE_QUEUE = 'lead-purge';
const PURGE_EVERY_MS = 6 * 3_600_000;

/** 'lead-purge': removes the leads deleted more than LEAD_RESTORE_DAYS ago, in every organization. */
export function leadPurgeQueue(database: Database, log: FastifyBaseLogger): QueueDefinition<Record<string, never>> {
  return {
    name: LEAD_PURGE_QUEUE,
    retryLimit: 2,
    handler: async () => {
      const purged = await withSystem(database.db, (tx) => purgeDeleted(tx, new Date()));
      if (purged > 0) log.info({ purged }, 'purged leads deleted over 30 days ago');
      return { purged };
    },
  };
}

/**
 * Queues the purges (the leads', and the webhook deliveries' retention) at start and every 6 hours (pg-boss's own
 * cron is off, see queue.ts). The key is the 6-hour slot; returns what stops the timer.
 */
export function schedulePurge(queue: JobQueue, log: FastifyBaseLogger, names: readonly string[] = [LEAD_PURGE_QUEUE]): () => void {
  const send = () => {
    for (const name of names) {
      void queue.send(name, {}, { key: String(Math.floor(Date.now() / PURGE_EVERY_MS)) }).catch((err: unknown) => {
        if (!queue.stopping) log.warn({ err, queue: name }, 'could not queue a purge');
      });
    }
  };
  send();
  const timer = setInterval(send, PURGE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
