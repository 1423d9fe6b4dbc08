import { sql } from 'kysely';
import { OPEN_DEAL_STAGES, TODAY_LIST_LIMIT } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import { instant } from '../analytics/repo';
import { dealQuery } from '../deals/repo';

/** Today's task lists (ai_tasks.today_list, kept by migration 0040's triggers; deal deadlines are its third). */
export type DueKind = 'follow_up' | 'callback';

export interface DueTaskRow {
  id: string;
  lead_id: string;
  call_id: string | null;
  proposed_time: Date | string;
  reason: string | null;
  suggested_message: string | null;
  /** The start of the call that asked for a callback. */
  requested_at: Date | string | null;
}

/**
 * Per list, how many of its tasks are due before `end` and how many of those before `now` (overdue): one range of
 * ai_tasks_today_idx (organization, list, due time).
 */
export async function dueCounts(tx: Tx, organizationId: string, now: Date, end: Date): Promise<Record<DueKind, { overdue: number; due: number }>> {
  const { rows } = await sql<{ kind: DueKind; overdue: number; due: number }>`
    select today_list as kind, (count(*) filter (where proposed_time < ${instant(now)}))::int as overdue, count(*)::int as due
    from ai_tasks
    where organization_id = ${organizationId} and today_list in ('follow_up', 'callback') and proposed_time < ${instant(end)}
    group by today_list`.execute(tx);
  const of = (kind: DueKind) => rows.find((r) => r.kind === kind) ?? { overdue: 0, due: 0 };
  return { follow_up: of('follow_up'), callback: of('callback') };
}

/** A list's first TODAY_LIST_LIMIT tasks due before `end`, soonest (most overdue) first, each with its call's start. */
export async function dueTasks(tx: Tx, organizationId: string, kind: DueKind, end: Date): Promise<DueTaskRow[]> {
  const { rows } = await sql<DueTaskRow>`
    select t.id, t.lead_id, t.call_id, t.proposed_time, t.reason, t.suggested_message, c.started_at as requested_at
    from ai_tasks t
    left join calls c on c.organization_id = t.organization_id and c.id = t.call_id
    where t.organization_id = ${organizationId} and t.today_list = ${kind} and t.proposed_time < ${instant(end)}
    order by t.proposed_time, t.created_at, t.id
    limit ${TODAY_LIST_LIMIT}`.execute(tx);
  return rows;
}

/**
 * Open deals with a deadline task still pending (deals/deadlines.ts keeps one per date, due at 14:00 UTC of its day)
 * due before `end`: the tasks through ai_tasks_today_idx (list 'deadline'), then their deals by primary key.
 * Answers each deal's row and the days its pending deadline tasks fall on.
 */
export async function dealsWithDeadlines(tx: Tx, organizationId: string, end: Date) {
  const tasks = await tx
    .selectFrom('ai_tasks')
    .select(['deal_id', sql<string>`to_char(proposed_time at time zone 'UTC', 'YYYY-MM-DD')`.as('day')])
    .where('organization_id', '=', organizationId)
    .where('today_list', '=', 'deadline')
    .where('proposed_time', '<', instant(end))
    .where('deal_id', 'is not', null)
    .execute();
  const days = new Map<string, Set<string>>();
  for (const t of tasks) days.set(t.deal_id!, (days.get(t.deal_id!) ?? new Set()).add(t.day));
  if (days.size === 0) return [];
  const deals = await dealQuery(tx, organizationId).where('d.id', 'in', [...days.keys()]).where('d.stage', 'in', OPEN_DEAL_STAGES).execute();
  return deals.map((deal) => ({ deal, days: days.get(deal.id)! }));
}

/** Live leads created at or after `since`, counted through leads_created_idx. */
export async function leadsCreatedSince(tx: Tx, organizationId: string, since: Date): Promise<number> {
  const row = await tx
    .selectFrom('leads')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('organization_id', '=', organizationId)
    .where('status', '<>', 'deleted')
    .where('created_at', '>=', instant(since))
    .executeTakeFirstOrThrow();
  return row.n;
}
