import type { FastifyBaseLogger } from 'fastify';
import { AUTOMATION_QUEUES, type AutomationEngine } from '../modules/automation/engine';
import type { StepJob } from '../modules/automation/runs';
import type { JobQueue, QueueDefinition } from './queue';

const SWEEP_EVERY_MS = 60_000;

/**
 * The sequences' step jobs and their sweep. 'stately' keeps at most one queued and one running job per
 * (enrolment, step); the handler claims the step's run row before acting, so a retry or a second delivery of the
 * same job changes nothing twice.
 */
export function automationQueues(engine: AutomationEngine): [QueueDefinition<StepJob>, QueueDefinition<Record<string, never>>] {
  return [
    { name: AUTOMATION_QUEUES.step, policy: 'stately', retryLimit: 3, retryDelaySeconds: 10, retryBackoff: true, expireInMinutes: 5, workers: 2, handler: (data) => engine.runStep(data) },
    { name: AUTOMATION_QUEUES.sweep, policy: 'stately', retryLimit: 1, handler: () => engine.sweep() },
  ];
}

/** Queues the sweep at start and every minute; the key is the minute, so of several instances one sweep a minute runs. */
export function scheduleSweep(queue: JobQueue, log: FastifyBaseLogger): () => void {
  const send = () =>
    void queue.send(AUTOMATION_QUEUES.sweep, {}, { key: String(Math.floor(Date.now() / SWEEP_EVERY_MS)) }).catch((err: unknown) => {
      if (!queue.stopping) log.warn({ err }, 'could not queue the sequences sweep');
    });
  send();
  const timer = setInterval(send, SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
