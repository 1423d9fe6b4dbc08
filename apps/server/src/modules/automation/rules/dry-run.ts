import { sql } from 'kysely';
import {
  actionSentence, CALL_OUTCOME_LABELS, conditionPhrases, DEAL_STAGE_LABELS, displayName, DRY_RUN_SAMPLE, joinWords, leadStatusLabel, OPEN_DEAL_STAGES,
  type DryRun, type Rule, type RuleTrigger,
} from '@wholesail/domain';
import type { Tx } from '../../../db/scope';
import { whereConditions, type LeadQuery } from './conditions';
import { ruleNames } from './names';
import { overdueTask } from './overdue';
import { unansweredCall } from './unanswered';

const DAY_MS = 86_400_000;
/** The source an import writes on every lead it creates (lead-import/repo.ts). */
const IMPORTED_SOURCE = 'csv_import';

const lastCall = (column: 'disposition') => sql`(
  select ${sql.ref(`c.${column}`)} from calls c
  where c.organization_id = leads.organization_id and c.lead_id = leads.id and c.completed_at is not null
  order by c.completed_at desc, c.id desc limit 1)`;

/** The trigger's state now as a WHERE on the leads: those it would fire for if it happened now. */
function triggerHolds(q: LeadQuery, trigger: RuleTrigger, now: Date): LeadQuery {
  const since = new Date(now.getTime() - DAY_MS);
  switch (trigger.type) {
    case 'lead_created':
      return q.where('leads.created_at', '>=', since).where(sql<boolean>`leads.source is distinct from ${IMPORTED_SOURCE}`);
    case 'lead_imported':
      return q.where('leads.created_at', '>=', since).where('leads.source', '=', IMPORTED_SOURCE);
    case 'status_changed':
      return trigger.status ? q.where('leads.status', '=', trigger.status) : q;
    case 'tag_added':
      return q.where(sql<boolean>`${trigger.tag} = any(leads.badges)`);
    case 'call_completed':
      return trigger.outcome
        ? q.where(sql<boolean>`${lastCall('disposition')} = ${trigger.outcome}`)
        : q.where(sql<boolean>`exists (select 1 from calls c where c.organization_id = leads.organization_id and c.lead_id = leads.id and c.completed_at is not null)`);
    case 'calls_unanswered':
      return q.where(sql<boolean>`(
        select count(*) filter (where last.unanswered) from (
          select ${unansweredCall('c')} as unanswered from calls c
          where c.organization_id = leads.organization_id and c.lead_id = leads.id and c.completed_at is not null
          order by c.completed_at desc, c.id desc limit ${trigger.count}) last) = ${trigger.count}`);
    case 'text_received':
      return q.where(sql<boolean>`(
        select m.direction from conversations m where m.organization_id = leads.organization_id and m.lead_id = leads.id
        order by m.created_at desc, m.id desc limit 1) = 'inbound'`);
    case 'deal_stage_changed': {
      const stages: readonly string[] = trigger.stage ? [trigger.stage] : OPEN_DEAL_STAGES;
      return q.where(sql<boolean>`exists (select 1 from deals d where d.organization_id = leads.organization_id and d.lead_id = leads.id and d.stage = any(${sql.val(stages)}::text[]))`);
    }
    case 'task_overdue':
      return q.where(sql<boolean>`exists (select 1 from ai_tasks t where t.organization_id = leads.organization_id and t.lead_id = leads.id and ${overdueTask('t', now)})`);
  }
}

/** What "now" means for the trigger, as the dry run says it. */
export function triggerNowPhrase(trigger: RuleTrigger): string {
  switch (trigger.type) {
    case 'lead_created':
      return 'Leads created in the last 24 hours, not by an import';
    case 'lead_imported':
      return 'Leads imported in the last 24 hours';
    case 'status_changed':
      return trigger.status ? `Leads whose status is “${leadStatusLabel(trigger.status)}”` : 'Every lead, since any change of status starts this rule';
    case 'tag_added':
      return `Leads tagged “${trigger.tag}”`;
    case 'call_completed':
      return trigger.outcome ? `Leads whose last call ended as “${CALL_OUTCOME_LABELS[trigger.outcome]}”` : 'Leads with a call that has ended';
    case 'calls_unanswered':
      return trigger.count === 1 ? 'Leads whose last call went unanswered' : `Leads whose last ${trigger.count} calls went unanswered`;
    case 'text_received':
      return 'Leads whose last text came from them and has no answer yet';
    case 'deal_stage_changed':
      return trigger.stage ? `Leads with a deal in “${DEAL_STAGE_LABELS[trigger.stage]}”` : 'Leads with an open deal';
    case 'task_overdue':
      return 'Leads with a follow-up task past its time and not done';
  }
}

/**
 * POST /api/automation-rules/:id/dry-run, in a read-only transaction: the leads that meet the rule's conditions and
 * for which its trigger holds now, counted, the first DRY_RUN_SAMPLE in the leads list's order, and what the rule
 * would do to each. A switched-off rule is answered too (a member checks a rule before switching it on).
 */
export async function dryRun(tx: Tx, organizationId: string, rule: Rule, now: Date): Promise<DryRun> {
  const matching = () => triggerHolds(whereConditions(tx.selectFrom('leads'), organizationId, rule.conditions), rule.trigger, now);
  const { total } = await matching().select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  const rows = await matching()
    .select(['leads.id', 'leads.name', 'leads.contact_1_name', 'leads.owner_1_name', 'leads.owner_1_first_name', 'leads.owner_1_last_name'])
    .select(['leads.property_address_full', 'leads.property_address', 'leads.address', 'leads.status'])
    .orderBy(sql`leads.motivation_score desc nulls last`)
    .orderBy('leads.created_at', 'desc')
    .orderBy('leads.id')
    .limit(DRY_RUN_SAMPLE)
    .execute();
  const names = await ruleNames(tx, organizationId, rule.actions);
  const conditions = conditionPhrases(rule.conditions);
  return {
    total,
    leads: rows.map((r) => ({ id: r.id, name: displayName(r), address: r.property_address_full ?? r.property_address ?? r.address ?? null, status: r.status })),
    actions: rule.actions.map((a) => actionSentence(a, names)),
    explanation: `${triggerNowPhrase(rule.trigger)}${conditions.length > 0 ? `, where the lead ${joinWords(conditions)}` : ''}.`,
  };
}
