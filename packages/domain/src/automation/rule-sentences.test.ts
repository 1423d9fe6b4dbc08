import { describe, expect, it } from 'vitest';
import { actionSentence, conditionPhrases, delayPhrase, joinWords, ruleSentence, triggerPhrase, type RuleNames } from './rule-sentences';
import { createRuleBody, ruleActionSchema, ruleConditionsSchema, ruleTriggerSchema } from './rules-api';

const SEQUENCE_ID = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const names: RuleNames = {
  sequence: (id) => (id === SEQUENCE_ID ? 'No answer follow-up' : null),
  member: (id) => ({ 'user-1': 'Ana Lopez', 'user-2': 'Ben Ortiz', 'user-3': 'Cy Park' })[id] ?? null,
};
const action = (input: unknown) => ruleActionSchema.parse(input);

describe('rule sentences', () => {
  it('joins words the way people list them', () => {
    expect(joinWords([])).toBe('');
    expect(joinWords(['a'])).toBe('a');
    expect(joinWords(['a', 'b'])).toBe('a and b');
    expect(joinWords(['a', 'b', 'c'], 'or')).toBe('a, b or c');
  });

  it('says a delay in the largest whole unit', () => {
    expect(delayPhrase(0)).toBe('right away');
    expect(delayPhrase(45)).toBe('in 45 minutes');
    expect(delayPhrase(60)).toBe('in 1 hour');
    expect(delayPhrase(90)).toBe('in 90 minutes');
    expect(delayPhrase(2880)).toBe('in 2 days');
  });

  it('names every trigger, with its option when it has one', () => {
    const phrase = (input: unknown) => triggerPhrase(ruleTriggerSchema.parse(input));
    expect(phrase({ type: 'lead_created' })).toBe('a lead is created');
    expect(phrase({ type: 'lead_imported' })).toBe('a lead is imported');
    expect(phrase({ type: 'status_changed' })).toBe('a lead’s status changes');
    expect(phrase({ type: 'status_changed', status: 'add-to-followup' })).toBe('a lead’s status changes to “Follow up”');
    expect(phrase({ type: 'tag_added', tag: ' Vacant ' })).toBe('a lead is tagged “vacant”');
    expect(phrase({ type: 'call_completed' })).toBe('a call ends');
    expect(phrase({ type: 'call_completed', outcome: 'interested' })).toBe('a call ends as “Interested”');
    expect(phrase({ type: 'calls_unanswered', count: 1 })).toBe('a call goes unanswered');
    expect(phrase({ type: 'calls_unanswered', count: 3 })).toBe('3 calls in a row go unanswered');
    expect(phrase({ type: 'text_received' })).toBe('a text comes in from a lead');
    expect(phrase({ type: 'deal_stage_changed' })).toBe('a deal changes stage');
    expect(phrase({ type: 'deal_stage_changed', stage: 'under_contract' })).toBe('a deal moves to “Under contract”');
    expect(phrase({ type: 'task_overdue' })).toBe('a follow-up task is overdue');
  });

  it('describes each condition, and ranges open at either end', () => {
    const conditions = ruleConditionsSchema.parse({
      status: 'new', badges: 'vacant, Absentee', minValue: 100000, maxValue: 300000, minMotivation: 7, state: 'tx', source: 'Driving for dollars', search: 'Oak',
    });
    expect(conditionPhrases(conditions)).toEqual([
      'has the status “New”',
      'is tagged “vacant” or “absentee”',
      'is worth $100,000 to $300,000',
      'has a motivation of at least 7',
      'is in TX',
      'came from “Driving for dollars”',
      'matches the search “Oak”',
    ]);
    expect(conditionPhrases(ruleConditionsSchema.parse({ maxValue: 50000, maxMotivation: 3 }))).toEqual(['is worth at most $50,000', 'has a motivation of at most 3']);
    expect(conditionPhrases({})).toEqual([]);
  });

  it('says what every action does, by the names of sequences and members', () => {
    expect(actionSentence(action({ type: 'enrol', sequence_id: SEQUENCE_ID }), names)).toBe('Enrol in “No answer follow-up”');
    expect(actionSentence(action({ type: 'enrol', sequence_id: '9f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b' }), names)).toBe('Enrol in a sequence that no longer exists');
    expect(actionSentence(action({ type: 'set_status', status: 'discovery' }), names)).toBe('Set the status to “Discovery”');
    expect(actionSentence(action({ type: 'add_tag', tag: 'Hot' }), names)).toBe('Add the tag “hot”');
    expect(actionSentence(action({ type: 'remove_tag', tag: 'cold' }), names)).toBe('Remove the tag “cold”');
    expect(actionSentence(action({ type: 'assign', user_id: 'user-2' }), names)).toBe('Assign to Ben Ortiz');
    expect(actionSentence(action({ type: 'assign', user_id: 'gone' }), names)).toBe('Assign to a former member');
    expect(actionSentence(action({ type: 'assign_round_robin', user_ids: ['user-1', 'user-2', 'user-3'] }), names)).toBe('Assign in turn to Ana Lopez, Ben Ortiz and Cy Park');
    expect(actionSentence(action({ type: 'create_task', title: 'Call back' }), names)).toBe('Create the task “Call back” for the lead’s owner, due right away');
    expect(actionSentence(action({ type: 'create_task', title: 'Call back', due_in_minutes: 1440, assignee_id: 'user-1' }), names)).toBe(
      'Create the task “Call back” for Ana Lopez, due in 1 day',
    );
    expect(actionSentence(action({ type: 'notify', message: 'A hot lead came in' }), names)).toBe('Notify every member: “A hot lead came in”');
    expect(actionSentence(action({ type: 'notify', message: 'x'.repeat(200), user_ids: ['user-1', 'user-2'] }), names)).toBe(`Notify Ana Lopez and Ben Ortiz: “${'x'.repeat(59)}…”`);
  });

  it('puts a whole rule in one sentence: when, if, then', () => {
    const rule = createRuleBody.parse({
      name: 'No answer',
      trigger: { type: 'calls_unanswered', count: 3 },
      conditions: { state: 'TX' },
      actions: [{ type: 'enrol', sequence_id: SEQUENCE_ID }, { type: 'add_tag', tag: 'no-answer' }],
    });
    expect(ruleSentence(rule, names)).toBe('When 3 calls in a row go unanswered, if the lead is in TX, then enrol in “No answer follow-up” and add the tag “no-answer”.');
    expect(ruleSentence({ ...rule, conditions: {} }, names)).toBe('When 3 calls in a row go unanswered, then enrol in “No answer follow-up” and add the tag “no-answer”.');
  });
});
