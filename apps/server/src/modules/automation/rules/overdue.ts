import { sql } from 'kysely';
import type { Tx } from '../../../db/scope';
import { whereConditions } from './conditions';
import type { StoredRule } from './repo';
import { RULE_RUN_ACTION } from './timeline';

/** A task past its time and not done, of a live lead. */
export const overdueTask = (alias: string, now: Date) =>
  sql<boolean>`(${sql.ref(`${alias}.status`)} = 'pending' and ${sql.ref(`${alias}.proposed_time`)} <= ${now})`;

/** Every active task_overdue rule, of every organization (system role): few rows, read once a minute. */
export async function overdueRules(tx: Tx): Promise<StoredRule[]> {
  const rows = await tx
    .selectFrom('automation_rules')
    .select(['id', 'organization_id', 'name', 'trigger', 'conditions', 'actions', 'created_by'])
    .where('is_active', '=', true)
    .where(sql<boolean>`trigger->>'type' = 'task_overdue'`)
    .orderBy('organization_id')
    .orderBy('created_at')
    .execute();
  return rows as StoredRule[];
}

/**
 * The rule's overdue tasks it has not run for yet, of leads that meet its conditions, oldest first (system role, so
 * the organization is filtered here). A task whose lead does not meet them is not read again and again for nothing:
 * the conditions are part of the query.
 */
export async function overdueTasksFor(tx: Tx, rule: StoredRule, now: Date, limit: number): Promise<Array<{ task_id: string; lead_id: string }>> {
  const org = rule.organization_id;
  const leads = whereConditions(tx.selectFrom('leads'), org, rule.conditions).select('leads.id');
  const { rows } = await sql<{ task_id: string; lead_id: string }>`
    select t.id as task_id, t.lead_id from ai_tasks t
    where t.organization_id = ${org} and ${overdueTask('t', now)} and t.lead_id in (${leads})
      and not exists (
        select 1 from automation_rule_runs x
        where x.organization_id = ${org} and x.rule_id = ${rule.id} and x.lead_id = t.lead_id and x.event_key = t.id::text)
    order by t.proposed_time, t.id
    limit ${limit}`.execute(tx);
  return rows;
}

/** The rules whose actions created the task (from the run's timeline entry), or none: a member's or a call's task. */
export async function taskCause(tx: Tx, organizationId: string, leadId: string, taskId: string): Promise<string[]> {
  const row = await tx
    .selectFrom('activity_logs')
    .select('details')
    .where('organization_id', '=', organizationId)
    .where('entity_type', '=', 'lead')
    .where('entity_id', '=', leadId)
    .where('action', '=', RULE_RUN_ACTION)
    .where(sql<boolean>`details @> ${JSON.stringify({ task_ids: [taskId] })}::jsonb`)
    .executeTakeFirst();
  const rules = (row?.details as { rules?: unknown } | undefined)?.rules;
  return Array.isArray(rules) ? rules.filter((r): r is string => typeof r === 'string') : [];
}
