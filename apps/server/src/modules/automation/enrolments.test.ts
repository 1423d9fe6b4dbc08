import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../../db/scope';
import { DB_KINDS, useTestApp, type TestApp } from '../../../test/harness';
import { memberApi } from '../../../test/member-api';

type Org = Awaited<ReturnType<TestApp['createOrg']>>;

// The first step falls due an hour after the enrolment: the engine's job waits for it, so these tests see the runs
// as enrolment wrote them (engine.test.ts runs them).
const TEXT_FIRST = [
  { kind: 'text', delay_minutes: 60, body: 'Hi {first_name}, would you sell {street}?' },
  { kind: 'email', delay_minutes: 1440, subject: 'About {street}', body: 'Hello {first_name}' },
];

describe.each(DB_KINDS)('sequence enrolments on %s', (kind) => {
  const t = useTestApp(kind);
  let a: Org;
  let b: Org;
  let phone = 5125550100;
  const { call, ok } = memberApi(t);
  const newLead = (org: Org, name: string, extra: Record<string, unknown> = {}) =>
    ok(org, 'POST', '/api/leads', {
      owner_1_name: name, property_address_full: '1 Main St, Austin, TX 78701', property_address_state: 'TX', property_address_zipcode: '78701',
      contact_1_phone1: String(phone++), ...extra,
    }, 201);
  const newSequence = (org: Org, body: Record<string, unknown> = {}) => ok(org, 'POST', '/api/sequences', { name: 'Follow-up', steps: TEXT_FIRST, ...body }, 201);
  const enrol = (org: Org, sequenceId: string, body: unknown) => ok(org, 'POST', `/api/sequences/${sequenceId}/enrollments`, body);
  const timeline = async (org: Org, leadId: string) => ((await ok(org, 'GET', `/api/leads/${leadId}/activity`)).items as { summary: string }[]).map((e) => e.summary);

  beforeAll(async () => {
    a = await t.createOrg('Enrol A');
    b = await t.createOrg('Enrol B');
  });
  it('enrols leads by id, skipping unknown, other organizations’ and already enrolled leads, with reasons', async () => {
    const seq = await newSequence(a);
    const [one, two] = [await newLead(a, 'Ada One'), await newLead(a, 'Ben Two')];
    const theirs = await newLead(b, 'Cy Theirs');
    const unknown = '00000000-0000-4000-8000-000000000099';
    const first = await enrol(a, seq.id, { lead_ids: [one.id, unknown, theirs.id] });
    expect(first.enrolled).toBe(1);
    expect(first.skipped).toEqual([{ lead_id: unknown, reason: 'not_found' }, { lead_id: theirs.id, reason: 'not_found' }]);
    // Once at a time.
    const again = await enrol(a, seq.id, { lead_ids: [one.id, two.id] });
    expect(again).toEqual({ enrolled: 1, skipped: [{ lead_id: one.id, reason: 'already_enrolled' }] });
    expect((await ok(a, 'GET', `/api/sequences/${seq.id}`)).counts).toEqual({ active: 2, completed: 0, exited: 0, replied: 0 });
    expect(await timeline(a, one.id)).toContain('Enrolled in the sequence “Follow-up”');

    const automation = await ok(a, 'GET', `/api/leads/${one.id}/automation`);
    expect(automation.items).toHaveLength(1);
    expect(automation.items[0]).toMatchObject({ sequence_id: seq.id, sequence_name: 'Follow-up', status: 'active', exit_reason: null, current_step: 0, enrolled_by: a.userId, ended_at: null });
    expect(automation.items[0].steps).toHaveLength(1);
    expect(automation.items[0].steps[0]).toMatchObject({ step_index: 0, kind: 'text', ran_at: null });
    expect(['due', 'moved']).toContain(automation.items[0].steps[0].state);
    expect(automation.items[0].next_due_at).toBe(automation.items[0].steps[0].moved_to ?? automation.items[0].steps[0].due_at);
  });

  it('enrols every lead a leads-list filter matches, skipping a number on the Do-Not-Contact list', async () => {
    const seq = await newSequence(a);
    const leads = [await newLead(a, 'Quincy Filterton'), await newLead(a, 'Rhoda Filterton'), await newLead(a, 'Sam Filterton')];
    await newLead(a, 'Someone Else');
    await ok(a, 'POST', '/api/dnc', { phone: leads[2].contact_1_phone1, reason: 'Asked not to be called' }, 201);
    const result = await enrol(a, seq.id, { filter: { search: 'filterton' } });
    expect(result).toEqual({ enrolled: 2, skipped: [{ lead_id: leads[2].id, reason: 'dnc' }] });
    expect((await ok(a, 'GET', `/api/leads/${leads[2].id}/automation`)).items).toEqual([]);
    expect((await ok(a, 'GET', `/api/sequences/${seq.id}`)).counts.active).toBe(2);
    // Another organization's filter never reaches these leads.
    const theirs = await newSequence(b);
    expect(await enrol(b, theirs.id, { filter: { search: 'filterton' } })).toEqual({ enrolled: 0, skipped: [] });
    const bad = await call(a, 'POST', `/api/sequences/${seq.id}/enrollments`, { filter: { limit: 5 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/limit/);
  });

  it('removes a lead (exit removed, on the timeline, its due step skipped), then holds re-enrolment for the cooldown', async () => {
    const seq = await newSequence(a, { name: 'Cooling' });
    const quick = await newSequence(a, { name: 'No cooldown', cooldown_days: 0 });
    const lead = await newLead(a, 'Dora Cool');
    await enrol(a, seq.id, { lead_ids: [lead.id] });
    await enrol(a, quick.id, { lead_ids: [lead.id] });
    expect((await call(a, 'DELETE', `/api/sequences/${seq.id}/enrollments/${lead.id}`)).status).toBe(204);
    expect((await call(a, 'DELETE', `/api/sequences/${seq.id}/enrollments/${lead.id}`)).body.error.message).toBe('This lead is not in the sequence');
    const items = (await ok(a, 'GET', `/api/leads/${lead.id}/automation`)).items;
    const left = items.find((e: { sequence_id: string }) => e.sequence_id === seq.id);
    expect(left).toMatchObject({ status: 'exited', exit_reason: 'removed', next_due_at: null });
    expect(left.ended_at).not.toBeNull();
    expect(left.steps[0]).toMatchObject({ state: 'skipped', moved_to: null, reason: 'A member removed the lead from the sequence.' });
    expect(items.find((e: { sequence_id: string }) => e.sequence_id === quick.id).status).toBe('active');
    expect(await timeline(a, lead.id)).toContain('Left the sequence “Cooling”: A member removed the lead from the sequence.');
    expect((await ok(a, 'GET', `/api/sequences/${seq.id}`)).counts).toEqual({ active: 0, completed: 0, exited: 1, replied: 0 });

    expect(await enrol(a, seq.id, { lead_ids: [lead.id] })).toEqual({ enrolled: 0, skipped: [{ lead_id: lead.id, reason: 'cooldown' }] });
    // A cooldown of 0 days lets the lead back in at once.
    await call(a, 'DELETE', `/api/sequences/${quick.id}/enrollments/${lead.id}`);
    expect(await enrol(a, quick.id, { lead_ids: [lead.id] })).toEqual({ enrolled: 1, skipped: [] });
    // Past the cooldown (its exit moved back 31 days), the lead may enter again.
    await withSystem(t.database.db, (tx) => sql`update sequence_enrollments set ended_at = ended_at - interval '31 days' where sequence_id = ${seq.id}`.execute(tx));
    expect(await enrol(a, seq.id, { lead_ids: [lead.id] })).toEqual({ enrolled: 1, skipped: [] });
    expect((await ok(a, 'GET', `/api/leads/${lead.id}/automation`)).items).toHaveLength(4);
  });

  it('keeps other organizations out of enrolments, removals and a lead’s automation', async () => {
    const seq = await newSequence(a);
    const lead = await newLead(a, 'Eve Private');
    await enrol(a, seq.id, { lead_ids: [lead.id] });
    const theirSeq = await newSequence(b);
    expect((await call(b, 'POST', `/api/sequences/${seq.id}/enrollments`, { lead_ids: [lead.id] })).status).toBe(404);
    expect((await call(b, 'DELETE', `/api/sequences/${seq.id}/enrollments/${lead.id}`)).status).toBe(404);
    expect((await call(b, 'DELETE', `/api/sequences/${theirSeq.id}/enrollments/${lead.id}`)).status).toBe(404);
    const other = await call(b, 'GET', `/api/leads/${lead.id}/automation`);
    expect(other.status).toBe(404);
    expect(other.body.error.message).toBe('Lead not found');
    expect((await ok(a, 'GET', `/api/leads/${lead.id}/automation`)).items[0].status).toBe('active');
  });

  it('deleting a sequence ends its enrolments on each lead’s timeline', async () => {
    const seq = await newSequence(a, { name: 'Short-lived' });
    const lead = await newLead(a, 'Fay Deleted');
    await enrol(a, seq.id, { lead_ids: [lead.id] });
    expect((await call(a, 'DELETE', `/api/sequences/${seq.id}`)).status).toBe(204);
    expect(await timeline(a, lead.id)).toContain('Left the sequence “Short-lived”: A member removed the lead from the sequence.');
    expect((await ok(a, 'GET', `/api/leads/${lead.id}/automation`)).items).toEqual([]);
  });

  it('moves the first step into the lead’s legal window: a Texas lead enrolled on a Sunday morning is due at noon', async () => {
    const seq = await newSequence(a);
    const callTask = await newSequence(a, { steps: [{ kind: 'call_task', delay_minutes: 30 }] });
    const email = await newSequence(a, { steps: [{ kind: 'email', delay_minutes: 30, subject: 'Hi', body: 'Hello' }] });
    const lead = await newLead(a, 'Gus Texan');
    // Sunday 15 November 2026, 9:00 AM Central (Texas allows no calls on Sunday before noon).
    t.app.services.automation.clock = () => new Date('2026-11-15T15:00:00Z');
    // The clock stays there while the runs are read: their jobs (their times are in the real past) find them not yet due.
    for (const s of [seq, callTask, email]) await enrol(a, s.id, { lead_ids: [lead.id] });
    const items = (await ok(a, 'GET', `/api/leads/${lead.id}/automation`)).items as Array<{ sequence_id: string; next_due_at: string; steps: Array<Record<string, unknown>> }>;
    const of = (id: string) => items.find((e) => e.sequence_id === id)!;
    expect(of(seq.id).steps[0]).toMatchObject({ state: 'moved', due_at: '2026-11-15T16:00:00.000Z', moved_to: '2026-11-15T18:00:00.000Z' });
    expect(of(seq.id).steps[0]!.reason).toMatch(/Texas.*noon|12:00 PM/);
    expect(of(seq.id).next_due_at).toBe('2026-11-15T18:00:00.000Z');
    expect(of(callTask.id).steps[0]).toMatchObject({ state: 'moved', due_at: '2026-11-15T15:30:00.000Z', moved_to: '2026-11-15T18:00:00.000Z' });
    // An email is not a call or a text: it goes when due.
    expect(of(email.id).steps[0]).toMatchObject({ state: 'due', due_at: '2026-11-15T15:30:00.000Z', moved_to: null, reason: null });
    expect(of(email.id).next_due_at).toBe('2026-11-15T15:30:00.000Z');
    t.app.services.automation.clock = () => new Date();
  });

  it('enrols 10,000 leads of a filter in one request, in bulk', async () => {
    const org = await t.createOrg('Enrol bulk');
    await withSystem(t.database.db, (tx) => sql`
      insert into leads (organization_id, owner_1_name, property_address_state, status)
      select ${org.organizationId}::uuid, 'Bulk ' || n, 'TX', 'discovery' from generate_series(1, 10000) as n`.execute(tx));
    const seq = await newSequence(org);
    expect(await enrol(org, seq.id, { filter: { status: 'discovery' } })).toEqual({ enrolled: 10_000, skipped: [] });
    expect((await ok(org, 'GET', `/api/sequences/${seq.id}`)).counts.active).toBe(10_000);
    const runs = await withSystem(t.database.db, (tx) => sql<{ n: number }>`select count(*)::int as n from sequence_step_runs where organization_id = ${org.organizationId}`.execute(tx));
    expect(runs.rows[0]!.n).toBe(10_000);
    // One more lead makes the filter too wide for one request.
    await withSystem(t.database.db, (tx) => sql`insert into leads (organization_id, owner_1_name, status) values (${org.organizationId}, 'One more', 'discovery')`.execute(tx));
    const wide = await call(org, 'POST', `/api/sequences/${seq.id}/enrollments`, { filter: { status: 'discovery' } });
    expect(wide.status).toBe(400);
    expect(wide.body.error.message).toBe('filter: matches more than 10,000 leads; narrow the filter and enrol the rest in another request');
  });
});
