/**
 * The rule editor's state: text as typed, one shape for every trigger and action type so switching type keeps what
 * was typed. `bodyOf` turns it into the API's request, which the shared createRuleBody checks before it is sent.
 */
import type { CallOutcome, DealStage, LeadStatus, RuleAction, RuleActionType, RuleConditions, RuleTrigger, RuleTriggerType } from '@wholesail/domain';
import type { RuleBody } from './rules-api';

/** A status a rule may match or set: any but 'deleted'. */
type LiveStatus = Exclude<LeadStatus, 'deleted'>;

/** '' in status, outcome or stage: any (the trigger is not narrowed). */
export type TriggerDraft = { type: RuleTriggerType; status: LiveStatus | ''; tag: string; outcome: CallOutcome | ''; count: string; stage: DealStage | '' };

export const CONDITION_FIELDS = ['status', 'badges', 'minValue', 'maxValue', 'minMotivation', 'maxMotivation', 'state', 'source', 'search'] as const;
export type ConditionField = (typeof CONDITION_FIELDS)[number];
export type ConditionsDraft = Record<ConditionField, string>;

export const DUE_UNITS = { minutes: 1, hours: 60, days: 1440 } as const;
export type DueUnit = keyof typeof DUE_UNITS;

export type ActionDraft = {
  /** Keeps React's list stable while actions are added and removed. */
  key: string;
  type: RuleActionType;
  sequence_id: string;
  status: LiveStatus;
  tag: string;
  user_id: string;
  user_ids: string[];
  title: string;
  due: string;
  due_unit: DueUnit;
  assignee_id: string;
  message: string;
};

export type RuleDraft = { name: string; trigger: TriggerDraft; conditions: ConditionsDraft; actions: ActionDraft[]; is_active: boolean };

/** The parts of a rule a draft is made from: a saved rule, or a starting point. */
export type RuleShape = { name: string; trigger: RuleTrigger; conditions: RuleConditions; actions: readonly RuleAction[]; is_active: boolean };

let nextKey = 0;
const newKey = () => `action-${(nextKey += 1)}`;

export function blankAction(type: RuleActionType = 'enrol'): ActionDraft {
  return { key: newKey(), type, sequence_id: '', status: 'new', tag: '', user_id: '', user_ids: [], title: '', due: '0', due_unit: 'hours', assignee_id: '', message: '' };
}

/** A delay in minutes in the largest unit that holds it whole: 2880 → 2 days. */
function dueOf(minutes: number): Pick<ActionDraft, 'due' | 'due_unit'> {
  if (minutes > 0 && minutes % DUE_UNITS.days === 0) return { due: String(minutes / DUE_UNITS.days), due_unit: 'days' };
  if (minutes % DUE_UNITS.hours === 0) return { due: String(minutes / DUE_UNITS.hours), due_unit: 'hours' };
  return { due: String(minutes), due_unit: 'minutes' };
}

function actionDraftOf(action: RuleAction): ActionDraft {
  const draft = blankAction(action.type);
  switch (action.type) {
    case 'enrol':
      return { ...draft, sequence_id: action.sequence_id };
    case 'set_status':
      return { ...draft, status: action.status };
    case 'add_tag':
    case 'remove_tag':
      return { ...draft, tag: action.tag };
    case 'assign':
      return { ...draft, user_id: action.user_id };
    case 'assign_round_robin':
      return { ...draft, user_ids: [...action.user_ids] };
    case 'create_task':
      return { ...draft, title: action.title, assignee_id: action.assignee_id ?? '', ...dueOf(action.due_in_minutes) };
    case 'notify':
      return { ...draft, message: action.message, user_ids: [...action.user_ids] };
  }
}

const text = (value: string | number | undefined) => (value === undefined ? '' : String(value));

export function draftOf(rule: RuleShape): RuleDraft {
  const t = rule.trigger;
  const c = rule.conditions;
  return {
    name: rule.name,
    trigger: {
      type: t.type,
      status: t.type === 'status_changed' ? (t.status ?? '') : '',
      tag: t.type === 'tag_added' ? t.tag : '',
      outcome: t.type === 'call_completed' ? (t.outcome ?? '') : '',
      count: t.type === 'calls_unanswered' ? String(t.count) : '3',
      stage: t.type === 'deal_stage_changed' ? (t.stage ?? '') : '',
    },
    conditions: {
      status: text(c.status), badges: (c.badges ?? []).join(', '), minValue: text(c.minValue), maxValue: text(c.maxValue),
      minMotivation: text(c.minMotivation), maxMotivation: text(c.maxMotivation), state: text(c.state), source: text(c.source), search: text(c.search),
    },
    actions: rule.actions.map(actionDraftOf),
    is_active: rule.is_active,
  };
}

export const emptyDraft = (): RuleDraft => draftOf({ name: '', trigger: { type: 'lead_created' }, conditions: {}, actions: [], is_active: true });

/** A typed figure; anything unreadable reaches the shared schema as NaN, which it refuses with the field's message. */
const numberOf = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

function triggerBody(t: TriggerDraft): RuleBody['trigger'] {
  switch (t.type) {
    case 'status_changed':
      return t.status ? { type: t.type, status: t.status } : { type: t.type };
    case 'tag_added':
      return { type: t.type, tag: t.tag };
    case 'call_completed':
      return t.outcome ? { type: t.type, outcome: t.outcome } : { type: t.type };
    case 'calls_unanswered':
      return { type: t.type, count: numberOf(t.count) };
    case 'deal_stage_changed':
      return t.stage ? { type: t.type, stage: t.stage } : { type: t.type };
    default:
      return { type: t.type };
  }
}

const NUMERIC_CONDITIONS: readonly ConditionField[] = ['minValue', 'maxValue', 'minMotivation', 'maxMotivation'];

/** Only the conditions filled in: an empty field is no condition. */
function conditionsBody(c: ConditionsDraft): Record<string, string | number> {
  const body: Record<string, string | number> = {};
  for (const field of CONDITION_FIELDS) {
    const value = c[field].trim();
    if (value !== '') body[field] = NUMERIC_CONDITIONS.includes(field) ? numberOf(value) : value;
  }
  return body;
}

function actionBody(a: ActionDraft): RuleBody['actions'][number] {
  switch (a.type) {
    case 'enrol':
      return { type: a.type, sequence_id: a.sequence_id };
    case 'set_status':
      return { type: a.type, status: a.status };
    case 'add_tag':
    case 'remove_tag':
      return { type: a.type, tag: a.tag };
    case 'assign':
      return { type: a.type, user_id: a.user_id };
    case 'assign_round_robin':
      return { type: a.type, user_ids: a.user_ids };
    case 'create_task': {
      const due = a.due.trim() === '' ? 0 : numberOf(a.due) * DUE_UNITS[a.due_unit];
      return { type: a.type, title: a.title, due_in_minutes: due, ...(a.assignee_id ? { assignee_id: a.assignee_id } : {}) };
    }
    case 'notify':
      return { type: a.type, message: a.message, user_ids: a.user_ids };
  }
}

export function bodyOf(draft: RuleDraft): RuleBody {
  return {
    name: draft.name,
    trigger: triggerBody(draft.trigger),
    conditions: conditionsBody(draft.conditions) as RuleBody['conditions'],
    actions: draft.actions.map(actionBody),
    is_active: draft.is_active,
  };
}

