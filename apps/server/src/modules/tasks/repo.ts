import { displayName, type FollowUpTask } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import { iso } from '../../db/timestamps';

function taskQuery(tx: Tx, organizationId: string) {
  return tx
    .selectFrom('ai_tasks as t')
    .innerJoin('leads as l', (j) => j.onRef('l.organization_id', '=', 't.organization_id').onRef('l.id', '=', 't.lead_id'))
    .select([
      't.id', 't.lead_id', 't.call_id', 't.deal_id', 't.task_type', 't.proposed_time', 't.status', 't.suggested_message', 't.reason', 't.created_at',
      'l.name', 'l.contact_1_name', 'l.owner_1_name', 'l.owner_1_first_name', 'l.owner_1_last_name',
    ])
    .where('t.organization_id', '=', organizationId);
}

type TaskRow = Awaited<ReturnType<ReturnType<typeof taskQuery>['executeTakeFirstOrThrow']>>;

function toTask(row: TaskRow): FollowUpTask {
  const { name, contact_1_name, owner_1_name, owner_1_first_name, owner_1_last_name, ...task } = row;
  return {
    ...task,
    lead_name: displayName({ name, contact_1_name, owner_1_name, owner_1_first_name, owner_1_last_name } as Parameters<typeof displayName>[0]),
    proposed_time: iso(task.proposed_time),
    created_at: iso(task.created_at),
  };
}

/** One task as the API shows it (a webhook's snapshot). */
export async function findTask(tx: Tx, organizationId: string, id: string): Promise<FollowUpTask | undefined> {
  const row = await taskQuery(tx, organizationId).where('t.id', '=', id).executeTakeFirst();
  return row && toTask(row);
}

/** Soonest first; tasks of deleted leads are left out. */
export async function listTasks(tx: Tx, organizationId: string, f: { status: 'pending' | 'done' | 'all'; leadId?: string; limit: number }) {
  let q = taskQuery(tx, organizationId).where('l.status', '<>', 'deleted');
  if (f.status !== 'all') q = q.where('t.status', '=', f.status);
  if (f.leadId) q = q.where('t.lead_id', '=', f.leadId);
  const rows = await q.orderBy('t.proposed_time', (ob) => ob.asc().nullsLast()).orderBy('t.created_at').limit(f.limit).execute();
  return rows.map(toTask);
}

export async function updateTaskStatus(tx: Tx, organizationId: string, id: string, status: 'pending' | 'done') {
  const updated = await tx
    .updateTable('ai_tasks')
    .set({ status, updated_at: new Date() })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  if (!updated) return null;
  return (await findTask(tx, organizationId, id))!;
}
