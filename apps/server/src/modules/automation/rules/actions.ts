import {
  displayName, ENROL_SKIP_SENTENCES, screenLinks, type BulkLeadsChange, type EventCause, type RuleAction, type RuleNames,
} from '@wholesail/domain';
import type { Tx } from '../../../db/scope';
import type { OrgContext } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { updateLeadsIn } from '../../leads/bulk';
import { updateLead, type LeadRow } from '../../leads/repo';
import { notify } from '../../notifications/service';
import { emit } from '../../outbox/emit';
import type { RunQueue } from '../enrolments';
import { createAutomaticTask } from '../sender';
import { enrol } from '../service';
import { memberNames } from './names';
import { setRoundRobin, takeRoundRobin, type StoredRule } from './repo';
import { RULE_DONE, RULE_NOT_DONE } from './sentences';

/** The kind of a rule's notification (the bell shows it like any other). */
export const RULE_NOTIFICATION_KIND = 'automation.rule';

/** One rule's actions for one lead, in the event's transaction, as `member` (the rule's creator, else the owner). */
export interface ActionRun {
  tx: Tx;
  rule: StoredRule;
  lead: LeadRow;
  member: OrgContext;
  now: Date;
  /** Goes on the changes the actions make: the rules that led here and this one. */
  cause: EventCause;
  queueRuns: RunQueue;
  names: RuleNames;
}

/** What an action did: its sentence, whether it changed anything, and the task it created. */
export type ActionResult = { done: boolean; sentence: string; taskId?: string };

const done = (sentence: string, taskId?: string): ActionResult => ({ done: true, sentence, ...(taskId ? { taskId } : {}) });
const notDone = (sentence: string): ActionResult => ({ done: false, sentence });

/** An enrolment through the sequences' own enrol: its Do-Not-Contact, cooldown and already-enrolled skips, with their sentences. */
async function enrolLead(run: ActionRun, sequenceId: string): Promise<ActionResult> {
  const name = run.names.sequence(sequenceId) ?? 'the sequence';
  try {
    const result = await enrol(run.tx, run.member, sequenceId, { lead_ids: [run.lead.id] }, run.now, run.queueRuns);
    if (result.enrolled > 0) return done(RULE_DONE.enrolled(name));
    return notDone(RULE_NOT_DONE.notEnrolled(name, ENROL_SKIP_SENTENCES[result.skipped[0]!.reason]));
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return notDone(RULE_NOT_DONE.sequenceGone);
    throw error;
  }
}

/** Status and tags through the leads module's bulk change: its rules, its timeline entry and lead.updated (with the cause). */
async function changeLead(run: ActionRun, change: Omit<BulkLeadsChange, 'ids'>, sentences: { done: string; notDone: string }): Promise<ActionResult> {
  const { updated } = await updateLeadsIn(run.tx, run.member, { ids: [run.lead.id], ...change }, run.cause);
  return updated > 0 ? done(sentences.done) : notDone(sentences.notDone);
}

/** The lead's owner (created_by: whom its call tasks and follow-ups go to) becomes `userId`, announced as lead.updated. */
async function assignTo(run: ActionRun, userId: string, name: string): Promise<ActionResult> {
  if (run.lead.created_by === userId) return notDone(RULE_NOT_DONE.alreadyAssigned(name));
  // A later action of the rule (a task for the lead's owner) sees the new owner.
  run.lead = (await updateLead(run.tx, run.member.organizationId, run.lead.id, { created_by: userId })) ?? run.lead;
  await emit(run.tx, { type: 'lead.updated', organizationId: run.member.organizationId, leadId: run.lead.id, fields: ['created_by'], cause: run.cause });
  return done(RULE_DONE.assigned(name));
}

async function assign(run: ActionRun, userId: string): Promise<ActionResult> {
  const name = (await memberNames(run.tx, run.member.organizationId, [userId])).get(userId);
  return name ? assignTo(run, userId, name) : notDone(RULE_NOT_DONE.notAMember);
}

/** The member at the rule's round-robin position (one who left is passed over), the position moved past them, under the rule's row lock. */
async function roundRobin(run: ActionRun, userIds: readonly string[]): Promise<ActionResult> {
  const { organizationId } = run.member;
  const next = await takeRoundRobin(run.tx, organizationId, run.rule.id);
  const members = await memberNames(run.tx, organizationId, userIds);
  for (let k = 0; k < userIds.length; k++) {
    const index = (next + k) % userIds.length;
    const name = members.get(userIds[index]!);
    if (!name) continue;
    await setRoundRobin(run.tx, organizationId, run.rule.id, (index + 1) % userIds.length);
    return assignTo(run, userIds[index]!, name);
  }
  return notDone(RULE_NOT_DONE.noRoundRobinMember);
}

/** A pending follow-up task for the named member, else the lead's owner, else the acting member; announced as task.created. */
async function createTask(run: ActionRun, action: Extract<RuleAction, { type: 'create_task' }>): Promise<ActionResult> {
  const { tx } = run;
  const task = await createAutomaticTask(tx, run.member, {
    leadId: run.lead.id, leadOwner: run.lead.created_by, assigneeId: action.assignee_id, due: new Date(run.now.getTime() + action.due_in_minutes * 60_000), reason: action.title,
  });
  const name = (await memberNames(tx, run.member.organizationId, [task.assignee])).get(task.assignee) ?? run.member.user.name;
  return done(RULE_DONE.taskCreated(action.title, name), task.id);
}

/** A notification to each named member, or to every member, linking to the lead. */
async function notifyMembers(run: ActionRun, action: Extract<RuleAction, { type: 'notify' }>): Promise<ActionResult> {
  const targets: Array<string | null> = action.user_ids.length > 0 ? action.user_ids : [null];
  let count = 0;
  for (const userId of targets) {
    count += await notify(run.tx, {
      organizationId: run.member.organizationId, userId, kind: RULE_NOTIFICATION_KIND, level: 'info', title: action.message,
      body: `${displayName(run.lead as Parameters<typeof displayName>[0])} · rule “${run.rule.name}”`, link: screenLinks.lead(run.lead.id),
    });
  }
  return count > 0 ? done(RULE_DONE.notified(count)) : notDone(RULE_NOT_DONE.nobodyNotified);
}

function perform(run: ActionRun, action: RuleAction): Promise<ActionResult> {
  switch (action.type) {
    case 'enrol':
      return enrolLead(run, action.sequence_id);
    case 'set_status':
      return changeLead(run, { status: action.status }, { done: RULE_DONE.statusSet(action.status), notDone: RULE_NOT_DONE.statusAlready(action.status) });
    case 'add_tag':
      return changeLead(run, { add_tags: [action.tag] }, { done: RULE_DONE.tagged(action.tag), notDone: RULE_NOT_DONE.alreadyTagged(action.tag) });
    case 'remove_tag':
      return changeLead(run, { remove_tags: [action.tag] }, { done: RULE_DONE.untagged(action.tag), notDone: RULE_NOT_DONE.notTagged(action.tag) });
    case 'assign':
      return assign(run, action.user_id);
    case 'assign_round_robin':
      return roundRobin(run, action.user_ids);
    case 'create_task':
      return createTask(run, action);
    case 'notify':
      return notifyMembers(run, action);
  }
}

/** The rule's actions in order; a later action sees what an earlier one changed. */
export async function performActions(run: ActionRun): Promise<ActionResult[]> {
  const results: ActionResult[] = [];
  for (const action of run.rule.actions) results.push(await perform(run, action));
  return results;
}
