import type { Deal } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import type { OrgContext } from '../../http/context';
import { emit } from '../outbox/emit';

const DEADLINES = [
  { field: 'earnest_money_due', label: 'Earnest money due' },
  { field: 'inspection_ends', label: 'Inspection period ends' },
  { field: 'closing_date', label: 'Closing' },
] as const;

const UNDER_CONTRACT: readonly Deal['stage'][] = ['under_contract', 'marketing', 'assigned'];

/** A deadline's task is due at 9 am Eastern (14:00 UTC) of its day: the morning of it for every US time zone. */
const dueAt = (date: string) => new Date(`${date}T14:00:00Z`);

/**
 * Keeps a deal's deadline tasks (/api/tasks, type deal_deadline) in step with its dates while it is under
 * contract: one pending task per date set; a moved date moves its task; leaving the contract stages clears the
 * pending ones. Done tasks are history and stay.
 */
export async function syncDeadlineTasks(tx: Tx, ctx: OrgContext, deal: Deal): Promise<void> {
  const where = deal.property_address ?? deal.lead_name;
  const wanted = UNDER_CONTRACT.includes(deal.stage)
    ? DEADLINES.flatMap(({ field, label }) => (deal[field] ? [{ reason: `${label} — ${where}`, at: dueAt(deal[field]!) }] : []))
    : [];
  const pending = await tx
    .selectFrom('ai_tasks')
    .select(['id', 'reason', 'proposed_time'])
    .where('organization_id', '=', ctx.organizationId)
    .where('deal_id', '=', deal.id)
    .where('task_type', '=', 'deal_deadline')
    .where('status', '=', 'pending')
    .execute();
  const same = (a: { reason: string | null; proposed_time: Date | string | null }, b: { reason: string; at: Date }) =>
    a.reason === b.reason && a.proposed_time !== null && new Date(a.proposed_time).getTime() === b.at.getTime();
  const stale = pending.filter((p) => !wanted.some((w) => same(p, w))).map((p) => p.id);
  if (stale.length > 0) await tx.deleteFrom('ai_tasks').where('organization_id', '=', ctx.organizationId).where('id', 'in', stale).execute();
  for (const w of wanted.filter((w) => !pending.some((p) => same(p, w)))) {
    const task = await tx
      .insertInto('ai_tasks')
      .values({
        organization_id: ctx.organizationId,
        lead_id: deal.lead_id,
        deal_id: deal.id,
        task_type: 'deal_deadline',
        proposed_time: w.at,
        reason: w.reason,
        created_by: ctx.user.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await emit(tx, { type: 'task.created', organizationId: ctx.organizationId, taskId: task.id, leadId: deal.lead_id, callId: null });
  }
}
