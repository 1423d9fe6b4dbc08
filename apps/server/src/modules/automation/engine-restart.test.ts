import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCallingLead } from '../../../test/calling';
import { createTestDatabase, DB_KINDS, startTestApp, type TestApp, type TestDatabase } from '../../../test/harness';
import { memberApi } from '../../../test/member-api';
import { AUTOMATION_QUEUES, ENGINE_MESSAGES, INTERRUPTED_AFTER_MS } from './engine';
import type { StepJob } from './runs';

/** Wednesday 14 July 2027, 1:00 PM in Texas: in the window, and ahead of the real clock, so the queued job waits for it. */
const LATER = new Date('2027-07-14T18:00:00Z');

describe.each(DB_KINDS)('the sequences engine across a restart on %s', (kind) => {
  let tdb: TestDatabase;
  beforeAll(async () => {
    tdb = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await tdb.drop();
  });

  const setClock = (t: TestApp, now: Date) => {
    t.app.services.automation.clock = () => now;
    t.app.services.conversations.clock = () => now;
  };

  it('keeps a step’s job through a restart, runs it once when due, and a second delivery sends nothing', async () => {
    const first = await startTestApp(tdb.database);
    const { ok } = memberApi(first);
    const owner = await first.createOrg('Restart Drip');
    await ok(owner, 'POST', '/api/phone-numbers', { phone_number: '+15125550713', is_primary: true }, 201);
    setClock(first, LATER);
    const lead = await newCallingLead(first, owner.cookie, 1, {}, '73');
    const seq = await ok(owner, 'POST', '/api/sequences', { name: 'Restart', steps: [{ kind: 'text', delay_minutes: 30, body: 'Hi {first_name}' }], stop_on_reply: false }, 201);
    await ok(owner, 'POST', `/api/sequences/${seq.id}/enrollments`, { lead_ids: [lead.id] });
    const { id } = (await ok(owner, 'GET', `/api/leads/${lead.id}/automation`)).items[0];
    await first.app.close();

    // The job was stored with the run, for the run's time, and is still there after the server stopped.
    const stored = await sql<{ state: string; start_after: Date; data: StepJob }>`
      select state, start_after, data from pgboss.job where name = ${AUTOMATION_QUEUES.step} and singleton_key = ${`${id}:0`}`.execute(tdb.database.db);
    expect(stored.rows.map((r) => [r.state, new Date(r.start_after).toISOString()])).toEqual([['created', '2027-07-14T18:30:00.000Z']]);
    const job = stored.rows[0]!.data;

    const second = await startTestApp(tdb.database);
    try {
      const api = memberApi(second);
      setClock(second, new Date('2027-07-14T18:30:00Z'));
      // pg-boss hands the job over when due; here it is delivered at once, then again (a retry, or a second instance).
      expect(await second.app.services.automation.runStep(job)).toEqual({ result: 'done' });
      expect(await second.app.services.automation.runStep(job)).toEqual({ result: 'already' });
      const texts = (await api.ok(owner, 'GET', `/api/conversations?lead_id=${lead.id}`)).items as { direction: string; body: string }[];
      expect(texts.filter((m) => m.direction === 'outbound').map((m) => m.body)).toEqual(['Hi Pat']);
      expect((await api.ok(owner, 'GET', `/api/leads/${lead.id}/automation`)).items[0]).toMatchObject({ status: 'completed' });
    } finally {
      await second.app.close();
    }
  });

  it('settles a step cut off mid-run as skipped, never sends it, and goes on with the next step', async () => {
    const t = await startTestApp(tdb.database);
    try {
      const { ok } = memberApi(t);
      const owner = await t.createOrg('Crash Drip');
      await ok(owner, 'POST', '/api/phone-numbers', { phone_number: '+15125550714', is_primary: true }, 201);
      setClock(t, LATER);
      const lead = await newCallingLead(t, owner.cookie, 1, {}, '74');
      const steps = [{ kind: 'text', delay_minutes: 0, body: 'First' }, { kind: 'text', delay_minutes: 60, body: 'Second' }];
      const seq = await ok(owner, 'POST', '/api/sequences', { name: 'Crash', steps, stop_on_reply: false }, 201);
      await ok(owner, 'POST', `/api/sequences/${seq.id}/enrollments`, { lead_ids: [lead.id] });
      const { id } = (await ok(owner, 'GET', `/api/leads/${lead.id}/automation`)).items[0];
      // A worker claimed step 0 at LATER and its process died before the outcome was written.
      await sql`update sequence_step_runs set state = 'running', ran_at = ${LATER} where enrollment_id = ${id} and step_index = 0`.execute(tdb.database.db);

      setClock(t, new Date(LATER.getTime() + INTERRUPTED_AFTER_MS - 60_000));
      expect(await t.app.services.automation.sweep()).toMatchObject({ interrupted: 0 });
      const resumed = new Date(LATER.getTime() + INTERRUPTED_AFTER_MS + 60_000);
      setClock(t, resumed);
      expect(await t.app.services.automation.sweep()).toMatchObject({ interrupted: 1 });
      expect(await t.app.services.automation.sweep()).toMatchObject({ interrupted: 0 });

      const [enrolment] = (await ok(owner, 'GET', `/api/leads/${lead.id}/automation`)).items;
      expect(enrolment.steps.map((s: { state: string; reason: string | null }) => [s.state, s.reason])).toEqual([
        ['skipped', ENGINE_MESSAGES.interrupted],
        ['due', null],
      ]);
      expect(enrolment).toMatchObject({ status: 'active', current_step: 1, next_due_at: new Date(resumed.getTime() + 3_600_000).toISOString() });
      expect(await t.app.services.automation.runStep({ organizationId: owner.organizationId, enrollmentId: id, stepIndex: 0 })).toEqual({ result: 'already' });
      const texts = (await ok(owner, 'GET', `/api/conversations?lead_id=${lead.id}`)).items as { direction: string }[];
      expect(texts.filter((m) => m.direction === 'outbound')).toEqual([]);
    } finally {
      await t.app.close();
    }
  });
});
