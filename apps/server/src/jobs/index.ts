import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import type { AiJobs } from '../modules/ai-jobs/service';
import { emit } from '../modules/outbox/emit';
import type { EventOutbox } from '../modules/outbox/delivery';
import type { FileStorage } from '../providers/storage';
import type { AutomationEngine } from '../modules/automation/engine';
import type { AutomationRules } from '../modules/automation/rules/automation-rules';
import { WEBHOOK_QUEUES, type Webhooks } from '../modules/webhooks/webhooks';
import { aiJobQueues } from './ai-jobs';
import { automationQueues, scheduleSweep } from './automation';
import { leadImportQueue } from './lead-import';
import { outboxQueues, wakeOnEmission } from './outbox';
import { LEAD_PURGE_QUEUE, leadPurgeQueue, schedulePurge } from './lead-purge';
import { startJobQueue, type JobQueue } from './queue';
import { webhookQueues } from './webhooks';

export type { JobQueue } from './queue';

/** The app's job queue with every handler registered; stop() lets running jobs reach a safe point. */
export async function startJobs(
  database: Database,
  log: FastifyBaseLogger,
  storage: FileStorage,
  options: {
    outbox: EventOutbox; connectionString?: string; ai?: AiJobs; automation?: AutomationEngine; rules?: AutomationRules; webhooks?: Webhooks; heartbeatSeconds?: number;
  },
): Promise<JobQueue> {
  const { ai, automation, rules, outbox, webhooks } = options;
  let started: JobQueue | null = null;
  const current = () => started!;
  const importQueue = leadImportQueue({ db: database.db, storage }, {
    onFinished: (tx, job) => emit(tx, { type: 'import.finished', organizationId: job.organizationId, importId: job.importId }),
  });
  const queues = [importQueue, leadPurgeQueue(database, log), ...outboxQueues(outbox, current), ...(ai ? aiJobQueues(ai) : []), ...(automation ? automationQueues(automation, rules) : []), ...(webhooks ? webhookQueues(webhooks) : [])];
  const queue = await startJobQueue(database, log, queues, {
    connectionString: options.connectionString,
    heartbeatSeconds: options.heartbeatSeconds,
    beforeWork: (q) => {
      started = q;
      ai?.attach(q);
      automation?.attach(q);
      rules?.attach(q);
      webhooks?.attach(q);
    },
  });
  const unlisten = await wakeOnEmission(database, queue, log);
  const stopPurge = schedulePurge(queue, log, [LEAD_PURGE_QUEUE, ...(webhooks ? [WEBHOOK_QUEUES.prune] : [])]);
  const stopSweep = automation ? scheduleSweep(queue, log, Boolean(rules)) : () => {};
  const stopQueue = queue.stop.bind(queue);
  return Object.assign(queue, {
    async stop() {
      stopPurge();
      stopSweep();
      await unlisten();
      await stopQueue();
    },
  });
}
