import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../../../db/scope';
import { DB_KINDS, useTestApp } from '../../../../test/harness';
import { addMember, type SignedInMember } from '../../../../test/members';
import { poll } from '../../../../test/poll';
import { RULE_QUEUES } from './automation-rules';
import { RULE_NOTIFICATION_KIND } from './actions';
import { orgWithNumber, RULES_ENV, rulesFixture, type NumberedOrg } from './rules.fixtures';
import { RULE_RUN_MESSAGES } from './sentences';

describe.each(DB_KINDS)('automation rule actions on %s', (kind) => {
  const t = useTestApp(kind, RULES_ENV);
  const f = rulesFixture(t);
  let a: NumberedOrg;
  let ann: SignedInMember;
  let bob: SignedInMember;
  let pass = 0;
  const names = async (ids: string[]) =>
    Object.fromEntries((await t.database.db.selectFrom('users').select(['id', 'name']).where('id', 'in', ids).execute()).map((u) => [u.id, u.name]));
  const overduePass = async () => {
    const id = await t.app.services.jobs.send(RULE_QUEUES.overdue, {}, { key: `actions-${++pass}` });
    await poll('the overdue pass', async () => {
      const { rows } = await sql<{ state: string }>`select state from pgboss.job where id = ${id}`.execute(t.database.db);
      return rows[0]?.state === 'completed' || null;
    });
  };

  beforeAll(async () => {
    a = await orgWithNumber(t, 'Actions A', '+15125550621');
    ann = await addMember(t, a.organizationId, `ann-${kind}@example.com`);
    bob = await addMember(t, a.organizationId, `bob-${kind}@example.com`);
  });

  it('enrols through the sequences’ gate: a lead whose number is on the Do-Not-Contact list is skipped with the reason', async () => {
    const sequence = await f.newSequence(a, 'New lead follow-up');
    const rule = await f.newRule(a, { name: 'Enrol new', trigger: { type: 'lead_created' }, actions: [{ type: 'enrol', sequence_id: sequence.id }] });
    const listed = '5125557001';
    await f.ok(a, 'POST', '/api/dnc', { phone: listed, reason: 'Asked not to be contacted' }, 201);
    const lead = await f.newLead(a);
    const dnc = await f.newLead(a, { contact_1_phone1: listed });
    const runs = await f.runsFor(rule.id, 2);
    const of = (id: string) => runs.find((r) => r.lead_id === id);
    expect(of(lead.id)).toMatchObject({ outcome: 'applied', details: ['Enrolled in “New lead follow-up”'], reason: null });
    expect(of(dnc.id)).toMatchObject({
      outcome: 'skipped', details: ['Not enrolled in “New lead follow-up”: On the Do-Not-Contact list'], reason: 'Not enrolled in “New lead follow-up”: On the Do-Not-Contact list',
    });
    expect((await f.ok(a, 'GET', `/api/leads/${lead.id}/automation`)).items).toEqual([expect.objectContaining({ sequence_id: sequence.id, status: 'active', enrolled_by: a.userId })]);
    expect((await f.ok(a, 'GET', `/api/leads/${dnc.id}/automation`)).items).toEqual([]);
    expect(await f.timeline(a, dnc.id)).toContain('Rule “Enrol new” skipped: Not enrolled in “New lead follow-up”: On the Do-Not-Contact list');
    expect((await f.ok(a, 'GET', `/api/automation-rules/${rule.id}`)).runs).toMatchObject({ applied: 1, last_at: expect.any(String) });
  });

  it('changes the status and tags through the leads module, assigns, creates a task and notifies', async () => {
    const who = await names([ann.userId, bob.userId]);
    const rule = await f.newRule(a, {
      name: 'Work it',
      trigger: { type: 'lead_created' },
      conditions: { search: 'Workable' },
      actions: [
        { type: 'set_status', status: 'discovery' },
        { type: 'add_tag', tag: 'Fresh' },
        { type: 'remove_tag', tag: 'stale' },
        { type: 'assign', user_id: ann.userId },
        { type: 'create_task', title: 'Call the owner', due_in_minutes: 90 },
        { type: 'notify', message: 'A workable lead came in', user_ids: [bob.userId] },
      ],
    });
    const lead = await f.newLead(a, { owner_1_name: 'Wanda Workable', badges: ['stale', 'pool'] });
    const [run] = await f.runsFor(rule.id, 1);
    expect(run).toMatchObject({
      outcome: 'applied',
      details: ['Status set to “Discovery”', 'Tagged “fresh”', 'Tag “stale” removed', `Assigned to ${who[ann.userId]}`, `Task “Call the owner” created for ${who[ann.userId]}`, 'Notified 1 member'],
    });
    const after = await f.lead(a, lead.id);
    expect(after).toMatchObject({ status: 'discovery', badges: ['pool', 'fresh'], created_by: ann.userId });
    const tasks = await t.database.db.selectFrom('ai_tasks').select(['reason', 'created_by', 'status', 'proposed_time', 'created_at']).where('lead_id', '=', lead.id).execute();
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({ reason: 'Call the owner', created_by: ann.userId, status: 'pending' });
    expect(new Date(tasks[0]!.proposed_time!).getTime() - new Date(tasks[0]!.created_at).getTime()).toBeGreaterThan(89 * 60_000);
    const bell = await t.database.db.selectFrom('system_notifications').select(['user_id', 'kind', 'title', 'link']).where('title', '=', 'A workable lead came in').execute();
    expect(bell).toEqual([{ user_id: bob.userId, kind: RULE_NOTIFICATION_KIND, title: 'A workable lead came in', link: `/leads/${lead.id}` }]);
    const timeline = await f.timeline(a, lead.id);
    expect(timeline).toContain(`Rule “Work it”: Status set to “Discovery”; Tagged “fresh”; Tag “stale” removed; Assigned to ${who[ann.userId]}; Task “Call the owner” created for ${who[ann.userId]}; Notified 1 member`);
    // The status change is the leads module's own entry, by the rule's creator.
    expect(timeline.some((s) => s.startsWith('Set status to Discovery'))).toBe(true);
  });

  it('assigns leads in turn (round robin), passing over a member who left', async () => {
    const carl = await addMember(t, a.organizationId, `carl-${kind}@example.com`);
    const rule = await f.newRule(a, { trigger: { type: 'lead_created' }, conditions: { search: 'Robin' }, actions: [{ type: 'assign_round_robin', user_ids: [ann.userId, bob.userId, carl.userId] }] });
    const owners: string[] = [];
    for (let i = 0; i < 3; i++) {
      const lead = await f.newLead(a, { owner_1_name: `Robin ${i}` });
      await f.runsFor(rule.id, i + 1);
      owners.push((await f.lead(a, lead.id)).created_by);
    }
    expect(owners).toEqual([ann.userId, bob.userId, carl.userId]);
    await withSystem(t.database.db, (tx) => tx.deleteFrom('user_profiles').where('id', '=', carl.userId).execute());
    for (let i = 3; i < 6; i++) {
      const lead = await f.newLead(a, { owner_1_name: `Robin ${i}` });
      await f.runsFor(rule.id, i + 1);
      owners.push((await f.lead(a, lead.id)).created_by);
    }
    expect(owners.slice(3)).toEqual([ann.userId, bob.userId, ann.userId]);
  });

  it('never fires a rule again from what its own action caused, directly or through another rule', async () => {
    const self = await f.newRule(a, { name: 'Self', trigger: { type: 'status_changed' }, conditions: { search: 'Loopy' }, actions: [{ type: 'set_status', status: 'interested-add-followup' }] });
    const lead = await f.newLead(a, { owner_1_name: 'Lou Loopy' });
    await f.ok(a, 'PATCH', `/api/leads/${lead.id}`, { status: 'discovery' });
    const runs = await f.runsFor(self.id, 2);
    expect(runs.map((r) => [r.outcome, r.reason])).toEqual([['applied', null], ['skipped', RULE_RUN_MESSAGES.ownAction]]);
    await f.ok(a, 'PATCH', `/api/automation-rules/${self.id}`, { is_active: false });

    // Two rules that would undo each other forever: each runs once, then the chain stops.
    const ping = await f.newRule(a, { trigger: { type: 'status_changed', status: 'closed' }, conditions: { search: 'Pingpong' }, actions: [{ type: 'set_status', status: 'under-contract' }] });
    const pong = await f.newRule(a, { trigger: { type: 'status_changed', status: 'under-contract' }, conditions: { search: 'Pingpong' }, actions: [{ type: 'set_status', status: 'closed' }] });
    const pingpong = await f.newLead(a, { owner_1_name: 'Pia Pingpong' });
    await f.ok(a, 'PATCH', `/api/leads/${pingpong.id}`, { status: 'closed' });
    expect((await f.runsFor(ping.id, 2)).map((r) => r.outcome)).toEqual(['applied', 'skipped']);
    await poll('the chain to end', async () => {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from outbox where delivered_at is null`.execute(t.database.db);
      return rows[0]!.n === 0 || null;
    });
    expect((await f.runs(pong.id)).map((r) => r.outcome)).toEqual(['applied']);
    expect((await f.lead(a, pingpong.id)).status).toBe('closed');

    // A task the rule created falls overdue: the rule does not run for it.
    const tasker = await f.newRule(a, { trigger: { type: 'task_overdue' }, conditions: { search: 'Tasky' }, actions: [{ type: 'create_task', title: 'Chase it', due_in_minutes: 0 }] });
    const tasky = await f.newLead(a, { owner_1_name: 'Tess Tasky' });
    await withSystem(t.database.db, (tx) => tx.insertInto('ai_tasks').values({ organization_id: a.organizationId, lead_id: tasky.id, proposed_time: new Date(Date.now() - 60_000), reason: 'Call' }).execute());
    await overduePass();
    await overduePass();
    await overduePass();
    expect((await f.runs(tasker.id)).map((r) => [r.outcome, r.reason])).toEqual([['applied', null], ['skipped', RULE_RUN_MESSAGES.ownAction]]);
    const tasks = await t.database.db.selectFrom('ai_tasks').select('id').where('lead_id', '=', tasky.id).execute();
    expect(tasks).toHaveLength(2);
  });

  it('records a failed action as the rule failed, with nothing of it left, and goes on with the next rule', async () => {
    // The task store refuses one title, as a broken constraint or a lost connection would (the database's owner adds the trigger).
    await sql`create function test_refuse_task() returns trigger language plpgsql as $$ begin if new.reason = 'Explode' then raise exception 'the task store refused it'; end if; return new; end $$`.execute(t.database.db);
    await sql`create trigger test_refuse_task before insert on ai_tasks for each row execute function test_refuse_task()`.execute(t.database.db);
    const broken = await f.newRule(a, { name: 'Broken', trigger: { type: 'lead_created' }, conditions: { search: 'Fragile' }, actions: [{ type: 'add_tag', tag: 'half-done' }, { type: 'create_task', title: 'Explode' }] });
    const fine = await f.newRule(a, { trigger: { type: 'lead_created' }, conditions: { search: 'Fragile' }, actions: [{ type: 'add_tag', tag: 'fine' }] });
    const lead = await f.newLead(a, { owner_1_name: 'Fay Fragile' });
    const [failed] = await f.runsFor(broken.id, 1);
    expect(failed).toMatchObject({ outcome: 'failed', details: [] });
    expect(failed!.reason).toMatch(/^The rule could not run: .*the task store refused it/);
    expect((await f.runsFor(fine.id, 1))[0]!.outcome).toBe('applied');
    expect((await f.lead(a, lead.id)).badges).toEqual(['fine']);
    expect((await f.timeline(a, lead.id)).some((s) => s.startsWith('Rule “Broken” failed: The rule could not run'))).toBe(true);
  });
});
