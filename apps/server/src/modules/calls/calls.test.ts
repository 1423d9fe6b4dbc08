import { sql } from 'kysely';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DAYTIME, newCallingLead } from '../../../test/calling';
import { DB_KINDS, useTestApp, type TestApp } from '../../../test/harness';
/** 7:12 AM in Texas (CST): before calling opens. */
const EARLY = new Date('2026-01-15T13:12:00Z');

describe.each(DB_KINDS)('calls API on %s', (kind) => {
  const t = useTestApp(kind, { DEMO_RING_MS: '100' });
  let a: Awaited<ReturnType<TestApp['createOrg']>>;
  let b: Awaited<ReturnType<TestApp['createOrg']>>;
  const FROM = '+15125550101';

  beforeAll(async () => {
    a = await t.createOrg('Calls A');
    b = await t.createOrg('Calls B');
    for (const body of [{ phone_number: FROM, is_primary: true }, { phone_number: '+15125550109', is_active: false }]) {
      expect((await t.request('POST', '/api/phone-numbers', { cookie: a.cookie, body })).statusCode).toBe(201);
    }
    expect((await t.request('POST', '/api/phone-numbers', { cookie: b.cookie, body: { phone_number: '+15125550301' } })).statusCode).toBe(201);
  });

  afterEach(() => {
    t.app.services.calls.clock = () => DAYTIME;
  });

  let n = 0;
  const newLead = (cookie: string, extra: Record<string, unknown> = {}) => newCallingLead(t, cookie, ++n, extra);
  const dial = (cookie: string, lead_id: string, to_e164: string, from_e164 = FROM) =>
    t.request('POST', '/api/calls', { cookie, body: { lead_id, from_e164, to_e164, connection_sid: 'conn-1' } });
  const events = (organizationId: string, leadId: string) =>
    t.database.db.selectFrom('call_events').select(['kind', 'reason', 'details', 'call_id', 'user_id']).where('organization_id', '=', organizationId).where('lead_id', '=', leadId).orderBy('created_at').execute();
  const waitForStatus = async (callId: string, status: string) => {
    for (let i = 0; i < 60; i += 1) {
      const call = (await t.request('GET', `/api/calls/${callId}`, { cookie: a.cookie })).json();
      if (call.status === status) return call;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`call ${callId} never reached ${status}`);
  };
  const dialled = async (leadId: string, to: string) => {
    t.app.services.calls.clock = () => DAYTIME;
    const res = await dial(a.cookie, leadId, to);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { call_id: string; call_sid: string };
  };

  it('dials an allowed lead on the demo line: 201, ringing then in progress, every step recorded', async () => {
    t.app.services.calls.clock = () => DAYTIME;
    const lead = await newLead(a.cookie);
    const res = await dial(a.cookie, lead.id, lead.to.replace('+1', '(').replace(/^(\(\d{3})/, '$1) '));
    expect(res.statusCode, res.body).toBe(201);
    const { call_id, call_sid } = res.json();
    expect(call_sid).toMatch(/^CA[0-9a-f]{32}$/);
    const live = await waitForStatus(call_id, 'in-progress');
    expect(live).toMatchObject({ lead_id: lead.id, user_id: a.userId, from_e164: FROM, to_e164: lead.to, provider: 'demo', call_sid, completed_at: null });
    expect(live.answered_at).not.toBeNull();
    expect((await events(a.organizationId, lead.id)).map((e) => [e.kind, e.reason])).toEqual([
      ['dial_allowed', 'All checks passed'], ['status', 'ringing'], ['status', 'in-progress'],
    ]);

    // A second dial on the same lead while it is live is refused and recorded.
    const again = await dial(a.cookie, lead.id, lead.to);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Another agent is on a call with this lead');
    expect((await events(a.organizationId, lead.id)).at(-1)).toMatchObject({ kind: 'dial_refused', reason: 'Another agent is on a call with this lead', details: { code: 'LEAD_ON_CALL' } });

    const hung = await t.request('POST', `/api/calls/${call_id}/hangup`, { cookie: a.cookie });
    expect(hung.statusCode).toBe(200);
    expect(hung.json()).toMatchObject({ status: 'completed' });
    expect(hung.json().ended_at).not.toBeNull();
    expect(hung.json().duration_sec).toBeGreaterThanOrEqual(0);
    expect(hung.json().provider).toBe('demo');
    // The lead is free again.
    expect((await t.request('GET', `/api/calls/check?leadId=${lead.id}`, { cookie: a.cookie })).json()).toMatchObject({ allowed: true, zone: 'CT' });
  });

  it('refuses each failed precondition with its message and a call_events row', async () => {
    t.app.services.calls.clock = () => DAYTIME;
    const refused = async (leadId: string, res: Awaited<ReturnType<typeof dial>>, status: number, message: string, org = a.organizationId) => {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error.message).toBe(message);
      const last = (await events(org, leadId)).at(-1);
      expect(last).toMatchObject({ kind: 'dial_refused', reason: message, user_id: a.userId, call_id: null });
    };
    const dnc = await newLead(a.cookie, { dnc_status: true });
    await refused(dnc.id, await dial(a.cookie, dnc.id, dnc.to), 409, 'This lead is on the Do Not Call list');

    const foreign = await newLead(b.cookie);
    await refused(foreign.id, await dial(a.cookie, foreign.id, foreign.to), 404, 'Lead not found');
    expect(await events(b.organizationId, foreign.id)).toEqual([]);

    const lead = await newLead(a.cookie);
    await refused(lead.id, await dial(a.cookie, lead.id, '+15125550000'), 400, "The number to call is not one of this lead's phone numbers");
    await refused(lead.id, await dial(a.cookie, lead.id, '12345'), 400, 'The number to call is not a valid phone number');
    await refused(lead.id, await dial(a.cookie, lead.id, lead.to, '+15125550301'), 400, 'The caller ID +15125550301 is not an active number of your organization');
    await refused(lead.id, await dial(a.cookie, lead.id, lead.to, '+15125550109'), 400, 'The caller ID +15125550109 is not an active number of your organization');

    t.app.services.calls.clock = () => EARLY;
    const early = 'Calling hours for this lead are 8:00 AM–9:00 PM; it is 7:12 AM there (CT). Calling opens at 8:00 AM.';
    await refused(lead.id, await dial(a.cookie, lead.id, lead.to), 409, early);
    expect((await events(a.organizationId, lead.id)).at(-1)!.details).toMatchObject({ code: 'OUTSIDE_CALLING_HOURS', local_time: '7:12 AM', time_zone: 'America/Chicago' });
    const check = (await t.request('GET', `/api/calls/check?leadId=${lead.id}`, { cookie: a.cookie })).json();
    expect(check).toMatchObject({ allowed: false, reason: early, code: 'OUTSIDE_CALLING_HOURS', local_time: '7:12 AM', opens_at: '8:00 AM' });
    expect((await t.request('GET', `/api/calls/check?leadId=${dnc.id}`, { cookie: a.cookie })).json()).toMatchObject({ allowed: false, reason: 'This lead is on the Do Not Call list' });
    expect((await t.request('GET', `/api/calls/check?leadId=${foreign.id}`, { cookie: a.cookie })).statusCode).toBe(404);
    // No call was created by any refusal.
    expect((await t.database.db.selectFrom('calls').select('id').where('lead_id', 'in', [dnc.id, lead.id, foreign.id]).execute())).toEqual([]);
  });

  it('lets an admin switch the calling-hours check off, which is recorded', async () => {
    t.app.services.calls.clock = () => EARLY;
    const lead = await newLead(a.cookie);
    expect((await dial(a.cookie, lead.id, lead.to)).statusCode).toBe(409);
    const member = await t.createOrg('Calls member');
    await t.changeSessions(() => t.database.db.updateTable('user_profiles').set({ role: 'member' }).where('id', '=', member.userId).execute());
    expect((await t.request('PUT', '/api/calls/settings', { cookie: member.cookie, body: { enforceHours: false } })).statusCode).toBe(403);

    expect((await t.request('GET', '/api/calls/settings', { cookie: a.cookie })).json()).toMatchObject({ enforceHours: true, voiceProvider: 'auto', activeProvider: 'demo' });
    expect((await t.request('PUT', '/api/calls/settings', { cookie: a.cookie, body: { enforceHours: false } })).json()).toMatchObject({ enforceHours: false, voiceProvider: 'auto', activeProvider: 'demo' });
    const override = await t.database.db.selectFrom('call_events').select(['kind', 'details', 'user_id']).where('organization_id', '=', a.organizationId).where('kind', '=', 'hours_override_changed').execute();
    expect(override).toEqual([{ kind: 'hours_override_changed', details: { enforceHours: false, previous: true }, user_id: a.userId }]);
    // The organization's other settings are untouched and still readable.
    expect((await t.request('GET', '/api/organization/settings', { cookie: a.cookie })).statusCode).toBe(200);

    const res = await dial(a.cookie, lead.id, lead.to);
    expect(res.statusCode, res.body).toBe(201);
    expect((await events(a.organizationId, lead.id)).find((e) => e.kind === 'dial_allowed')!.reason).toBe('All checks passed (calling hours not enforced)');
    await t.request('POST', `/api/calls/${res.json().call_id}/hangup`, { cookie: a.cookie });
    await t.request('PUT', '/api/calls/settings', { cookie: a.cookie, body: { enforceHours: true } });
    expect((await t.request('GET', '/api/calls/settings', { cookie: a.cookie })).json()).toMatchObject({ enforceHours: true, voiceProvider: 'auto', activeProvider: 'demo' });
  });

  it('completes a call: call, lead and follow-up task written together; tasks listed and marked done; twice is refused', async () => {
    const lead = await newLead(a.cookie, { notes: 'Met at open house' });
    const { call_id } = await dialled(lead.id, lead.to);
    await waitForStatus(call_id, 'in-progress');
    const complete = (body: unknown, cookie = a.cookie) => t.request('POST', `/api/calls/${call_id}/complete`, { cookie, body });

    const missing = await complete({ durationMs: 1000 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('Status required: Please select a call outcome before continuing');
    expect((await complete({ outcome: 'bogus' })).json().error.message).toBe('Status required: Please select a call outcome before continuing');
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString();
    expect((await complete({ outcome: 'not_interested', followUpAt: future })).json().error.message).toMatch(/only be set for the outcomes interested, maybe and callback requested/);
    expect((await complete({ outcome: 'maybe', followUpAt: new Date(Date.now() - 3_600_000).toISOString() })).json().error.message).toBe('Follow-up date cannot be in the past');
    expect((await complete({ outcome: 'maybe' }, b.cookie)).statusCode).toBe(404);

    const done = await complete({ outcome: 'callback_requested', followUpAt: future, notes: '  Call back Tuesday  ', durationMs: 65_400 });
    expect(done.statusCode, done.body).toBe(200);
    const { call, lead: updated, task } = done.json();
    expect(call).toMatchObject({ id: call_id, disposition: 'callback_requested', notes: 'Call back Tuesday', status: 'completed' });
    expect(call.completed_at).not.toBeNull();
    expect(updated).toMatchObject({ last_call_disposition: 'callback_requested', last_call_duration_sec: 65, last_call_summary: 'callback_requested (1:05): Call back Tuesday' });
    expect(updated.last_call_at).not.toBeNull();
    expect(updated.last_contacted_at).not.toBeNull();
    expect(updated.notes).toMatch(/^Met at open house\n\[\d{4}-\d{2}-\d{2} \d{2}:\d{2}\] Call: callback_requested — Call back Tuesday$/);
    expect(task).toMatchObject({ lead_id: lead.id, task_type: 'follow_up', status: 'pending', proposed_time: future, reason: 'callback_requested: Call back Tuesday' });
    expect(task.suggested_message).toMatch(/^Hi Pat, following up on our call about .*Main St/);

    const twice = await complete({ outcome: 'maybe' });
    expect(twice.statusCode).toBe(409);

    const pending = (await t.request('GET', `/api/tasks?leadId=${lead.id}`, { cookie: a.cookie })).json().items;
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ id: task.id, lead_name: expect.stringMatching(/^Pat Seller/), status: 'pending', proposed_time: future });
    expect((await t.request('GET', '/api/tasks', { cookie: b.cookie })).json().items).toEqual([]);
    expect((await t.request('PATCH', `/api/tasks/${task.id}`, { cookie: b.cookie, body: { status: 'done' } })).statusCode).toBe(404);
    expect((await t.request('PATCH', `/api/tasks/${task.id}`, { cookie: a.cookie, body: { status: 'done' } })).json()).toMatchObject({ id: task.id, status: 'done' });
    expect((await t.request('GET', `/api/tasks?leadId=${lead.id}`, { cookie: a.cookie })).json().items).toEqual([]);
    expect((await t.request('GET', `/api/tasks?leadId=${lead.id}&status=all`, { cookie: a.cookie })).json().items).toHaveLength(1);

    expect((await t.request('GET', `/api/calls/${call_id}`, { cookie: b.cookie })).statusCode).toBe(404);
    expect((await t.request('POST', `/api/calls/${call_id}/hangup`, { cookie: b.cookie })).statusCode).toBe(404);
  });

  it('refuses an outcome saved against an older version of the lead: 409 LEAD_CHANGED, nothing written; sent without the check it is saved', async () => {
    const lead = (await newLead(a.cookie, { notes: 'Before' })) as Awaited<ReturnType<typeof newLead>> & { updated_at: string };
    const seen = lead.updated_at;
    const { call_id } = await dialled(lead.id, lead.to);
    await waitForStatus(call_id, 'in-progress');
    const complete = (body: Record<string, unknown>) =>
      t.request('POST', `/api/calls/${call_id}/complete`, { cookie: a.cookie, body: { outcome: 'interested', notes: 'Saved offline', durationMs: 3000, ...body } });

    const invalid = await complete({ leadUpdatedAt: 'yesterday' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toBe('leadUpdatedAt: expected the ISO date and time of the lead as it was seen');

    // Someone else edits the lead while the agent is offline.
    await new Promise((r) => setTimeout(r, 5));
    const edited = await t.request('PATCH', `/api/leads/${lead.id}`, { cookie: a.cookie, body: { notes: 'Edited meanwhile' } });
    expect(edited.statusCode, edited.body).toBe(200);
    const changedAt = edited.json().updated_at as string;
    expect(Date.parse(changedAt)).toBeGreaterThan(Date.parse(seen));

    const stale = await complete({ leadUpdatedAt: seen });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toEqual({
      code: 'LEAD_CHANGED',
      message: 'This lead was changed after you last saw it, so the call outcome was not saved. Review the lead, then send the outcome again to save it anyway.',
    });
    expect((await t.request('GET', `/api/leads/${lead.id}`, { cookie: a.cookie })).json()).toMatchObject({ notes: 'Edited meanwhile', last_call_disposition: null, updated_at: changedAt });
    expect((await t.request('GET', `/api/calls/${call_id}`, { cookie: a.cookie })).json()).toMatchObject({ completed_at: null, disposition: null });
    expect((await events(a.organizationId, lead.id)).map((e) => e.kind)).not.toContain('completed');

    // The version now on the server passes (same millisecond is not "later"); null means no check at all.
    const current = await complete({ leadUpdatedAt: changedAt });
    expect(current.statusCode, current.body).toBe(200);
    expect(current.json().lead).toMatchObject({ last_call_disposition: 'interested' });

    const other = await newLead(a.cookie);
    const second = await dialled(other.id, other.to);
    await t.request('PATCH', `/api/leads/${other.id}`, { cookie: a.cookie, body: { notes: 'Edited again' } });
    const anyway = await t.request('POST', `/api/calls/${second.call_id}/complete`, { cookie: a.cookie, body: { outcome: 'maybe', durationMs: 0, leadUpdatedAt: null } });
    expect(anyway.statusCode, anyway.body).toBe(200);
    expect(anyway.json().lead).toMatchObject({ last_call_disposition: 'maybe' });
  });

  it('lists pending tasks soonest first', async () => {
    const lead = await newLead(a.cookie);
    const times = [5, 2, 9].map((d) => new Date(Date.now() + d * 86_400_000).toISOString());
    for (const followUpAt of times) {
      const { call_id } = await dialled(lead.id, lead.to);
      const res = await t.request('POST', `/api/calls/${call_id}/complete`, { cookie: a.cookie, body: { outcome: 'interested', followUpAt, durationMs: 0 } });
      expect(res.statusCode, res.body).toBe(200);
    }
    const items = (await t.request('GET', `/api/tasks?leadId=${lead.id}`, { cookie: a.cookie })).json().items;
    expect(items.map((x: { proposed_time: string }) => x.proposed_time)).toEqual([...times].sort());
  });

  it('rolls everything back when the task insert fails', async () => {
    const lead = await newLead(a.cookie, { notes: 'Original notes' });
    const { call_id } = await dialled(lead.id, lead.to);
    await waitForStatus(call_id, 'in-progress');
    const db = t.database.db;
    await sql.raw(`CREATE FUNCTION test_fail_task() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'forced task failure'; END $$`).execute(db);
    await sql.raw('CREATE TRIGGER test_fail_task BEFORE INSERT ON ai_tasks FOR EACH ROW EXECUTE FUNCTION test_fail_task()').execute(db);
    try {
      const res = await t.request('POST', `/api/calls/${call_id}/complete`, {
        cookie: a.cookie, body: { outcome: 'maybe', followUpAt: new Date(Date.now() + 86_400_000).toISOString(), notes: 'x', dnc: true, durationMs: 5000 },
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await sql.raw('DROP TRIGGER test_fail_task ON ai_tasks').execute(db);
      await sql.raw('DROP FUNCTION test_fail_task()').execute(db);
    }
    const after = (await t.request('GET', `/api/leads/${lead.id}`, { cookie: a.cookie })).json();
    expect(after).toMatchObject({ notes: 'Original notes', last_call_at: null, last_call_disposition: null, dnc_status: lead.dnc_status ?? null });
    const call = (await t.request('GET', `/api/calls/${call_id}`, { cookie: a.cookie })).json();
    expect(call).toMatchObject({ completed_at: null, disposition: null, status: 'in-progress' });
    expect(await db.selectFrom('ai_tasks').select('id').where('lead_id', '=', lead.id).execute()).toEqual([]);
    // Once the failure is gone the same completion goes through.
    const retry = await t.request('POST', `/api/calls/${call_id}/complete`, { cookie: a.cookie, body: { outcome: 'maybe', notes: 'x', durationMs: 5000 } });
    expect(retry.statusCode, retry.body).toBe(200);
  });

  it('marks the lead Do Not Call from the post-call checkbox, and the next dial is refused', async () => {
    const lead = await newLead(a.cookie);
    const { call_id } = await dialled(lead.id, lead.to);
    const res = await t.request('POST', `/api/calls/${call_id}/complete`, { cookie: a.cookie, body: { outcome: 'not_interested', dnc: true, durationMs: 2000 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().lead.dnc_status).toBe(true);
    expect(res.json().task).toBeNull();
    const next = await dial(a.cookie, lead.id, lead.to);
    expect(next.statusCode).toBe(409);
    expect(next.json().error.message).toBe('This lead is on the Do Not Call list');
  });
});
