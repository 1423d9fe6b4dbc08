import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DomainEvent, EventOf } from '@wholesail/domain';
import { withSystem, withTenant, type Tx } from '../../../db/scope';
import type { DB } from '../../../db/types';
import type { JobQueue } from '../../../jobs/queue';
import { transactionExecutor } from '../../../jobs/transaction-executor';
import type { EventOutbox } from '../../outbox/delivery';
import type { AutomationClock } from '../routes';
import { overdueRules, overdueTasksFor, taskCause } from './overdue';
import { activeRules } from './repo';
import { RuleRunner } from './runner';
import * as triggers from './triggers';

/** The name the rules' deliveries are recorded under. */
export const RULES_SUBSCRIBER = 'automation.rules';

/** The overdue-task pass (a minute's job, keyed by the minute) and the pages of an import's leads. */
export const RULE_QUEUES = { overdue: 'automation.rules_overdue', importPage: 'automation.rules_import' } as const;

/** One page of an import's leads to run the lead_imported rules for; `after` is the last lead id of the page before. */
export interface ImportPageJob {
  organizationId: string;
  importId: string;
  eventId: string;
  after: string | null;
}

const IMPORT_PAGE = 200;
const OVERDUE_BATCH = 200;

/**
 * Automation rules (docs/api-automation.md "Rules"): they run on the outbox's events in the delivery's transaction,
 * on an import's leads a page per job, and on overdue tasks once a minute.
 */
export class AutomationRules {
  readonly runner: RuleRunner;
  #queue: JobQueue | null = null;

  constructor(private readonly deps: { db: Kysely<DB>; log: FastifyBaseLogger; engine: AutomationClock }) {
    const { engine } = deps;
    this.runner = new RuleRunner({ log: deps.log, clock: () => engine.clock(), queueRuns: (tx, runs) => engine.queueRuns(tx, runs) });
  }

  attach(queue: JobQueue): void {
    this.#queue = queue;
  }

  private get queue(): JobQueue {
    if (!this.#queue) throw new Error('The job queue is not started');
    return this.#queue;
  }

  /** Subscribes to the events that start rules; an enrolment's first step is woken once its delivery committed. */
  subscribe(outbox: EventOutbox): void {
    const wakeSteps = () => this.deps.engine.wake();
    type Build<T extends keyof typeof triggers.EVENT_TRIGGERS> = (event: EventOf<T>, tx: Tx, eventId: string) => Promise<triggers.Built[]> | triggers.Built[];
    const on = <T extends keyof typeof triggers.EVENT_TRIGGERS>(type: T, build: Build<T>, committed = wakeSteps) =>
      outbox.subscribe(type, RULES_SUBSCRIBER, async (event: EventOf<T>, tx, eventId) => {
        const rules = await activeRules(tx, (event as DomainEvent).organizationId, triggers.EVENT_TRIGGERS[type]);
        if (rules.length === 0) return;
        for (const { type: trigger, occurrence } of await build(event, tx, eventId)) {
          await this.runner.fire(tx, rules.filter((r) => r.trigger.type === trigger), occurrence);
        }
      }, committed);
    on('lead.created', (event, _tx, id) => triggers.leadCreated(event, id));
    on('lead.updated', (event, tx, id) => triggers.leadUpdated(tx, event, id));
    on('call.completed', (event, tx, id) => triggers.callCompleted(tx, event, id));
    on('text.received', (event, _tx, id) => triggers.textReceived(event, id));
    on('deal.stage_changed', (event, _tx, id) => triggers.dealStageChanged(event, id));
    // An import may create many thousands of leads: they are run a page per job, not in the delivery's transaction.
    on('import.finished', async (event, tx, id) => {
      await this.queueImportPage(tx, { organizationId: event.organizationId, importId: event.importId, eventId: id, after: null });
      return [];
    }, () => this.queue.wake(RULE_QUEUES.importPage));
  }

  private async queueImportPage(tx: Tx, job: ImportPageJob): Promise<void> {
    await this.queue.sendWith(transactionExecutor(tx), RULE_QUEUES.importPage, job, { key: `${job.eventId}:${job.after ?? 'first'}` });
  }

  /** The import page job: the lead_imported rules for the page's leads (keyed by the import's event), then the next page. */
  async importPage(job: ImportPageJob): Promise<{ leads: number }> {
    const leads = await withTenant(this.deps.db, job.organizationId, async (tx) => {
      const rules = await activeRules(tx, job.organizationId, ['lead_imported']);
      if (rules.length === 0) return 0;
      const ids = await triggers.importedLeads(tx, job.organizationId, job.importId, job.after, IMPORT_PAGE);
      await this.runner.fire(tx, rules, { organizationId: job.organizationId, leadIds: ids, key: () => job.eventId, fits: () => true, cause: [] });
      if (ids.length === IMPORT_PAGE) await this.queueImportPage(tx, { ...job, after: ids[ids.length - 1]! });
      return ids.length;
    });
    this.queue.wake(RULE_QUEUES.importPage);
    this.deps.engine.wake();
    return { leads };
  }

  /**
   * The overdue-task pass: for each active task_overdue rule, its overdue tasks of leads meeting its conditions that
   * it has not run for, each run keyed by the task (once per task). A task the rule's own action created carries the
   * rule in its cause. Several instances may pass at once: each run is claimed by its unique key.
   */
  async overdueTasks(): Promise<{ runs: number }> {
    const now = this.runner.clock();
    const rules = await withSystem(this.deps.db, (tx) => overdueRules(tx));
    let runs = 0;
    for (const rule of rules) {
      const tasks = await withSystem(this.deps.db, (tx) => overdueTasksFor(tx, rule, now, OVERDUE_BATCH));
      if (tasks.length === 0) continue;
      await withTenant(this.deps.db, rule.organization_id, async (tx) => {
        for (const task of tasks) {
          const cause = await taskCause(tx, rule.organization_id, task.lead_id, task.task_id);
          await this.runner.fire(tx, [rule], { organizationId: rule.organization_id, leadIds: [task.lead_id], key: () => task.task_id, fits: () => true, cause });
        }
      });
      runs += tasks.length;
    }
    if (runs > 0) this.deps.engine.wake();
    return { runs };
  }
}
