import type { FastifyBaseLogger } from 'fastify';
import { AUTOMATION_QUEUES, type AutomationEngine } from '../modules/automation/engine';
import type { StepJob } from '../modules/automation/runs';
import { RULE_QUEUES, type AutomationRules, type ImportPageJob } from '../modules/automation/rules/automation-rules';
import type { JobQueue, QueueDefinition } from './queue';

const SWEEP_EVERY_MS = 60_000;
/** Step jobs a worker takes at a time: an organization's due steps are claimed, texted and recorded together (engine.runSteps). */
export const STEP_BATCH = 100;
/** Step workers an instance runs. */
export const STEP_WORKERS = 2;

type Empty = Record<string, never>;

/**
 * The sequences' step jobs and their sweep, and the rules' overdue-task pass and import pages. 'stately' keeps at
 * most one queued and one running job per key (an enrolment's step, a minute, an import's page); each handler
 * claims its row (a step's run, a rule's run) before acting, so a retry or a second delivery changes nothing twice.
 */
export function automationQueues(engine: AutomationEngine, rules?: AutomationRules): Array<QueueDefinition<StepJob> | QueueDefinition<Empty> | QueueDefinition<ImportPageJob>> {
  return [
    {
      name: AUTOMATION_QUEUES.step, policy: 'stately', retryLimit: 3, retryDelaySeconds: 10, retryBackoff: true, expireInMinutes: 5, workers: STEP_WORKERS,
      batch: { size: STEP_BATCH, handler: (data: StepJob[]) => engine.runSteps(data) },
    },
    { name: AUTOMATION_QUEUES.sweep, policy: 'stately', retryLimit: 1, handler: () => engine.sweep() },
    ...(rules
      ? [
        { name: RULE_QUEUES.overdue, policy: 'stately', retryLimit: 1, handler: () => rules.overdueTasks() } satisfies QueueDefinition<Empty>,
        { name: RULE_QUEUES.importPage, policy: 'stately', retryLimit: 3, retryDelaySeconds: 10, retryBackoff: true, expireInMinutes: 10, handler: (data: ImportPageJob) => rules.importPage(data) } satisfies QueueDefinition<ImportPageJob>,
      ]
      : []),
  ];
}

/**
 * Queues the sweep (and, with rules, the overdue-task pass) at start and every minute; the key is the minute, so of
 * several instances one of each runs a minute.
 */
export function scheduleSweep(queue: JobQueue, log: FastifyBaseLogger, withRules = false): () => void {
  const names = [AUTOMATION_QUEUES.sweep, ...(withRules ? [RULE_QUEUES.overdue] : [])];
  const send = () => {
    const key = String(Math.floor(Date.now() / SWEEP_EVERY_MS));
    for (const name of names) {
      void queue.send(name, {}, { key }).catch((err: unknown) => {
        if (!queue.stopping) log.warn({ err, queue: name }, 'could not queue the automation sweep');
      });
    }
  };
  send();
  const timer = setInterval(send, SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
