import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { OUTBOX_QUEUE, OUTBOX_RETRY_QUEUE, type EventOutbox } from '../modules/outbox/delivery';
import type { JobQueue, QueueDefinition } from './queue';

/** The channel the outbox's insert trigger notifies at commit (migration 0017). */
export const OUTBOX_CHANNEL = 'wholesail_outbox';

/**
 * The delivery job (one running across every instance, one waiting behind it) and the delayed wake-up of a
 * subscriber's retry. A pass that leaves a failed delivery waiting queues that wake-up for when it is due.
 */
export function outboxQueues(outbox: EventOutbox, queue: () => JobQueue): [QueueDefinition<object>, QueueDefinition<object>] {
  return [
    {
      name: OUTBOX_QUEUE,
      policy: 'stately',
      retryLimit: 10,
      retryDelaySeconds: 5,
      retryBackoff: true,
      handler: async () => {
        const pass = await outbox.deliver();
        if (pass.retryAt) await queue().send(OUTBOX_RETRY_QUEUE, {}, { key: pass.retryAt.toISOString(), startAfter: pass.retryAt });
        return pass;
      },
    },
    { name: OUTBOX_RETRY_QUEUE, retryLimit: 10, handler: () => queue().send(OUTBOX_QUEUE, {}) },
  ];
}

/**
 * Queues a delivery whenever an emission commits (on any instance), once at the start for what is pending, and
 * again whenever the notification connection comes back. Notifications that arrive while a send is under way make
 * one more send, not one each. Resolves to the function that stops listening.
 */
export async function wakeOnEmission(database: Database, queue: JobQueue, log: FastifyBaseLogger): Promise<() => Promise<void>> {
  let sending = false;
  let again = false;
  const wake = (): void => {
    if (queue.stopping) return;
    if (sending) {
      again = true;
      return;
    }
    sending = true;
    queue
      .send(OUTBOX_QUEUE, {})
      .catch((err: unknown) => log.error({ err }, 'the event delivery job could not be queued'))
      .finally(() => {
        sending = false;
        if (again) {
          again = false;
          wake();
        }
      });
  };
  const unlisten = await database.listen(OUTBOX_CHANNEL, wake, (listening) => listening && wake());
  wake();
  return unlisten;
}
