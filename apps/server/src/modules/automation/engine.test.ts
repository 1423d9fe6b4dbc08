import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { DAYTIME, EARLY, listedRefusal, newCallingLead } from '../../../test/calling';
import { withSystem } from '../../db/scope';
import { DB_KINDS, useTestApp, type TestApp } from '../../../test/harness';
import { memberApi } from '../../../test/member-api';
import { deliveredTo } from '../../../test/outbox';
import { poll } from '../../../test/poll';
import { CAP_MESSAGES } from './caps';
import { AUTOMATION_QUEUES } from './engine';
import { AUTOMATION_SUBSCRIBER } from './exits-subscriber';

type Org = Awaited<ReturnType<TestApp['createOrg']>>;
type Step = { step_index: number; kind: string; state: string; due_at: string | null; moved_to: string | null; ran_at: string | null; reason: string | null };
type Enrolment = { id: string; status: string; exit_reason: string | null; current_step: number; next_due_at: string | null; steps: Step[] };

const MINUTE = 60_000;
const at = (base: Date, minutes: number) => new Date(base.getTime() + minutes * MINUTE);

describe.each(DB_KINDS)('the sequences engine on the demo line on %s', (kind) => {
  const t = useTestApp(kind, { DEMO_SMS_DELIVERY_MS: '30', DEMO_SMS_REPLY_MS: '100', DEMO_RING_MS: '50' });
  const { call, ok } = memberApi(t);
  let a: Org;
  let b: Org;
  let agent: string;
  let n = 0;

  /** The automation's clock and the gate's, together (the gate judges a text's hours on the conversations' clock). */
  const setClock = (now: Date) => {
    t.app.services.automation.clock = () => now;
    t.app.services.conversations.clock = () => now;
  };
  const newLead = (org: Org) => newCallingLead(t, org.cookie, ++n, { property_address_city: 'Austin' }, '72');
  const newSequence = (org: Org, steps: unknown[], extra: Record<string, unknown> = {}) =>
    ok(org, 'POST', '/api/sequences', { name: `Engine ${++n}`, steps, stop_on_reply: false, ...extra }, 201);
  const enrol = (org: Org, sequenceId: string, leadIds: string[]) => ok(org, 'POST', `/api/sequences/${sequenceId}/enrollments`, { lead_ids: leadIds });
  const enrolment = async (org: Org, leadId: string): Promise<Enrolment> => (await ok(org, 'GET', `/api/leads/${leadId}/automation`)).items[0];
  const outbound = async (org: Org, leadId: string) =>
    ((await ok(org, 'GET', `/api/conversations?lead_id=${leadId}`)).items as { direction: string; body: string }[]).filter((m) => m.direction === 'outbound');
  const timeline = async (org: Org, leadId: string) => ((await ok(org, 'GET', `/api/leads/${leadId}/activity`)).items as { summary: string }[]).map((e) => e.summary);
  /** Waits until step `index` of the lead's enrolment is in `state`. */
  const stepIn = (org: Org, leadId: string, index: number, state: string) =>
    poll(`step ${index} ${state}`, async () => {
      const e = await enrolment(org, leadId);
      return e?.steps[index]?.state === state ? e : null;
    });

  /** Waits until step `index` has its outcome (a step reads 'running' from its claim): the enrolment moved past it or ended. */
  const settled = (org: Org, leadId: string, index: number) =>
    poll(`step ${index} settled`, async () => {
      const e = await enrolment(org, leadId);
      return e.current_step > index || e.status !== 'active' ? e : null;
    });
  /** Waits until no job of the step is queued or running (the one queued at enrolment has had its turn). */
  const jobsSettled = (enrollmentId: string, stepIndex: number) =>
    poll('the step job to settle', async () => {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from pgboss.job where name = ${AUTOMATION_QUEUES.step} and singleton_key = ${`${enrollmentId}:${stepIndex}`}
          and state in ('created', 'retry', 'active')`.execute(t.database.db);
      return rows[0]!.n === 0 || null;
    });

  beforeAll(async () => {
    a = await t.createOrg('Engine A');
    b = await t.createOrg('Engine B');
    for (const [org, phone] of [[a, '+15125550711'], [b, '+15125550712']] as const) {
      await ok(org, 'POST', '/api/phone-numbers', { phone_number: phone, is_primary: true }, 201);
    }
    agent = (await t.database.db.selectFrom('users').select('name').where('id', '=', a.userId).executeTakeFirstOrThrow()).name;
  });

  it('runs a text, then an hour later a call task, on the moved clock, and completes the enrolment', async () => {
    setClock(DAYTIME);
    const seq = await newSequence(a, [
      { kind: 'text', delay_minutes: 0, body: 'Hi {first_name}, would you sell {street} in {city}? {agent_name}' },
      { kind: 'call_task', delay_minutes: 60, body: 'Call about the offer' },
    ], { name: 'Two steps' });
    const lead = await newLead(a);
    await enrol(a, seq.id, [lead.id]);
    const first = await settled(a, lead.id, 0);
    expect(first.steps[0]!.state).toBe('done');
    expect(first.steps[0]!.ran_at).toBe(DAYTIME.toISOString());
    expect((await outbound(a, lead.id)).map((m) => m.body)).toEqual([`Hi Pat, would you sell ${n} Main St in Austin? ${agent}`]);
    expect(first.steps[1]).toMatchObject({ kind: 'call_task', state: 'due', due_at: at(DAYTIME, 60).toISOString(), moved_to: null });
    expect(first).toMatchObject({ status: 'active', current_step: 1, next_due_at: at(DAYTIME, 60).toISOString() });

    // Its job ran at once (its time is in the real past) and found it not yet due on the automation's clock.
    await jobsSettled(first.id, 1);
    expect((await enrolment(a, lead.id)).steps[1]!.state).toBe('due');
    setClock(at(DAYTIME, 61));
    await t.app.services.automation.sweep();
    const done = await settled(a, lead.id, 1);
    expect(done.steps[1]!.state).toBe('done');
    expect(done).toMatchObject({ status: 'completed', current_step: 2, next_due_at: null });
    const tasks = await t.database.db.selectFrom('ai_tasks').select(['reason', 'created_by', 'status']).where('lead_id', '=', lead.id).execute();
    expect(tasks).toEqual([{ reason: 'Call about the offer', created_by: a.userId, status: 'pending' }]);
    const entries = await timeline(a, lead.id);
    for (const line of ['In the sequence “Two steps”, step 1: text sent', 'In the sequence “Two steps”, step 2: call task created', 'Finished the sequence “Two steps”']) {
      expect(entries).toContain(line);
    }
    const items = (await ok(a, 'GET', `/api/leads/${lead.id}/activity`)).items as { summary: string; actor: { name: string } }[];
    expect(items.find((e) => e.summary === 'Finished the sequence “Two steps”')!.actor.name).toBe('Sequences');
  });

  it('moves a text due before the window to its opening, never sends it early, and moves again on the gate’s refusal', async () => {
    setClock(EARLY);
    const seq = await newSequence(a, [{ kind: 'text', delay_minutes: 0, body: 'Good morning {first_name}' }]);
    const lead = await newLead(a);
    await enrol(a, seq.id, [lead.id]);
    const opens = '2026-01-15T15:00:00.000Z';
    const moved = await enrolment(a, lead.id);
    expect(moved.steps[0]).toMatchObject({ state: 'moved', due_at: EARLY.toISOString(), moved_to: opens });
    expect(moved.steps[0]!.reason).toMatch(/^Texas allows telephone solicitation 9:00 AM–9:00 PM Monday–Saturday/);
    await jobsSettled(moved.id, 0);
    expect(await outbound(a, lead.id)).toEqual([]);

    // At the opening on the automation's clock, while the gate's clock still reads 7:12: the gate refuses, the step moves a minute on.
    t.app.services.automation.clock = () => new Date(opens);
    await t.app.services.automation.sweep();
    const again = await poll('the refusal', async () => {
      const e = await enrolment(a, lead.id);
      return e.steps[0]!.moved_to !== opens ? e : null;
    });
    expect(again.steps[0]).toMatchObject({ state: 'moved', moved_to: '2026-01-15T15:01:00.000Z' });
    expect(again.steps[0]!.reason).toMatch(/^Texas allows telephone solicitation/);
    expect(await outbound(a, lead.id)).toEqual([]);

    setClock(new Date('2026-01-15T15:01:00Z'));
    await t.app.services.automation.sweep();
    expect((await settled(a, lead.id, 0)).steps[0]!.state).toBe('done');
    expect((await outbound(a, lead.id)).map((m) => m.body)).toEqual(['Good morning Pat']);
  });

  it('skips a text to a number on the Do-Not-Contact list with the gate’s reason', async () => {
    setClock(DAYTIME);
    const seq = await newSequence(a, [{ kind: 'text', delay_minutes: 30, body: 'Hello {first_name}' }]);
    const lead = await newLead(a);
    await enrol(a, seq.id, [lead.id]);
    // Listed behind the events' back (a listing the exits never heard of): the gate is the last wall.
    await withSystem(t.database.db, (tx) => sql`
      insert into dnc_numbers (organization_id, phone_e164, source, reason) values (${a.organizationId}, ${lead.to}, 'manual', 'Asked by phone')`.execute(tx));
    setClock(at(DAYTIME, 31));
    await t.app.services.automation.sweep();
    const skipped = await stepIn(a, lead.id, 0, 'skipped');
    expect(skipped.steps[0]!.reason).toBe(await listedRefusal(t, a.cookie, lead.to));
    expect(skipped.status).toBe('completed');
    expect(await outbound(a, lead.id)).toEqual([]);
    expect((await timeline(a, lead.id)).some((e) => e.startsWith(`In the sequence “${seq.name}”, step 1 (text) skipped: `))).toBe(true);
  });

  it('exits the lead with replied when the demo seller answers, before the next step', async () => {
    setClock(DAYTIME);
    const seq = await newSequence(a, [
      { kind: 'text', delay_minutes: 0, body: 'Hi {first_name}, still own {street}?' },
      { kind: 'text', delay_minutes: 60, body: 'Following up, {first_name}' },
    ], { stop_on_reply: true });
    const lead = await newLead(a);
    await enrol(a, seq.id, [lead.id]);
    const exited = await poll('the reply to end the enrolment', async () => {
      const e = await enrolment(a, lead.id);
      return e.status === 'exited' ? e : null;
    });
    expect(exited).toMatchObject({ exit_reason: 'replied', next_due_at: null });
    expect(exited.steps.map((s) => [s.state, s.reason])).toEqual([['done', null], ['skipped', 'The lead replied, so the sequence stopped.']]);
    setClock(at(DAYTIME, 61));
    await t.app.services.automation.sweep();
    await new Promise((r) => setTimeout(r, 300));
    expect((await outbound(a, lead.id)).length).toBe(1);
    expect(await timeline(a, lead.id)).toContain(`Left the sequence “${seq.name}”: The lead replied, so the sequence stopped.`);
  });

  it('exits on a status the sequence names, on the lead marked Do Not Call and on its number listed by hand, skipping the pending steps', async () => {
    setClock(DAYTIME);
    const seq = await newSequence(a, [{ kind: 'text', delay_minutes: 60, body: 'Later, {first_name}' }], { exit_statuses: ['under-contract'] });
    const [contracted, marked, listed] = [await newLead(a), await newLead(a), await newLead(a)];
    await enrol(a, seq.id, [contracted.id, marked.id, listed.id]);
    await ok(a, 'PATCH', `/api/leads/${contracted.id}`, { status: 'under-contract' });
    await ok(a, 'PATCH', `/api/leads/${marked.id}`, { dnc_status: true });
    await ok(a, 'POST', '/api/dnc', { phone: listed.to, reason: 'Asked by phone' }, 201);
    const dncSentence = 'The lead’s number is on the Do-Not-Contact list, so the sequence stopped.';
    for (const [lead, reason, sentence] of [
      [contracted, 'status_changed', 'The lead’s status changed to one this sequence stops at.'],
      [marked, 'dnc', dncSentence],
      [listed, 'dnc', dncSentence],
    ] as const) {
      const left = await poll(`the ${reason} exit`, async () => {
        const e = await enrolment(a, lead.id);
        return e.status === 'exited' ? e : null;
      });
      expect(left.exit_reason).toBe(reason);
      expect(left.steps.map((s) => [s.state, s.reason])).toEqual([['skipped', sentence]]);
    }
  });

  it('tags, sets the status and emails through their modules, skips an email without an address, and exits when a deal opens', async () => {
    setClock(DAYTIME);
    const seq = await newSequence(a, [
      { kind: 'add_tag', delay_minutes: 0, tag: 'Drip' },
      { kind: 'set_status', delay_minutes: 0, status: 'discovery' },
      { kind: 'email', delay_minutes: 0, subject: 'About {street}', body: 'Hello {first_name}, from {agent_name}' },
      { kind: 'text', delay_minutes: 120, body: 'Later' },
    ]);
    const lead = await newLead(a);
    const street = `${n} Main St`;
    const mailTo = `seller-${n}@example.com`;
    await ok(a, 'PATCH', `/api/leads/${lead.id}`, { contact_1_email: mailTo });
    const noMail = await newLead(a);
    await enrol(a, seq.id, [lead.id, noMail.id]);
    const ran = await settled(a, lead.id, 2);
    expect(ran.steps.map((s) => s.state)).toEqual(['done', 'done', 'done', 'due']);
    const record = await ok(a, 'GET', `/api/leads/${lead.id}`);
    expect(record).toMatchObject({ status: 'discovery', badges: ['drip'] });
    const mail = await t.database.db.selectFrom('mail_outbox').select(['subject', 'text_body']).where('to_address', '=', mailTo).execute();
    expect(mail).toEqual([{ subject: `About ${street}`, text_body: `Hello Pat, from ${agent}` }]);
    const skipped = await settled(a, noMail.id, 2);
    expect(skipped.steps[2]).toMatchObject({ state: 'skipped', reason: 'The lead has no email address' });

    await ok(a, 'POST', '/api/deals', { lead_id: lead.id }, 201);
    const left = await poll('the deal exit', async () => {
      const e = await enrolment(a, lead.id);
      return e.status === 'exited' ? e : null;
    });
    expect(left.exit_reason).toBe('deal_opened');
    expect(left.steps[3]).toMatchObject({ state: 'skipped', reason: 'A deal was opened for the lead, so the sequence stopped.' });
  });

  it('exits with replied when a call to the lead connects, and keeps a lead nobody answered', async () => {
    setClock(DAYTIME);
    t.app.services.calls.clock = () => DAYTIME;
    const seq = await newSequence(a, [{ kind: 'text', delay_minutes: 60, body: 'Later' }], { stop_on_reply: true });
    const [answered, missed] = [await newLead(a), await newLead(a)];
    await enrol(a, seq.id, [answered.id, missed.id]);
    for (const [lead, outcome] of [[missed, 'no_answer'], [answered, 'interested']] as const) {
      const { call_id } = await ok(a, 'POST', '/api/calls', { lead_id: lead.id, from_e164: '+15125550711', to_e164: lead.to, connection_sid: 'conn-1' }, 201);
      await poll('the call to connect', async () => (await ok(a, 'GET', `/api/calls/${call_id}`)).status === 'in-progress' || null);
      await ok(a, 'POST', `/api/calls/${call_id}/complete`, { outcome });
    }
    const left = await poll('the call exit', async () => {
      const e = await enrolment(a, answered.id);
      return e.status === 'exited' ? e : null;
    });
    expect(left.exit_reason).toBe('replied');
    await deliveredTo(t.database.db, AUTOMATION_SUBSCRIBER, 'call.completed', { leadId: missed.id });
    expect((await enrolment(a, missed.id)).status).toBe('active');
  });

  it('sends once when the same step job is delivered twice, and another organization cannot run it', async () => {
    setClock(DAYTIME);
    const seq = await newSequence(a, [{ kind: 'text', delay_minutes: 10, body: 'Once only, {first_name}' }]);
    const lead = await newLead(a);
    await enrol(a, seq.id, [lead.id]);
    const { id } = await enrolment(a, lead.id);
    await jobsSettled(id, 0);
    const engine = t.app.services.automation;
    expect(await engine.runStep({ organizationId: b.organizationId, enrollmentId: id, stepIndex: 0 })).toEqual({ result: 'not_found' });
    setClock(at(DAYTIME, 11));
    const job = { organizationId: a.organizationId, enrollmentId: id, stepIndex: 0 };
    const results = await Promise.all([engine.runStep(job), engine.runStep(job)]);
    // One of them sends (or the minute's sweep got there first); never two.
    expect(results.filter((r) => r.result === 'done').length).toBeLessThanOrEqual(1);
    expect(results.filter((r) => r.result !== 'done').every((r) => r.result === 'already')).toBe(true);
    expect(await engine.runStep(job)).toEqual({ result: 'already' });
    expect((await settled(a, lead.id, 0)).steps[0]!.state).toBe('done');
    expect((await outbound(a, lead.id)).map((m) => m.body)).toEqual(['Once only, Pat']);
    expect((await call(b, 'GET', `/api/leads/${lead.id}/automation`)).status).toBe(404);
  });

  it('moves a text over the sequence’s daily cap to the next day’s window', async () => {
    setClock(DAYTIME);
    const seq = await newSequence(a, [{ kind: 'text', delay_minutes: 0, body: 'Capped {first_name}' }], { daily_cap: 1 });
    const leads = [await newLead(a), await newLead(a)];
    await enrol(a, seq.id, leads.map((l) => l.id));
    const states = await poll('both steps to run', async () => {
      const all = await Promise.all(leads.map((l) => enrolment(a, l.id)));
      return all.every((e) => !['due', 'running'].includes(e.steps[0]!.state)) ? all.map((e) => e.steps[0]!) : null;
    });
    expect(states.map((s) => s.state).sort()).toEqual(['done', 'moved']);
    const moved = states.find((s) => s.state === 'moved')!;
    expect(moved).toMatchObject({ moved_to: '2026-07-16T14:00:00.000Z', reason: CAP_MESSAGES.sequence(1) });
  });

  it('holds a fourth text to the same number within 24 hours until the oldest of the three is a day old', async () => {
    // B sends at any hour (the check switched off by its owner), so the engine runs on the real clock, as pg-boss does.
    await ok(b, 'PUT', '/api/calls/settings', { enforceHours: false });
    const now = new Date();
    t.app.services.automation.clock = () => new Date();
    t.app.services.conversations.clock = () => new Date();
    const seq = await newSequence(b, [1, 2, 3, 4].map((i) => ({ kind: 'text', delay_minutes: 0, body: `Text ${i} for {first_name}` })));
    const lead = await newLead(b);
    await enrol(b, seq.id, [lead.id]);
    const held = await stepIn(b, lead.id, 3, 'moved');
    expect(held.steps.map((s) => s.state)).toEqual(['done', 'done', 'done', 'moved']);
    expect(held.steps[3]!.reason).toBe(CAP_MESSAGES.perNumber);
    const sent = await outbound(b, lead.id);
    expect(sent.map((m) => m.body).sort()).toEqual(['Text 1 for Pat', 'Text 2 for Pat', 'Text 3 for Pat']);
    expect(new Date(held.steps[3]!.moved_to!).getTime()).toBeGreaterThanOrEqual(now.getTime() + 86_400_000 - 60_000);
  });
});
