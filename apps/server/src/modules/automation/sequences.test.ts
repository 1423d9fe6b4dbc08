import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, useTestApp, type TestApp } from '../../../test/harness';
import { memberApi } from '../../../test/member-api';

type Org = Awaited<ReturnType<TestApp['createOrg']>>;

const STEPS = [
  { kind: 'text', delay_minutes: 0, body: 'Hi {first_name}, would you sell {street}?' },
  { kind: 'call_task', delay_minutes: 1440 },
  { kind: 'email', delay_minutes: 2880, subject: 'About {street}', body: 'Hello {first_name}' },
];

describe.each(DB_KINDS)('sequences API on %s', (kind) => {
  const t = useTestApp(kind);
  let a: Org;
  let b: Org;
  const { call, ok } = memberApi(t);

  beforeAll(async () => {
    a = await t.createOrg('Sequences A');
    b = await t.createOrg('Sequences B');
  });

  it('creates a sequence with the defaults, reads, lists, patches and deletes it', async () => {
    const created = await ok(a, 'POST', '/api/sequences', { name: '  Cold follow-up ', steps: STEPS }, 201);
    expect(created).toMatchObject({
      name: 'Cold follow-up', steps: STEPS, stop_on_reply: true, cooldown_days: 30, daily_cap: null, exit_statuses: [],
      counts: { active: 0, completed: 0, exited: 0, replied: 0 }, created_by: a.userId,
    });
    expect(await ok(a, 'GET', `/api/sequences/${created.id}`)).toEqual(created);

    const patched = await ok(a, 'PATCH', `/api/sequences/${created.id}`, { daily_cap: 200, exit_statuses: ['closed'], steps: [{ kind: 'add_tag', delay_minutes: 5, tag: 'Warm Lead' }] });
    expect(patched).toMatchObject({ name: 'Cold follow-up', daily_cap: 200, exit_statuses: ['closed'], steps: [{ kind: 'add_tag', delay_minutes: 5, tag: 'warm lead' }] });
    expect(new Date(patched.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(created.updated_at).getTime());

    const other = await ok(a, 'POST', '/api/sequences', { name: 'After the call', steps: STEPS, stop_on_reply: false, cooldown_days: 0 }, 201);
    expect((await ok(a, 'GET', '/api/sequences')).items.map((s: { name: string }) => s.name)).toEqual(['After the call', 'Cold follow-up']);
    expect((await ok(b, 'GET', '/api/sequences')).items).toEqual([]);

    expect((await call(a, 'DELETE', `/api/sequences/${other.id}`)).status).toBe(204);
    expect((await call(a, 'GET', `/api/sequences/${other.id}`)).status).toBe(404);
  });

  it('answers 400 naming the field of a bad step, and of a bad patch', async () => {
    const bad = await call(a, 'POST', '/api/sequences', { name: 'Broken', steps: [STEPS[0], { kind: 'text', delay_minutes: 10 }] });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toEqual({ code: 'VALIDATION_ERROR', message: 'steps.1.body: a text step needs a message' });
    const merge = await call(a, 'POST', '/api/sequences', { name: 'Broken', steps: [{ kind: 'text', delay_minutes: 0, body: 'Hi {firstname}' }] });
    expect(merge.body.error.message).toBe('steps.0.body: uses {firstname}, which is not a merge field; use {first_name}, {street}, {city} or {agent_name}');
    const fax = await call(a, 'POST', '/api/sequences', { name: 'Broken', steps: [{ kind: 'fax', delay_minutes: 0 }] });
    expect(fax.body.error.message).toBe('steps.0.kind: expected one of text, email, call_task, set_status, add_tag, remove_tag, wait_until');
    expect((await call(a, 'POST', '/api/sequences', { name: 'No steps', steps: [] })).body.error.message).toBe('steps: a sequence needs at least one step');

    const seq = await ok(a, 'POST', '/api/sequences', { name: 'Patch me', steps: STEPS }, 201);
    const patch = await call(a, 'PATCH', `/api/sequences/${seq.id}`, { steps: [{ kind: 'wait_until', delay_minutes: 0, time: '25:00' }] });
    expect(patch.status).toBe(400);
    expect(patch.body.error.message).toBe('steps.0.time: expected a time as HH:MM (24-hour, e.g. 09:30)');
    expect((await call(a, 'PATCH', `/api/sequences/${seq.id}`, {})).status).toBe(400);
    expect((await ok(a, 'GET', `/api/sequences/${seq.id}`)).steps).toEqual(STEPS);
  });

  it('answers 404 to another organization’s sequence, and to unknown ids', async () => {
    const seq = await ok(a, 'POST', '/api/sequences', { name: 'Private', steps: STEPS }, 201);
    for (const [method, body] of [['GET'], ['PATCH', { name: 'Stolen' }], ['DELETE']] as const) {
      const res = await call(b, method, `/api/sequences/${seq.id}`, body);
      expect(res.status, method).toBe(404);
      expect(res.body.error).toEqual({ code: 'NOT_FOUND', message: 'Sequence not found' });
    }
    expect((await ok(a, 'GET', `/api/sequences/${seq.id}`)).name).toBe('Private');
    expect((await call(a, 'GET', '/api/sequences/not-an-id')).body.error.message).toBe('id: expected a sequence id');
  });
});
