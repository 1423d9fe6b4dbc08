import { displayName, RULE_TRIGGERS, type RuleTriggerType } from '@wholesail/domain';
import { sql } from 'kysely';
import type { Tx } from '../../db/scope';
import { iso } from '../../db/timestamps';
import type { FeedRow, SourceFilter } from './feed-steps';
import { afterPosition, positionOf } from './position';

const OUTCOMES = ['applied', 'skipped', 'failed'] as const;
type RuleOutcome = (typeof OUTCOMES)[number];

const FALLBACK: { readonly [O in RuleOutcome]: string } = {
  applied: 'The rule’s actions ran.',
  skipped: 'The rule did nothing for this lead.',
  failed: 'The rule’s actions failed.',
};

/** The run's action sentences (details: one per action, as text or as {sentence}) or its reason, in one line. */
export function ruleSentence(outcome: RuleOutcome, reason: string | null, details: unknown): string {
  const sentences = (Array.isArray(details) ? details : [])
    .map((d: unknown) => (typeof d === 'string' ? d : typeof d === 'object' && d !== null && typeof (d as { sentence?: unknown }).sentence === 'string' ? (d as { sentence: string }).sentence : null))
    .filter((s): s is string => Boolean(s?.trim()));
  const parts = outcome === 'applied' ? [...sentences] : [reason, ...sentences].filter((s): s is string => Boolean(s?.trim()));
  return parts.length > 0 ? parts.join(' ') : (reason ?? FALLBACK[outcome]);
}

/** The rules' runs, newest first (index automation_rule_runs_feed_idx), with their rule and lead. */
export async function ruleRows(tx: Tx, f: SourceFilter): Promise<FeedRow[]> {
  let query = tx
    .selectFrom('automation_rule_runs as rr')
    .innerJoin('automation_rules as ru', (j) => j.onRef('ru.organization_id', '=', 'rr.organization_id').onRef('ru.id', '=', 'rr.rule_id'))
    .innerJoin('leads as l', (j) => j.onRef('l.organization_id', '=', 'rr.organization_id').onRef('l.id', '=', 'rr.lead_id'))
    .select(['rr.id', 'rr.outcome', 'rr.reason', 'rr.details', 'rr.created_at', 'rr.lead_id', 'rr.rule_id', 'ru.name as rule_name'])
    .select(['l.name', 'l.contact_1_name', 'l.owner_1_name', 'l.owner_1_first_name', 'l.owner_1_last_name'])
    .select(sql<string>`ru.trigger->>'type'`.as('trigger_type'))
    .select(positionOf(sql.ref('rr.created_at')).as('position'))
    .where('rr.organization_id', '=', f.organizationId)
    .where(afterPosition('rule', f.position, sql.ref('rr.created_at'), sql.ref('rr.id')))
    .orderBy('rr.created_at', 'desc')
    .orderBy('rr.id', 'desc')
    .limit(f.limit);
  if (f.ruleId) query = query.where('rr.rule_id', '=', f.ruleId);
  if (f.leadId) query = query.where('rr.lead_id', '=', f.leadId);
  if (f.outcome) query = query.where('rr.outcome', '=', f.outcome as RuleOutcome);
  const rows = await query.execute();
  return rows
    .filter((r) => (RULE_TRIGGERS as readonly string[]).includes(r.trigger_type))
    .map((r) => ({
      id: r.id,
      source: 'rule',
      kind: r.trigger_type as RuleTriggerType,
      outcome: r.outcome,
      at: iso(r.created_at),
      recorded_at: iso(r.created_at),
      reason: ruleSentence(r.outcome, r.reason, r.details),
      lead: { id: r.lead_id, name: displayName(r) },
      sequence: null,
      step_index: null,
      rule: { id: r.rule_id, name: r.rule_name },
      job_id: null,
      position: r.position,
    }));
}
