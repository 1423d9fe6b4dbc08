import { formatDateTime } from '@wholesail/domain';
import { sql } from 'kysely';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DAYTIME, listedRefusal, newCallingLead } from '../../../test/calling';
import { DB_KINDS, useTestApp, type TestApp } from '../../../test/harness';
import { withTenant } from '../../db/scope';
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
    t.app.services.conversations.clock = () => new Date();
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
    // Marked Do Not Call: its number is listed, and the refusal says which and why.
    const dnc = await newLead(a.cookie, { dnc_status: true });
    const listed = await listedRefusal(t, a.cookie, dnc.to);
    await refused(dnc.id, await dial(a.cookie, dnc.id, dnc.to), 409, listed);
    expect((await events(a.organizationId, dnc.id)).at(-1)!.details).toMatchObject({ code: 'DNC_LISTED', phone_e164: dnc.to, source: 'lead_edit' });
    // Flagged without a callable number: the lead's own flag refuses.
    const flagged = await newLead(a.cookie, { dnc_status: true, contact_1_phone1: null });
    expect((await t.request('GET', `/api/calls/check?leadId=${flagged.id}`, { cookie: a.cookie })).json()).toMatchObject({ allowed: false, code: 'DNC_LISTED', reason: 'This lead is on the Do Not Call list' });

    const foreign = await newLead(b.cookie);
    await refused(foreign.id, await dial(a.cookie, foreign.id, foreign.to), 404, 'Lead not found');
    expect(await events(b.organizationId, foreign.id)).toEqual([]);

    const lead = await newLead(a.cookie);
    await refused(lead.id, await dial(a.cookie, lead.id, '+15125550000'), 400, "The number to call is not one of this lead's phone numbers");
    await refused(lead.id, await dial(a.cookie, lead.id, '12345'), 400, 'The number to call is not a valid phone number');
    await refused(lead.id, await dial(a.cookie, lead.id, lead.to, '+15125550301'), 400, 'The caller ID +15125550301 is not an active number of your organization');
    await refused(lead.id, await dial(a.cookie, lead.id, lead.to, '+15125550109'), 400, 'The caller ID +15125550109 is not an active number of your organization');

    t.app.services.calls.clock = () => EARLY;
    const early = 'Texas allows telephone solicitation 9:00 AM–9:00 PM Monday–Saturday (Tex. Bus. & Com. Code § 301.051); it is 7:12 AM there (CT). Calling opens at 9:00 AM today.';
    await refused(lead.id, await dial(a.cookie, lead.id, lead.to), 409, early);
    expect((await events(a.organizationId, lead.id)).at(-1)!.details).toMatchObject({ code: 'OUTSIDE_CALLING_HOURS', local_time: '7:12 AM', time_zone: 'America/Chicago' });
    const check = (await t.request('GET', `/api/calls/check?leadId=${lead.id}`, { cookie: a.cookie })).json();
    expect(check).toMatchObject({ allowed: false, reason: early, code: 'OUTSIDE_CALLING_HOURS', local_time: '7:12 AM', opens_at: '9:00 AM', next_allowed_at: '2026-01-15T15:00:00.000Z' });
    expect((await t.request('GET', `/api/calls/check?leadId=${dnc.id}`, { cookie: a.cookie })).json()).toMatchObject({ allowed: false, reason: listed });
    expect((await t.request('GET', `/api/calls/check?leadId=${foreign.id}`, { cookie: a.cookie })).statusCode).toBe(404);
    // No call was created by any refusal.
    expect((await t.database.db.selectFrom('calls').select('id').where('lead_id', 'in', [dnc.id, lead.id, foreign.id]).execute())).toEqual([]);
  });

  it('refuses the 4th call to a number in 24 hours, whichever lead shares it, and allows the first after 24 hours', async () => {
    const T0 = new Date('2026-07-14T15:00:00Z'); // Tuesday 10:00 AM in Texas (CDT)
    const hours = (h: number) => new Date(T0.getTime() + h * 3_600_000);
    const first = await newLead(a.cookie);
    const second = await newLead(a.cookie, { phone: first.to }); // the same number in another field
    const dialAt = async (when: Date, leadId: string, to: string) => {
      t.app.services.calls.clock = () => when;
      const res = await dial(a.cookie, leadId, to);
      if (res.statusCode === 201) await t.request('POST', `/api/calls/${res.json().call_id}/hangup`, { cookie: a.cookie });
      return res;
    };
    for (const [h, lead] of [[0, first], [1, second], [2, first]] as const) expect((await dialAt(hours(h), lead.id, first.to)).statusCode).toBe(201);

    const limit = 'This number was called 3 times in the last 24 hours; the next call is allowed after 10:00 AM CT tomorrow.';
    const fourth = await dialAt(hours(3), second.id, first.to);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().error).toEqual({ code: 'CALL_LIMIT_REACHED', message: limit });
    expect((await events(a.organizationId, second.id)).at(-1)).toMatchObject({
      kind: 'dial_refused', reason: limit, details: { code: 'CALL_LIMIT_REACHED', limited_number: first.to, calls_in_24h: 3, limit: 3, next_allowed_at: hours(24).toISOString() },
    });
    const check = (leadId: string, to?: string) =>
      t.request('GET', `/api/calls/check?leadId=${leadId}${to ? `&to=${encodeURIComponent(to)}` : ''}`, { cookie: a.cookie }).then((r) => r.json());
    expect(await check(second.id, first.to)).toMatchObject({ allowed: false, code: 'CALL_LIMIT_REACHED', reason: limit, next_allowed_at: hours(24).toISOString() });
    expect(await check(first.id)).toMatchObject({ allowed: false, code: 'CALL_LIMIT_REACHED', reason: limit });
    // The second lead has another number of its own, so it can still be called.
    expect(await check(second.id)).toMatchObject({ allowed: true });
    expect(await check(second.id, second.to)).toMatchObject({ allowed: true });
    // Texts are not dials: the limited number can still be texted.
    t.app.services.conversations.clock = () => hours(3);
    expect((await t.request('POST', '/api/conversations', { cookie: a.cookie, body: { lead_id: first.id, body: 'Following up on your property' } })).statusCode).toBe(201);
    // Another organization's calls to the same number do not count.
    t.app.services.calls.clock = () => hours(3);
    expect((await t.request('GET', `/api/calls/check?leadId=${(await newLead(b.cookie, { contact_1_phone1: first.to })).id}`, { cookie: b.cookie })).json()).toMatchObject({ allowed: true });

    // 24 hours after the first call it has left the window: one more call, and the next waits for the second (today).
    expect((await dialAt(hours(24), first.id, first.to)).statusCode).toBe(201);
    const again = await dialAt(hours(24.5), first.id, first.to);
    expect(again.json().error.message).toBe('This number was called 3 times in the last 24 hours; the next call is allowed after 11:00 AM CT.');
    const calls = await t.database.db.selectFrom('calls').select('started_at').where('organization_id', '=', a.organizationId).where('to_e164', '=', first.to).execute();
    expect(calls).toHaveLength(4);
  });

  it('lets an admin set the per-number limit from 1 to 10', async () => {
    const settings = (body: unknown, cookie = a.cookie) => t.request('PUT', '/api/calls/settings', { cookie, body });
    expect((await t.request('GET', '/api/calls/settings', { cookie: a.cookie })).json()).toMatchObject({ callsPerNumberPer24h: 3 });
    for (const bad of [0, 11, 2.5, '4']) {
      const res = await settings({ callsPerNumberPer24h: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('callsPerNumberPer24h: must be a whole number from 1 to 10');
    }
    const member = await t.createOrg('Calls limit member');
    await t.changeSessions(() => t.database.db.updateTable('user_profiles').set({ role: 'member' }).where('id', '=', member.userId).execute());
    expect((await settings({ callsPerNumberPer24h: 5 }, member.cookie)).statusCode).toBe(403);

    const lead = await newLead(a.cookie);
    expect((await settings({ callsPerNumberPer24h: 1 })).json()).toMatchObject({ callsPerNumberPer24h: 1, enforceHours: true });
    const { call_id } = await dialled(lead.id, lead.to);
    await t.request('POST', `/api/calls/${call_id}/hangup`, { cookie: a.cookie });
    expect((await dial(a.cookie, lead.id, lead.to)).json().error.message).toMatch(/^This number was called once in the last 24 hours; the next call is allowed after /);
    const logged = await t.database.db.selectFrom('activity_logs').select(['action', 'details']).where('organization_id', '=', a.organizationId).where('action', '=', 'settings.call_limit').execute();
    expect(logged).toEqual([{ action: 'settings.call_limit', details: { callsPerNumberPer24h: 1, previous: 3 } }]);
    expect((await settings({ callsPerNumberPer24h: 3 })).json()).toMatchObject({ callsPerNumberPer24h: 3 });
  });

  it("moves the lead's status with the logged outcome through the organization's mapping, which an admin edits", async () => {
    const settings = (body: unknown, cookie = a.cookie) => t.request('PUT', '/api/calls/settings', { cookie, body });
    const completed = async (outcome: string, extra: Record<string, unknown> = {}) => {
      const lead = await newLead(a.cookie, extra);
      const { call_id } = await dialled(lead.id, lead.to);
      const res = await t.request('POST', `/api/calls/${call_id}/complete`, { cookie: a.cookie, body: { outcome } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().lead as { status: string; score_base: number };
    };
    expect((await t.request('GET', '/api/calls/settings', { cookie: a.cookie })).json().outcomeStatus).toMatchObject({ interested: 'interested-add-followup', no_answer: 'no_change' });
    expect((await completed('interested')).status).toBe('interested-add-followup');
    expect((await completed('no_answer', { status: 'discovery' })).status).toBe('discovery');

    const bad = await settings({ outcomeStatus: { interested: 'deleted' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/^outcomeStatus\.interested: expected no_change or a lead status/);
    const member = await t.createOrg('Outcome mapping member');
    await t.changeSessions(() => t.database.db.updateTable('user_profiles').set({ role: 'member' }).where('id', '=', member.userId).execute());
    expect((await settings({ outcomeStatus: { interested: 'no_change' } }, member.cookie)).statusCode).toBe(403);

    // Only the outcomes sent change; the others keep theirs.
    const saved = await settings({ outcomeStatus: { interested: 'no_change', no_answer: 'add-to-followup' } });
    expect(saved.json().outcomeStatus).toMatchObject({ interested: 'no_change', no_answer: 'add-to-followup', maybe: 'add-to-followup' });
    expect((await completed('interested', { status: 'discovery' })).status).toBe('discovery');
    expect((await completed('no_answer')).status).toBe('add-to-followup');
    await settings({ outcomeStatus: { interested: 'interested-add-followup', no_answer: 'no_change' } });
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

    expect((await complete({ outcome: 'maybe', timeZone: 'Mars/Olympus' })).json().error.message).toBe('timeZone: expected an IANA time zone such as America/Chicago');
    const done = await complete({ outcome: 'callback_requested', followUpAt: future, notes: '  Call back Tuesday  ', durationMs: 65_400, timeZone: 'America/Chicago' });
    expect(done.statusCode, done.body).toBe(200);
    const { call, lead: updated, task } = done.json();
    expect(call).toMatchObject({ id: call_id, disposition: 'callback_requested', notes: 'Call back Tuesday', status: 'completed' });
    expect(call.completed_at).not.toBeNull();
    expect(updated).toMatchObject({ last_call_disposition: 'callback_requested', last_call_duration_sec: 65, last_call_summary: 'callback_requested (1:05): Call back Tuesday' });
    expect(updated.last_call_at).not.toBeNull();
    expect(updated.last_contacted_at).not.toBeNull();
    // Stamped in the member's zone, in the one format the screens use ('Nov 23, 2026, 5:12 PM CST').
    const stamp = formatDateTime(call.completed_at, { timeZone: 'America/Chicago', withZone: true });
    expect(updated.notes).toBe(`Met at open house\n[${stamp}] Call: callback_requested — Call back Tuesday`);
    expect(stamp).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M C[SD]T$/);
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

  it('records the call on its lead when it ends, before any outcome (Skip for Now), without a new version of the lead', async () => {
    const lead = (await newLead(a.cookie)) as Awaited<ReturnType<typeof newLead>> & { version: number };
    const { call_id } = await dialled(lead.id, lead.to);
    await waitForStatus(call_id, 'in-progress');
    const hung = (await t.request('POST', `/api/calls/${call_id}/hangup`, { cookie: a.cookie })).json();
    const after = (await t.request('GET', `/api/leads/${lead.id}`, { cookie: a.cookie })).json();
    expect(after).toMatchObject({ last_call_at: hung.started_at, last_call_duration_sec: hung.duration_sec, last_call_disposition: null, version: lead.version });
    // The outcome logged later, against the version the agent saw before the call ended, is saved.
    const done = await t.request('POST', `/api/calls/${call_id}/complete`, { cookie: a.cookie, body: { outcome: 'no_answer', leadVersion: lead.version } });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().lead).toMatchObject({ last_call_disposition: 'no_answer', last_call_at: hung.started_at });
  });

  it('refuses an outcome saved against an older version of the lead: 409 LEAD_CHANGED, nothing written; sent without the check it is saved', async () => {
    const lead = (await newLead(a.cookie, { notes: 'Before' })) as Awaited<ReturnType<typeof newLead>> & { version: number };
    const seen = lead.version;
    expect(seen).toBe(1);
    const { call_id } = await dialled(lead.id, lead.to);
    await waitForStatus(call_id, 'in-progress');
    const complete = (body: Record<string, unknown>) =>
      t.request('POST', `/api/calls/${call_id}/complete`, { cookie: a.cookie, body: { outcome: 'interested', notes: 'Saved offline', durationMs: 3000, ...body } });

    for (const leadVersion of ['2025-03-05T00:00:00.000Z', 1.5, 0]) {
      const invalid = await complete({ leadVersion });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().error.message).toBe('leadVersion: expected the version of the lead as it was seen (a whole number)');
    }

    // Someone else edits the lead while the agent is offline.
    const edited = await t.request('PATCH', `/api/leads/${lead.id}`, { cookie: a.cookie, body: { notes: 'Edited meanwhile' } });
    expect(edited.statusCode, edited.body).toBe(200);
    const changed = edited.json() as { version: number; updated_at: string };
    expect(changed.version).toBe(seen + 1);

    const stale = await complete({ leadVersion: seen });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toEqual({
      code: 'LEAD_CHANGED',
      message: 'This lead was changed after you last saw it, so the call outcome was not saved. Review the lead, then send the outcome again to save it anyway.',
    });
    expect((await t.request('GET', `/api/leads/${lead.id}`, { cookie: a.cookie })).json()).toMatchObject({ notes: 'Edited meanwhile', last_call_disposition: null, version: changed.version });
    expect((await t.request('GET', `/api/calls/${call_id}`, { cookie: a.cookie })).json()).toMatchObject({ completed_at: null, disposition: null });
    expect((await events(a.organizationId, lead.id)).map((e) => e.kind)).not.toContain('completed');

    // Two edits in the same millisecond are two versions; a score written by a job is not a change to the lead.
    await withTenant(t.database.db, a.organizationId, async (tx) => {
      await tx.updateTable('leads').set({ notes: 'Edited twice', updated_at: new Date(changed.updated_at) }).where('id', '=', lead.id).execute();
      await tx.updateTable('leads').set({ ai_score: 7, ai_scored_at: new Date() }).where('id', '=', lead.id).execute();
    });
    expect((await complete({ leadVersion: changed.version })).statusCode).toBe(409);

    // The version now on the server passes; null means no check at all.
    const current = await complete({ leadVersion: changed.version + 1 });
    expect(current.statusCode, current.body).toBe(200);
    expect(current.json().lead).toMatchObject({ last_call_disposition: 'interested', version: changed.version + 2 });

    const other = await newLead(a.cookie);
    const second = await dialled(other.id, other.to);
    await t.request('PATCH', `/api/leads/${other.id}`, { cookie: a.cookie, body: { notes: 'Edited again' } });
    const anyway = await t.request('POST', `/api/calls/${second.call_id}/complete`, { cookie: a.cookie, body: { outcome: 'maybe', durationMs: 0, leadVersion: null } });
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
    expect(next.json().error.message).toBe(await listedRefusal(t, a.cookie, lead.to));
    expect(next.json().error.message).toMatch(/ is on the Do Not Call list \(marked after a call, /);
  });
});
