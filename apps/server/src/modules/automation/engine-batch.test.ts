import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { DAYTIME, listedRefusal, newCallingLead } from '../../../test/calling';
import { withSystem } from '../../db/scope';
import { DB_KINDS, useTestApp, type TestApp } from '../../../test/harness';
import { memberApi } from '../../../test/member-api';
import { poll } from '../../../test/poll';
import { CAP_MESSAGES } from './caps';
import { AUTOMATION_QUEUES, AutomationEngine } from './engine';
import type { StepJob } from './runs';

type Org = Awaited<ReturnType<TestApp['createOrg']>>;
type Lead = Awaited<ReturnType<typeof newCallingLead>>;

/** Ten minutes after DAYTIME: when the batch runs the steps enrolled at DAYTIME with a 10-minute delay. */
const LATER = new Date(DAYTIME.getTime() + 11 * 60_000);

/**
 * The step handler as the queue calls it: a batch of jobs (engine.runSteps). The batch is run by a second engine
 * whose clock is LATER, while the app's engine (its workers and minute sweep) stays at DAYTIME and leaves the
 * steps alone, so every step of these tests goes through the one batch.
 */
describe.each(DB_KINDS)('the sequences engine on a batch of step jobs on %s', (kind) => {
  const t = useTestApp(kind, { DEMO_SMS_DELIVERY_MS: '600000', DEMO_SMS_REPLY_MS: '600000' });
  const { ok } = memberApi(t);
  let a: Org;
  let b: Org;
  let batch: AutomationEngine;
  let n = 0;

  const newLead = (org: Org) => newCallingLead(t, org.cookie, ++n, {}, '73');
  const newSequence = (org: Org, extra: Record<string, unknown> = {}) =>
    ok(org, 'POST', '/api/sequences', { name: `Batch ${++n}`, steps: [{ kind: 'text', delay_minutes: 10, body: `Batch text ${n}, {first_name}` }], stop_on_reply: false, ...extra }, 201);
  /** Enrols the leads and answers their step jobs, once the queue has seen each one (not yet due at DAYTIME). */
  const enrolJobs = async (org: Org, sequenceId: string, leads: Lead[]): Promise<StepJob[]> => {
    await ok(org, 'POST', `/api/sequences/${sequenceId}/enrollments`, { lead_ids: leads.map((l) => l.id) });
    const jobs: StepJob[] = [];
    for (const lead of leads) {
      const { id } = (await ok(org, 'GET', `/api/leads/${lead.id}/automation`)).items.find((e: { sequence_id: string }) => e.sequence_id === sequenceId);
      jobs.push({ organizationId: org.organizationId, enrollmentId: id, stepIndex: 0 });
    }
    await poll('the queue to look at the steps', async () => {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from pgboss.job where name = ${AUTOMATION_QUEUES.step}
          and singleton_key = any(${jobs.map((j) => `${j.enrollmentId}:0`)}::text[]) and state in ('created', 'retry', 'active')`.execute(t.database.db);
      return rows[0]!.n === 0 || null;
    });
    return jobs;
  };
  const steps = async (org: Org, lead: Lead) =>
    ((await ok(org, 'GET', `/api/leads/${lead.id}/automation`)).items as Array<{ steps: Array<{ state: string; reason: string | null }> }>).map((e) => e.steps[0]!);
  const outbound = async (org: Org, lead: Lead) =>
    ((await ok(org, 'GET', `/api/conversations?lead_id=${lead.id}`)).items as Array<{ direction: string; body: string }>).filter((m) => m.direction === 'outbound').map((m) => m.body);

  beforeAll(async () => {
    a = await t.createOrg('Batch A');
    b = await t.createOrg('Batch B');
    await ok(a, 'POST', '/api/phone-numbers', { phone_number: '+15125550721', is_primary: true }, 201);
    await ok(b, 'POST', '/api/phone-numbers', { phone_number: '+15125550722', is_primary: true }, 201);
    t.app.services.automation.clock = () => DAYTIME;
    t.app.services.conversations.clock = () => LATER;
    batch = new AutomationEngine({ db: t.database.db, log: t.app.log, conversations: t.app.services.conversations, mail: t.app.services.mail });
    batch.attach(t.app.services.jobs);
    batch.clock = () => LATER;
  });

  it('answers each job in its order across organizations, and counts a daily cap within the batch', async () => {
    const capped = await newSequence(a, { daily_cap: 2 });
    const leadsA = [await newLead(a), await newLead(a), await newLead(a)];
    const leadB = await newLead(b);
    const jobsA = await enrolJobs(a, capped.id, leadsA);
    const [jobB] = await enrolJobs(b, (await newSequence(b)).id, [leadB]);
    const results = await batch.runSteps([jobsA[0]!, jobB!, jobsA[1]!, jobsA[2]!]);
    expect(results).toEqual([{ result: 'done' }, { result: 'done' }, { result: 'done' }, { result: 'moved', reason: CAP_MESSAGES.sequence(2) }]);
    expect(await outbound(a, leadsA[0]!)).toEqual([`Batch text ${capped.name.split(' ')[1]}, Pat`]);
    expect(await outbound(a, leadsA[2]!)).toEqual([]);
    expect((await steps(a, leadsA[2]!))[0]).toMatchObject({ state: 'moved', reason: CAP_MESSAGES.sequence(2) });
    expect(await outbound(b, leadB)).toHaveLength(1);
    // Handed over again (a retry): nothing runs twice, and the moved one waits for its time.
    expect(await batch.runSteps([jobsA[0]!, jobB!, jobsA[2]!])).toEqual([{ result: 'already' }, { result: 'already' }, { result: 'not_yet' }]);
  });

  it('holds the fourth text of one batch to the same number, and refuses a listed number with the gate’s reason', async () => {
    const lead = await newLead(a);
    const listed = await newLead(a);
    const jobs: StepJob[] = [];
    for (let i = 0; i < 4; i++) jobs.push(...(await enrolJobs(a, (await newSequence(a)).id, [lead])));
    const [dncJob] = await enrolJobs(a, (await newSequence(a)).id, [listed]);
    await withSystem(t.database.db, (tx) => sql`
      insert into dnc_numbers (organization_id, phone_e164, source, reason) values (${a.organizationId}, ${listed.to}, 'manual', 'Asked by phone')`.execute(tx));
    const results = await batch.runSteps([...jobs, dncJob!]);
    const refusal = await listedRefusal(t, a.cookie, listed.to);
    expect(results).toEqual([
      { result: 'done' }, { result: 'done' }, { result: 'done' }, { result: 'moved', reason: CAP_MESSAGES.perNumber }, { result: 'skipped', reason: refusal },
    ]);
    expect(await outbound(a, lead)).toHaveLength(3);
    expect(await outbound(a, listed)).toEqual([]);
    const refused = await t.database.db.selectFrom('activity_logs').select('details').where('organization_id', '=', a.organizationId)
      .where('action', '=', 'sms.refused').where('entity_id', '=', listed.id).execute();
    expect(refused.map((r) => (r.details as { reason: string }).reason)).toEqual([refusal]);
  });
});
