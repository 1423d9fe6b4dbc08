import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from './queue';

/**
 * Queues a job of `name` at start and every `everyMs` (pg-boss's own cron is off, see queue.ts). The key is the
 * time slot, so of several instances one job per slot runs; returns what stops the timer.
 */
export function scheduleRepeating(queue: JobQueue, log: FastifyBaseLogger, name: string, everyMs: number): () => void {
  const send = () =>
    void queue.send(name, {}, { key: String(Math.floor(Date.now() / everyMs)) }).catch((err: unknown) => {
      if (!queue.stopping) log.warn({ err, queue: name }, 'could not queue a repeating job');
    });
  send();
  const timer = setInterval(send, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
