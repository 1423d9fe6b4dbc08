import { sql } from 'kysely';
import type { CreateRule, Rule, RuleAction, RuleConditions, RulePatch, RuleRunOutcome, RuleTrigger, RuleTriggerType } from '@wholesail/domain';
import type { Tx } from '../../../db/scope';
import { iso } from '../../../db/timestamps';

const RULE_COLUMNS = ['r.id', 'r.name', 'r.trigger', 'r.conditions', 'r.actions', 'r.is_active', 'r.created_by', 'r.created_at', 'r.updated_at'] as const;

/** A stored rule as the runner reads it: trigger, conditions and actions were checked by the domain's schemas when written. */
export interface StoredRule {
  id: string;
  organization_id: string;
  name: string;
  trigger: RuleTrigger;
  conditions: RuleConditions;
  actions: RuleAction[];
  created_by: string | null;
}

type RuleRow = { id: string; name: string; trigger: unknown; conditions: unknown; actions: unknown; is_active: boolean; created_by: string | null; created_at: Date | string; updated_at: Date | string };
type Runs = Rule['runs'];

const toRule = (row: RuleRow, runs: Runs): Rule => ({
  ...row,
  trigger: row.trigger as RuleTrigger,
  conditions: row.conditions as RuleConditions,
  actions: row.actions as RuleAction[],
  runs,
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
});

/** Each rule's applied runs and the last of them; one grouped read (the runs' unique index leads with the rule). */
async function runsOf(tx: Tx, organizationId: string, ids: string[]): Promise<Map<string, Runs>> {
  if (ids.length === 0) return new Map();
  const { rows } = await sql<{ rule_id: string; applied: number; last_at: Date | string | null }>`
    select rule_id, count(*)::int as applied, max(created_at) as last_at
    from automation_rule_runs
    where organization_id = ${organizationId} and rule_id = any(${sql.val(ids)}::uuid[]) and outcome = 'applied'
    group by rule_id`.execute(tx);
  return new Map(rows.map((r) => [r.rule_id, { applied: r.applied, last_at: iso(r.last_at) }]));
}

const NO_RUNS: Runs = { applied: 0, last_at: null };
const rules = (tx: Tx, organizationId: string) => tx.selectFrom('automation_rules as r').select(RULE_COLUMNS).where('r.organization_id', '=', organizationId);

export async function listRules(tx: Tx, organizationId: string): Promise<Rule[]> {
  const rows = await rules(tx, organizationId).orderBy('r.name').orderBy('r.id').execute();
  const runs = await runsOf(tx, organizationId, rows.map((r) => r.id));
  return rows.map((row) => toRule(row, runs.get(row.id) ?? NO_RUNS));
}

export async function findRule(tx: Tx, organizationId: string, id: string): Promise<Rule | null> {
  const row = await rules(tx, organizationId).where('r.id', '=', id).executeTakeFirst();
  return row ? toRule(row, (await runsOf(tx, organizationId, [id])).get(id) ?? NO_RUNS) : null;
}

export async function insertRule(tx: Tx, organizationId: string, userId: string, body: CreateRule): Promise<Rule> {
  const { id } = await tx
    .insertInto('automation_rules')
    .values({
      organization_id: organizationId, name: body.name, is_active: body.is_active, created_by: userId,
      trigger: JSON.stringify(body.trigger), conditions: JSON.stringify(body.conditions), actions: JSON.stringify(body.actions),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await findRule(tx, organizationId, id))!;
}

/** A new list of actions starts the round robin over: its position pointed into the old list. */
export async function updateRule(tx: Tx, organizationId: string, id: string, patch: RulePatch): Promise<Rule | null> {
  const { trigger, conditions, actions, ...rest } = patch;
  const row = await tx
    .updateTable('automation_rules')
    .set({
      ...rest,
      ...(trigger === undefined ? {} : { trigger: JSON.stringify(trigger) }),
      ...(conditions === undefined ? {} : { conditions: JSON.stringify(conditions) }),
      ...(actions === undefined ? {} : { actions: JSON.stringify(actions), round_robin_next: 0 }),
      updated_at: new Date(),
    })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row ? findRule(tx, organizationId, id) : null;
}

/** Deletes the rule with its runs (the lead timelines keep their entries). */
export async function deleteRule(tx: Tx, organizationId: string, id: string): Promise<{ name: string } | undefined> {
  return tx.deleteFrom('automation_rules').where('organization_id', '=', organizationId).where('id', '=', id).returning('name').executeTakeFirst();
}

/** The organization's active rules of these triggers (automation_rules_trigger_idx), oldest first: the order they run in. */
export async function activeRules(tx: Tx, organizationId: string, types: readonly RuleTriggerType[]): Promise<StoredRule[]> {
  const rows = await tx
    .selectFrom('automation_rules')
    .select(['id', 'organization_id', 'name', 'trigger', 'conditions', 'actions', 'created_by'])
    .where('organization_id', '=', organizationId)
    .where('is_active', '=', true)
    .where(sql<boolean>`trigger->>'type' = any(${sql.val(types)}::text[])`)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows as StoredRule[];
}

/** The round robin's position, with the rule's row locked until the transaction ends (two leads never get one turn). */
export async function takeRoundRobin(tx: Tx, organizationId: string, ruleId: string): Promise<number> {
  const row = await tx.selectFrom('automation_rules').select('round_robin_next').where('organization_id', '=', organizationId).where('id', '=', ruleId).forUpdate().executeTakeFirstOrThrow();
  return row.round_robin_next;
}

export async function setRoundRobin(tx: Tx, organizationId: string, ruleId: string, next: number): Promise<void> {
  await tx.updateTable('automation_rules').set({ round_robin_next: next }).where('organization_id', '=', organizationId).where('id', '=', ruleId).execute();
}

/**
 * Claims (rule, lead, event): the run's row, written before the actions. Null when it exists already: the rule ran
 * for this lead and event (a second delivery, or another instance's overdue pass), so it does nothing again.
 */
export async function claimRun(tx: Tx, organizationId: string, ruleId: string, leadId: string, eventKey: string): Promise<string | null> {
  const row = await tx
    .insertInto('automation_rule_runs')
    .values({ organization_id: organizationId, rule_id: ruleId, lead_id: leadId, event_key: eventKey, outcome: 'skipped' })
    .onConflict((oc) => oc.columns(['organization_id', 'rule_id', 'lead_id', 'event_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function settleRun(tx: Tx, organizationId: string, runId: string, outcome: RuleRunOutcome, details: string[], reason: string | null): Promise<void> {
  await tx
    .updateTable('automation_rule_runs')
    .set({ outcome, details: JSON.stringify(details), reason })
    .where('organization_id', '=', organizationId)
    .where('id', '=', runId)
    .execute();
}
