import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { displayName, NOTIFICATION_KINDS, screenLinks } from '@wholesail/domain';
import { withSystem } from '../../db/scope';
import type { DB } from '../../db/types';
import { notify } from './service';

const BATCH = 200;
/** A follow-up is announced within a minute of its time. */
export const FOLLOW_UP_SWEEP_MS = 60_000;

/**
 * Tells of every pending follow-up whose time has come and that has not been told of for that time: its creator, or
 * every member when no one created it. Each task is locked (skipping tasks another instance is on) and marked in
 * the transaction that creates its notification, so a due time is announced once. Resolves to the tasks announced.
 */
export async function notifyDueFollowUps(db: Kysely<DB>, now = new Date()): Promise<number> {
  let announced = 0;
  for (;;) {
    const batch = await withSystem(db, async (tx) => {
      const due = await tx
        .selectFrom('ai_tasks as t')
        .innerJoin('leads as l', (j) => j.onRef('l.organization_id', '=', 't.organization_id').onRef('l.id', '=', 't.lead_id'))
        .select([
          't.organization_id', 't.id', 't.lead_id', 't.created_by', 't.reason', 't.suggested_message',
          'l.name', 'l.contact_1_name', 'l.owner_1_name', 'l.owner_1_first_name', 'l.owner_1_last_name',
        ])
        .where('t.status', '=', 'pending')
        .where('t.task_type', '=', 'follow_up')
        .where('t.proposed_time', '<=', now)
        .where((eb) => eb.or([eb('t.due_notified_at', 'is', null), eb('t.due_notified_at', '<', eb.ref('t.proposed_time'))]))
        .where('l.status', '<>', 'deleted')
        .orderBy('t.proposed_time')
        .limit(BATCH)
        .forUpdate('t')
        .skipLocked()
        .execute();
      for (const task of due) {
        await notify(tx, {
          organizationId: task.organization_id, userId: task.created_by, kind: NOTIFICATION_KINDS.taskDue, level: 'info',
          title: `Follow-up due: ${displayName(task)}`, body: task.reason ?? task.suggested_message, link: screenLinks.lead(task.lead_id),
        });
        await tx.updateTable('ai_tasks').set({ due_notified_at: now })
          .where('organization_id', '=', task.organization_id).where('id', '=', task.id).execute();
      }
      return due.length;
    });
    announced += batch;
    if (batch < BATCH) return announced;
  }
}

/**
 * Runs the sweep at start and every `everyMs` in this process; returns what stops it (after a run under way ends).
 * Every instance sweeps (a plain timer, not a job: a pg-boss worker would poll its queue every 2 s for a
 * once-a-minute query); the row locks and marks keep each announcement to one. A run still going when the next is
 * due is not doubled.
 */
export function startFollowUpSweep(db: Kysely<DB>, log: FastifyBaseLogger, everyMs = FOLLOW_UP_SWEEP_MS): () => Promise<void> {
  let running: Promise<void> | null = null;
  const sweep = () => {
    running ??= notifyDueFollowUps(db)
      .then(() => undefined, (err: unknown) => log.warn({ err }, 'the due follow-ups sweep failed; it runs again in a minute'))
      .finally(() => (running = null));
  };
  sweep();
  const timer = setInterval(sweep, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
