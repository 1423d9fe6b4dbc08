import { CALL_OUTCOME_LABELS } from '../calls/outcomes';
import { DEAL_STAGE_LABELS } from '../deals/deal-api';
import { formatUsd } from '../leads/display';
import { leadStatusLabel } from '../leads/status';
import type { RuleAction, RuleActionType, RuleConditions, RuleTrigger, RuleTriggerType } from './rules-api';

/**
 * The words of a rule (issue 22). The rules list, the editor and the server's dry run describe a rule with these
 * functions, so a member reads the same sentence wherever the rule appears.
 */

/** Names for the ids a rule holds; null when the sequence or member no longer exists. */
export interface RuleNames {
  sequence: (id: string) => string | null;
  member: (id: string) => string | null;
}

/** Short names of the triggers and actions, for pickers. */
export const RULE_TRIGGER_LABELS: { readonly [T in RuleTriggerType]: string } = {
  lead_created: 'A lead is created',
  lead_imported: 'A lead is imported',
  status_changed: 'A lead’s status changes',
  tag_added: 'A lead is tagged',
  call_completed: 'A call ends',
  calls_unanswered: 'Calls go unanswered',
  text_received: 'A text comes in',
  deal_stage_changed: 'A deal changes stage',
  task_overdue: 'A follow-up task is overdue',
};

export const RULE_ACTION_LABELS: { readonly [A in RuleActionType]: string } = {
  enrol: 'Enrol in a sequence',
  set_status: 'Change the status',
  add_tag: 'Add a tag',
  remove_tag: 'Remove a tag',
  assign: 'Assign to a member',
  assign_round_robin: 'Assign in turn (round robin)',
  create_task: 'Create a task',
  notify: 'Notify members',
};

/** The longest notification text a sentence repeats before cutting it with '…'. */
const QUOTED_MESSAGE_LENGTH = 60;

const quote = (text: string) => `“${text}”`;

/** "a", "a and b", "a, b and c" (`word` joins the last two). */
export function joinWords(items: readonly string[], word = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${word} ${items[items.length - 1]}`;
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** A delay in whole minutes as people say it: "right away", "in 45 minutes", "in 2 hours", "in 3 days". */
export function delayPhrase(minutes: number): string {
  if (minutes <= 0) return 'right away';
  if (minutes % 1440 === 0) return `in ${plural(minutes / 1440, 'day')}`;
  if (minutes % 60 === 0) return `in ${plural(minutes / 60, 'hour')}`;
  return `in ${plural(minutes, 'minute')}`;
}

/** What starts the rule, after "When": "3 calls in a row go unanswered". */
export function triggerPhrase(trigger: RuleTrigger): string {
  switch (trigger.type) {
    case 'lead_created':
      return 'a lead is created';
    case 'lead_imported':
      return 'a lead is imported';
    case 'status_changed':
      return trigger.status ? `a lead’s status changes to ${quote(leadStatusLabel(trigger.status))}` : 'a lead’s status changes';
    case 'tag_added':
      return `a lead is tagged ${quote(trigger.tag)}`;
    case 'call_completed':
      return trigger.outcome ? `a call ends as ${quote(CALL_OUTCOME_LABELS[trigger.outcome])}` : 'a call ends';
    case 'calls_unanswered':
      return trigger.count === 1 ? 'a call goes unanswered' : `${trigger.count} calls in a row go unanswered`;
    case 'text_received':
      return 'a text comes in from a lead';
    case 'deal_stage_changed':
      return trigger.stage ? `a deal moves to ${quote(DEAL_STAGE_LABELS[trigger.stage])}` : 'a deal changes stage';
    case 'task_overdue':
      return 'a follow-up task is overdue';
  }
}

function range(min: number | undefined, max: number | undefined, show: (n: number) => string): string | null {
  if (min !== undefined && max !== undefined) return `${show(min)} to ${show(max)}`;
  if (min !== undefined) return `at least ${show(min)}`;
  if (max !== undefined) return `at most ${show(max)}`;
  return null;
}

/** Each condition as what the lead "is" or "has": ["is in TX", "is tagged “vacant” or “absentee”"]. */
export function conditionPhrases(conditions: RuleConditions): string[] {
  const phrases: string[] = [];
  if (conditions.status) phrases.push(`has the status ${quote(leadStatusLabel(conditions.status))}`);
  if (conditions.badges && conditions.badges.length > 0) phrases.push(`is tagged ${joinWords(conditions.badges.map(quote), 'or')}`);
  const value = range(conditions.minValue, conditions.maxValue, formatUsd);
  if (value) phrases.push(`is worth ${value}`);
  const motivation = range(conditions.minMotivation, conditions.maxMotivation, String);
  if (motivation) phrases.push(`has a motivation of ${motivation}`);
  if (conditions.state) phrases.push(`is in ${conditions.state}`);
  if (conditions.source) phrases.push(`came from ${quote(conditions.source)}`);
  if (conditions.search) phrases.push(`matches the search ${quote(conditions.search)}`);
  return phrases;
}

const memberNames = (ids: readonly string[], names: RuleNames) => joinWords(ids.map((id) => names.member(id) ?? 'a former member'));

function cut(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length - 1).trimEnd()}…` : text;
}

/** One action as the rule would do it: "Enrol in “No answer follow-up”". */
export function actionSentence(action: RuleAction, names: RuleNames): string {
  switch (action.type) {
    case 'enrol': {
      const name = names.sequence(action.sequence_id);
      return name === null ? 'Enrol in a sequence that no longer exists' : `Enrol in ${quote(name)}`;
    }
    case 'set_status':
      return `Set the status to ${quote(leadStatusLabel(action.status))}`;
    case 'add_tag':
      return `Add the tag ${quote(action.tag)}`;
    case 'remove_tag':
      return `Remove the tag ${quote(action.tag)}`;
    case 'assign':
      return `Assign to ${memberNames([action.user_id], names)}`;
    case 'assign_round_robin':
      return `Assign in turn to ${memberNames(action.user_ids, names)}`;
    case 'create_task': {
      const who = action.assignee_id ? memberNames([action.assignee_id], names) : 'the lead’s owner';
      return `Create the task ${quote(cut(action.title, QUOTED_MESSAGE_LENGTH))} for ${who}, due ${delayPhrase(action.due_in_minutes)}`;
    }
    case 'notify': {
      const who = action.user_ids.length > 0 ? memberNames(action.user_ids, names) : 'every member';
      return `Notify ${who}: ${quote(cut(action.message, QUOTED_MESSAGE_LENGTH))}`;
    }
  }
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** The whole rule in one sentence: "When 3 calls in a row go unanswered, if the lead is in TX, then enrol in “No answer follow-up”." */
export function ruleSentence(rule: { trigger: RuleTrigger; conditions: RuleConditions; actions: readonly RuleAction[] }, names: RuleNames): string {
  const conditions = conditionPhrases(rule.conditions);
  const when = `When ${triggerPhrase(rule.trigger)}, `;
  const condition = conditions.length > 0 ? `if the lead ${joinWords(conditions)}, ` : '';
  return `${when}${condition}then ${joinWords(rule.actions.map((a) => lowerFirst(actionSentence(a, names))))}.`;
}
