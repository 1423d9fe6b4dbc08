import type { Tx } from '../../db/scope';
import type { OrgContext } from '../../http/context';
import { emit } from '../outbox/emit';

/**
 * Who the engine acts as for a sequence: its creator while still a member of the organization, else the
 * organization's owner. Texts go out under that member's caller ID and name (the {agent_name} merge field), and
 * lead changes are theirs on the timeline, as if they had made them by hand. Null when neither exists.
 */
export async function actingMember(tx: Tx, organizationId: string, createdBy: string | null): Promise<OrgContext | null> {
  return (await actingMembers(tx, organizationId, [createdBy])).get(createdBy ?? '') ?? null;
}

/** actingMember for each creator of a batch's sequences, in one read: by creator id ('' for none). */
export async function actingMembers(tx: Tx, organizationId: string, createdBy: ReadonlyArray<string | null>): Promise<Map<string, OrgContext | null>> {
  const ids = [...new Set(createdBy.map((id) => id ?? ''))];
  const rows = await tx
    .selectFrom('user_profiles as p')
    .innerJoin('users as u', 'u.id', 'p.id')
    .select(['u.id', 'u.name', 'u.email', 'p.role'])
    .where('p.organization_id', '=', organizationId)
    .where((eb) => eb.or([eb('p.id', 'in', ids), eb('p.role', '=', 'owner')]))
    .orderBy('u.id')
    .execute();
  const owner = rows.find((r) => r.role === 'owner');
  return new Map(ids.map((id) => {
    const row = rows.find((r) => r.id === id) ?? owner;
    return [id, row ? { user: { id: row.id, name: row.name, email: row.email }, organizationId, role: row.role } : null];
  }));
}

/** A member id of the organization, or null (a step naming someone who has left). */
export async function memberOf(tx: Tx, organizationId: string, userId: string | null | undefined): Promise<string | null> {
  if (!userId) return null;
  const row = await tx.selectFrom('user_profiles').select('id').where('organization_id', '=', organizationId).where('id', '=', userId).executeTakeFirst();
  return row?.id ?? null;
}

/**
 * A pending follow-up task the automation creates (a sequence's call task, a rule's task): for the named member,
 * else the lead's owner, else the acting member; announced as task.created. Returns the task and who has it.
 */
export async function createAutomaticTask(
  tx: Tx,
  member: OrgContext,
  task: { leadId: string; leadOwner: string | null; assigneeId: string | null | undefined; due: Date; reason: string },
): Promise<{ id: string; assignee: string }> {
  const { organizationId } = member;
  const assignee = (await memberOf(tx, organizationId, task.assigneeId)) ?? (await memberOf(tx, organizationId, task.leadOwner)) ?? member.user.id;
  const row = await tx
    .insertInto('ai_tasks')
    .values({ organization_id: organizationId, lead_id: task.leadId, task_type: 'follow_up', status: 'pending', proposed_time: task.due, reason: task.reason, created_by: assignee })
    .returning('id')
    .executeTakeFirstOrThrow();
  await emit(tx, { type: 'task.created', organizationId, taskId: row.id, leadId: task.leadId, callId: null });
  return { id: row.id, assignee };
}
