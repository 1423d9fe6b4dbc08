import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { blankAction, draftOf, emptyDraft } from './rule-draft';
import { checkDraft, humanMessage, serverErrors, shownPaths } from './rule-errors';
import { rule } from './test-fixtures';

describe('the rule editor’s messages', () => {
  it('turns schema and server messages into sentences for the field', () => {
    expect(humanMessage('actions.0.title', 'title: a task needs a title')).toBe('A task needs a title.');
    expect(humanMessage('actions.0.sequence_id', 'sequence_id: expected a sequence id')).toBe('Choose a sequence.');
    expect(humanMessage('conditions.minValue', 'minValue must be a number')).toBe('This must be a number.');
    expect(humanMessage('conditions.minMotivation', 'Too small: expected number to be >=0')).toBe('Must be 0 or more.');
    expect(humanMessage('conditions.state', 'conditions.state: expected a two-letter state, e.g. TX')).toBe('Enter a two-letter state, e.g. TX.');
  });

  it('reads a 400 part by part, an element of a member list on the list, and anything without a field apart', () => {
    const error = new ApiError(400, 'VALIDATION_ERROR', 'actions.2.user_ids.1: user_ids: expected a member id; name a change: name, trigger');
    expect(serverErrors(error)).toEqual({ 'actions.2.user_ids': 'Choose members of your team.', '': 'Name a change: name, trigger.' });
    expect(serverErrors(new ApiError(0, 'NETWORK_ERROR', 'Could not reach the server.'))).toEqual({ '': 'Could not reach the server.' });
  });

  it('checks a draft with the shared schema and keeps a saved rule as it was', () => {
    const saved = rule();
    const checked = checkDraft(draftOf(saved));
    expect(checked.errors).toBeNull();
    expect(checked.body).toEqual({ name: saved.name, trigger: saved.trigger, conditions: { state: 'TX' }, actions: saved.actions, is_active: true });
    const blank = checkDraft({ ...emptyDraft(), actions: [{ ...blankAction('create_task'), due: 'soon' }] });
    expect(blank.errors).toMatchObject({ name: 'A rule needs a name.', 'actions.0.title': 'A task needs a title.', 'actions.0.due_in_minutes': 'Enter a number of minutes.' });
  });

  it('knows which messages the editor shows on a field', () => {
    const paths = shownPaths({ ...emptyDraft(), trigger: { ...emptyDraft().trigger, type: 'tag_added' }, actions: [blankAction('notify')] });
    expect(paths.has('trigger.tag')).toBe(true);
    expect(paths.has('trigger.count')).toBe(false);
    expect(paths.has('actions.0.message')).toBe(true);
    expect(paths.has('actions.0.user_ids')).toBe(true);
    expect(paths.has('actions.0.title')).toBe(false);
  });
});
