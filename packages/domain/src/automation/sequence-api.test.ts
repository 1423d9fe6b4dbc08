import { describe, expect, it } from 'vitest';
import { createSequenceBody, updateSequenceBody } from './sequence-api';

const text = { kind: 'text', delay_minutes: 0, body: 'Hi {first_name}, would you sell {street}?' };
const email = { kind: 'email', delay_minutes: 1440, subject: 'About {street}', body: 'Hi {first_name}, …' };
const call = { kind: 'call_task', delay_minutes: 2880 };
const create = (steps: unknown[], extra: Record<string, unknown> = {}) => createSequenceBody.safeParse({ name: 'Cold follow-up', steps, ...extra });
const error = (steps: unknown[], extra: Record<string, unknown> = {}) => create(steps, extra).error?.issues.map((i) => i.message).join('; ');

describe('createSequenceBody', () => {
  it('takes a three-step sequence and fills the defaults', () => {
    expect(createSequenceBody.parse({ name: ' Cold follow-up ', steps: [text, email, call] })).toEqual({
      name: 'Cold follow-up', steps: [text, email, call], stop_on_reply: true, cooldown_days: 30, daily_cap: null, exit_statuses: [],
    });
  });

  it('takes every kind with its own fields', () => {
    const steps = [
      { kind: 'call_task', delay_minutes: 0, assignee_id: 'user_8f2k', body: 'Ask about the roof' },
      { kind: 'set_status', delay_minutes: 0, status: 'add-to-followup' },
      { kind: 'add_tag', delay_minutes: 60, tag: '  Drip  Campaign ' },
      { kind: 'remove_tag', delay_minutes: 60, tag: 'cold' },
      { kind: 'wait_until', delay_minutes: 0, weekday: 2 },
      { kind: 'wait_until', delay_minutes: 0, time: '09:30' },
      { kind: 'wait_until', delay_minutes: 0, weekday: 6, time: '23:59' },
    ];
    const parsed = create(steps, { stop_on_reply: false, cooldown_days: 0, daily_cap: 10_000, exit_statuses: ['closed', 'closed', 'discovery'] });
    expect(parsed.error).toBeUndefined();
    expect(parsed.data!.steps[2]!.tag).toBe('drip campaign');
    expect(parsed.data!.exit_statuses).toEqual(['closed', 'discovery']);
  });

  it('names the field and the step’s index for a step its kind does not allow', () => {
    expect(error([text, text, { kind: 'text', delay_minutes: 10 }])).toBe('steps.2.body: a text step needs a message');
    expect(error([{ kind: 'text', delay_minutes: 0, body: '   ' }])).toBe('steps.0.body: a text step needs a message');
    expect(error([{ ...text, body: 'a'.repeat(1601) }])).toBe('steps.0.body: a message can be at most 1,600 characters');
    expect(error([{ kind: 'email', delay_minutes: 0, body: 'Hi' }])).toBe('steps.0.subject: an email step needs a subject');
    expect(error([{ kind: 'email', delay_minutes: 0, subject: 'Hi' }])).toBe('steps.0.body: an email step needs a message');
    expect(error([text, { kind: 'set_status', delay_minutes: 0 }])).toBe('steps.1.status: a status step needs the status to set');
    expect(error([{ kind: 'set_status', delay_minutes: 0, status: 'deleted' }])).toMatch(/^steps\.0\.status: expected one of new, new-untouched, /);
    expect(error([{ kind: 'add_tag', delay_minutes: 0, tag: ' ' }])).toBe('steps.0.tag: an add-tag step needs a tag');
    expect(error([{ kind: 'remove_tag', delay_minutes: 0 }])).toBe('steps.0.tag: a remove-tag step needs a tag');
    expect(error([{ kind: 'add_tag', delay_minutes: 0, tag: 'x'.repeat(61) }])).toBe('steps.0.tag: a tag can be at most 60 characters');
    expect(error([{ kind: 'call_task', delay_minutes: 0, assignee_id: '' }])).toBe('steps.0.assignee_id: expected a member id');
    expect(error([{ kind: 'wait_until', delay_minutes: 0 }])).toBe('steps.0.weekday: a wait step needs a weekday, a time or both');
    expect(error([{ kind: 'wait_until', delay_minutes: 0, weekday: 7 }])).toBe('steps.0.weekday: expected a weekday from 0 (Sunday) to 6 (Saturday)');
    expect(error([{ kind: 'wait_until', delay_minutes: 0, time: '9:30' }])).toBe('steps.0.time: expected a time as HH:MM (24-hour, e.g. 09:30)');
    expect(error([{ kind: 'wait_until', delay_minutes: 0, time: '24:00' }])).toMatch(/^steps\.0\.time: /);
  });

  it('refuses a field of another kind rather than ignore it', () => {
    expect(error([{ ...text, subject: 'Hello' }])).toBe('steps.0.subject: a text step has no subject');
    expect(error([{ kind: 'set_status', delay_minutes: 0, status: 'closed', tag: 'x' }])).toBe('steps.0.tag: a status step has no tag');
  });

  it('refuses unknown merge fields, naming them', () => {
    expect(error([{ ...text, body: 'Hi {firstname}' }])).toBe(
      'steps.0.body: uses {firstname}, which is not a merge field; use {first_name}, {street}, {city} or {agent_name}',
    );
    expect(error([{ ...email, subject: '{owner} and {street}' }])).toMatch(/^steps\.0\.subject: uses \{owner\}/);
  });

  it('bounds the delay to a whole number of minutes within a year', () => {
    expect(error([{ ...text, delay_minutes: 525_600 }])).toBeUndefined();
    expect(error([{ ...text, delay_minutes: 525_601 }])).toBe('steps.0.delay_minutes: must be a whole number of minutes from 0 to 525,600 (a year)');
    expect(error([{ ...text, delay_minutes: -1 }])).toMatch(/^steps\.0\.delay_minutes: /);
    expect(error([{ ...text, delay_minutes: 1.5 }])).toMatch(/^steps\.0\.delay_minutes: /);
  });

  it('reports each bad step, with the issue path the server names', () => {
    const result = create([text, { kind: 'text', delay_minutes: 0 }, { kind: 'email', delay_minutes: -5, subject: 'x', body: 'y' }]);
    expect(result.error!.issues.map((i) => i.path)).toEqual([['steps', 1, 'body'], ['steps', 2, 'delay_minutes']]);
  });

  it('refuses a bad kind or shape with the field in the path', () => {
    const result = create([{ kind: 'fax', delay_minutes: 0 }]);
    expect(result.error!.issues[0]).toMatchObject({ path: ['steps', 0, 'kind'], message: 'expected one of text, email, call_task, set_status, add_tag, remove_tag, wait_until' });
    expect(create([{ ...text, colour: 'red' }]).success).toBe(false);
  });

  it('needs 1 to 30 steps and bounds the sequence’s settings', () => {
    expect(error([])).toBe('steps: a sequence needs at least one step');
    expect(error(Array.from({ length: 31 }, () => text))).toBe('steps: a sequence can have at most 30 steps');
    expect(error(Array.from({ length: 30 }, () => text))).toBeUndefined();
    expect(error([text], { name: ' ' })).toBe('name: a sequence needs a name');
    expect(error([text], { cooldown_days: 366 })).toBe('cooldown_days: must be at most 365');
    expect(error([text], { daily_cap: 0 })).toBe('daily_cap: must be at least 1');
    expect(error([text], { daily_cap: 10_001 })).toBe('daily_cap: must be at most 10,000');
    expect(error([text], { exit_statuses: ['sold'] })).toMatch(/^exit_statuses: expected statuses among new, /);
  });
});

describe('updateSequenceBody', () => {
  it('takes any field alone, without filling defaults', () => {
    expect(updateSequenceBody.parse({ daily_cap: null })).toEqual({ daily_cap: null });
    expect(updateSequenceBody.parse({ steps: [call] })).toEqual({ steps: [call] });
  });

  it('checks steps as a create does and needs a change', () => {
    expect(updateSequenceBody.safeParse({ steps: [{ kind: 'text', delay_minutes: 0 }] }).error?.issues[0]?.message).toBe('steps.0.body: a text step needs a message');
    expect(updateSequenceBody.safeParse({}).error?.issues[0]?.message).toMatch(/^name a change/);
    expect(updateSequenceBody.safeParse({ id: 'x' }).success).toBe(false);
  });
});
