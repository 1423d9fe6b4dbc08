import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { RuleRunOutcome, RuleTrigger } from '@wholesail/domain';
import type { Tx } from '../../../db/scope';
import { AUTOMATION } from '../../activity/actions';
import { audit, systemActor } from '../../audit/audit';
import { findLead } from '../../leads/repo';
import type { RunQueue } from '../enrolments';
import { actingMember } from '../sender';
import { performActions, type ActionResult } from './actions';
import { leadsMeeting } from './conditions';
import { ruleNames } from './names';
import { claimRun, settleRun, type StoredRule } from './repo';
import { RULE_RUN_MESSAGES } from './sentences';
import { RULE_RUN_ACTION } from './timeline';

/** Something that happened to leads, as the rules see it. */
export interface Occurrence {
  organizationId: string;
  /** The leads it happened to (one, or an import's page). */
  leadIds: readonly string[];
  /** The run's key with the rule and the lead: the outbox event's id, a task's id, a tag. */
  key: (trigger: RuleTrigger) => string;
  /** Whether a rule's trigger options (status, tag, outcome, count, stage) fit what happened. */
  fits: (trigger: RuleTrigger) => boolean;
  /** The rules whose actions led here (the event's cause): none of them runs again from it. */
  cause: readonly string[];
}

export interface RunnerDeps {
  log: FastifyBaseLogger;
  /** The automation's clock (the engine's: tests move it). */
  clock: () => Date;
  /** Queues the step runs an enrolment wrote (the engine's). */
  queueRuns: RunQueue;
}

/**
 * Runs rules on what happened, in the caller's transaction (an event's delivery, the overdue pass, an import's
 * page). For each rule whose trigger fits, each lead that meets its conditions gets one run, claimed by its unique
 * (rule, lead, key) before anything is done: a second delivery or instance finds it and does nothing. Only leads that
 * meet the conditions get a row. A rule in the occurrence's cause is skipped (no loops); the others' actions run
 * under a savepoint, so a failing action leaves nothing of the rule behind but its 'failed' run.
 */
export class RuleRunner {
  constructor(private readonly deps: RunnerDeps) {}

  get clock(): () => Date {
    return this.deps.clock;
  }

  async fire(tx: Tx, rules: readonly StoredRule[], occurrence: Occurrence): Promise<void> {
    for (const rule of rules) {
      if (!occurrence.fits(rule.trigger)) continue;
      for (const leadId of await leadsMeeting(tx, occurrence.organizationId, rule.conditions, occurrence.leadIds)) {
        await this.runOne(tx, rule, leadId, occurrence.key(rule.trigger), occurrence.cause);
      }
    }
  }

  private async runOne(tx: Tx, rule: StoredRule, leadId: string, key: string, cause: readonly string[]): Promise<void> {
    const organizationId = rule.organization_id;
    const lead = await findLead(tx, organizationId, leadId);
    const runId = lead ? await claimRun(tx, organizationId, rule.id, leadId, key) : null;
    if (!lead || !runId) return;
    const chain = [...new Set([...cause, rule.id])];
    const record = async (outcome: RuleRunOutcome, results: ActionResult[], reason: string | null) => {
      const sentences = results.map((r) => r.sentence);
      await settleRun(tx, organizationId, runId, outcome, sentences, reason);
      await audit(tx, systemActor(organizationId), RULE_RUN_ACTION, { type: 'lead', id: leadId }, {
        automation: AUTOMATION.rules, rule_id: rule.id, rule_name: rule.name, outcome, actions: sentences, reason,
        // What the overdue pass reads to keep a task this rule created from firing it again.
        rules: chain, task_ids: results.flatMap((r) => (r.taskId ? [r.taskId] : [])),
      });
    };
    if (cause.includes(rule.id)) return record('skipped', [], RULE_RUN_MESSAGES.ownAction);
    const member = await actingMember(tx, organizationId, rule.created_by);
    if (!member) return record('skipped', [], RULE_RUN_MESSAGES.noMember);
    await sql`savepoint automation_rule`.execute(tx);
    let results: ActionResult[];
    try {
      const names = await ruleNames(tx, organizationId, rule.actions);
      results = await performActions({ tx, rule, lead, member, now: this.deps.clock(), cause: { rules: chain }, queueRuns: this.deps.queueRuns, names });
      await sql`release savepoint automation_rule`.execute(tx);
    } catch (error) {
      await sql`rollback to savepoint automation_rule`.execute(tx);
      this.deps.log.error({ err: error, ruleId: rule.id, leadId }, 'automation rule failed');
      return record('failed', [], RULE_RUN_MESSAGES.failed(error instanceof Error ? error.message : String(error)));
    }
    const applied = results.some((r) => r.done);
    return record(applied ? 'applied' : 'skipped', results, applied ? null : results.map((r) => r.sentence).join('; '));
  }
}
