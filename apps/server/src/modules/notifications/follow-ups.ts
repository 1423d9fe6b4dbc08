import type { Kysely } from 'kysely';
import { displayName, NOTIFICATION_KINDS } from '@wholesail/domain';
import { withSystem } from '../../db/scope';
import type { DB } from '../../db/types';
import { notify } from './service';

const BATCH = 200;

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
          title: `Follow-up due: ${displayName(task)}`, body: task.reason ?? task.suggested_message, link: `/leads/${task.lead_id}`,
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
