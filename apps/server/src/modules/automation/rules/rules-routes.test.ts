import { beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../../../db/scope';
import { DB_KINDS, useTestApp } from '../../../../test/harness';
import { addMember } from '../../../../test/members';
import { rulesFixture, type Org } from './rules.fixtures';
import { RULE_AUDIT } from './service';

const UNKNOWN = '00000000-0000-4000-8000-0000000000aa';

describe.each(DB_KINDS)('automation rules API on %s', (kind) => {
  const t = useTestApp(kind);
  const f = rulesFixture(t);
  let a: Org;
  let b: Org;
  let sequenceA: string;
  let sequenceB: string;

  beforeAll(async () => {
    a = await t.createOrg('Rules A');
    b = await t.createOrg('Rules B');
    sequenceA = (await f.newSequence(a, 'No answer follow-up')).id;
    sequenceB = (await f.newSequence(b)).id;
  });

  it('creates, reads, lists, switches off, changes and deletes a rule, each change audited', async () => {
    const created = await f.newRule(a, {
      name: 'Three misses',
      trigger: { type: 'calls_unanswered', count: 3 },
      conditions: { state: 'tx', badges: 'Vacant, absentee', minMotivation: 5 },
      actions: [{ type: 'enrol', sequence_id: sequenceA }, { type: 'notify', message: 'Three calls missed' }],
    });
    expect(created).toMatchObject({
      name: 'Three misses', trigger: { type: 'calls_unanswered', count: 3 }, conditions: { state: 'TX', badges: ['vacant', 'absentee'], minMotivation: 5 },
      actions: [{ type: 'enrol', sequence_id: sequenceA }, { type: 'notify', message: 'Three calls missed', user_ids: [] }],
      is_active: true, runs: { applied: 0, last_at: null }, created_by: a.userId,
    });
    expect((await f.ok(a, 'GET', `/api/automation-rules/${created.id}`)).name).toBe('Three misses');
    expect((await f.ok(a, 'GET', '/api/automation-rules')).items.map((r: { id: string }) => r.id)).toContain(created.id);

    expect(await f.ok(a, 'PATCH', `/api/automation-rules/${created.id}`, { is_active: false })).toMatchObject({ is_active: false, name: 'Three misses' });
    const renamed = await f.ok(a, 'PATCH', `/api/automation-rules/${created.id}`, { name: 'Missed thrice', conditions: { badges: ['Hot'] } });
    expect(renamed).toMatchObject({ name: 'Missed thrice', conditions: { badges: ['hot'] }, is_active: false });

    expect((await f.call(a, 'DELETE', `/api/automation-rules/${created.id}`)).status).toBe(204);
    const gone = await f.call(a, 'GET', `/api/automation-rules/${created.id}`);
    expect(gone).toMatchObject({ status: 404, body: { error: { message: 'Rule not found' } } });
    expect((await f.call(a, 'DELETE', `/api/automation-rules/${created.id}`)).status).toBe(404);

    const audited = await withSystem(t.database.db, (tx) =>
      tx.selectFrom('activity_logs').select(['action', 'actor_id', 'details']).where('entity_type', '=', 'automation_rule').where('entity_id', '=', created.id).orderBy('created_at').execute(),
    );
    expect(audited.map((e) => e.action)).toEqual([RULE_AUDIT.created, RULE_AUDIT.updated, RULE_AUDIT.updated, RULE_AUDIT.deleted]);
    expect(audited.every((e) => e.actor_id === a.userId)).toBe(true);
    expect(audited[2]!.details).toMatchObject({ fields: ['conditions', 'name'] });
  });

  it('answers 400 naming the field for a bad rule, and for a sequence or member not of the organization', async () => {
    const stranger = await addMember(t, b.organizationId, `stranger-${kind}@example.com`);
    const base = { name: 'Bad', trigger: { type: 'lead_created' }, actions: [{ type: 'add_tag', tag: 'new' }] };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, name: '' }, 'name: a rule needs a name'],
      [{ ...base, trigger: { type: 'moon_rises' } }, 'trigger.type: expected one of lead_created, lead_imported, status_changed'],
      [{ ...base, trigger: { type: 'calls_unanswered', count: 0 } }, 'trigger.count: must be at least 1'],
      [{ ...base, trigger: { type: 'tag_added', tag: '  ' } }, 'trigger.tag: a tag cannot be empty'],
      [{ ...base, actions: [] }, 'actions: a rule needs at least one action'],
      [{ ...base, actions: [{ type: 'add_tag', tag: 'ok' }, { type: 'webhook', url: 'https://example.com' }] }, 'actions.1.type: expected an action whose type is one of enrol'],
      [{ ...base, actions: [{ type: 'create_task', title: 'Call', due_in_minutes: -5 }] }, 'actions.0.due_in_minutes: must be 0 or more'],
      [{ ...base, conditions: { minMotivation: 11 } }, 'conditions.minMotivation: expected a score from 0 to 10'],
      [{ ...base, conditions: { state: 'Texas' } }, 'conditions.state: expected a two-letter state, e.g. TX'],
      [{ ...base, actions: [{ type: 'enrol', sequence_id: UNKNOWN }] }, 'actions.0.sequence_id: no sequence of your organization has this id'],
      [{ ...base, actions: [{ type: 'add_tag', tag: 'x' }, { type: 'enrol', sequence_id: sequenceB }] }, 'actions.1.sequence_id: no sequence of your organization has this id'],
      [{ ...base, actions: [{ type: 'assign', user_id: stranger.userId }] }, 'actions.0.user_id: no member of your organization has this id'],
      [{ ...base, actions: [{ type: 'assign_round_robin', user_ids: [a.userId, stranger.userId] }] }, 'actions.0.user_ids.1: no member of your organization has this id'],
      [{ ...base, actions: [{ type: 'create_task', title: 'Call', assignee_id: b.userId }] }, 'actions.0.assignee_id: no member of your organization has this id'],
      [{ ...base, actions: [{ type: 'notify', message: 'Hi', user_ids: [b.userId] }] }, 'actions.0.user_ids.0: no member of your organization has this id'],
    ];
    for (const [body, message] of cases) {
      const res = await f.call(a, 'POST', '/api/automation-rules', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toContain(message);
    }
    const rule = await f.newRule(a, base);
    expect((await f.call(a, 'PATCH', `/api/automation-rules/${rule.id}`, {})).body.error.message).toBe('body: name a change: name, trigger, conditions, actions or is_active');
    const patch = await f.call(a, 'PATCH', `/api/automation-rules/${rule.id}`, { actions: [{ type: 'enrol', sequence_id: sequenceB }] });
    expect(patch).toMatchObject({ status: 400, body: { error: { message: 'actions.0.sequence_id: no sequence of your organization has this id' } } });
    expect((await f.call(a, 'GET', '/api/automation-rules/not-a-uuid')).body.error.message).toBe('id: expected a rule id');
    expect((await f.ok(a, 'GET', `/api/automation-rules/${rule.id}`)).actions).toEqual(base.actions);
  });

  it("keeps another organization's rules out of reach", async () => {
    const rule = await f.newRule(a, { trigger: { type: 'lead_created' }, actions: [{ type: 'add_tag', tag: 'private' }] });
    for (const [method, url, body] of [
      ['GET', `/api/automation-rules/${rule.id}`, undefined],
      ['PATCH', `/api/automation-rules/${rule.id}`, { is_active: false }],
      ['DELETE', `/api/automation-rules/${rule.id}`, undefined],
      ['POST', `/api/automation-rules/${rule.id}/dry-run`, undefined],
    ] as const) {
      expect((await f.call(b, method, url, body)).status, `${method} ${url}`).toBe(404);
    }
    expect((await f.ok(b, 'GET', '/api/automation-rules')).items.map((r: { id: string }) => r.id)).not.toContain(rule.id);
    expect((await f.ok(a, 'GET', `/api/automation-rules/${rule.id}`)).is_active).toBe(true);
    // Off again, so it does not tag the leads the next tests create.
    await f.ok(a, 'PATCH', `/api/automation-rules/${rule.id}`, { is_active: false });
  });

  it('dry-runs a rule: the leads its trigger and conditions hold for now, what it would do, and changes nothing', async () => {
    const hot = [await f.newLead(a, { badges: ['Hot'] }), await f.newLead(a, { badges: ['hot', 'vacant'] })];
    const elsewhere = await f.newLead(a, { badges: ['hot'], property_address_state: 'FL', property_address_full: '1 Palm Way, Miami, FL' });
    await f.newLead(a, { badges: ['cold'] });
    await f.newLead(b, { badges: ['hot'] });
    const rule = await f.newRule(a, {
      name: 'Hot Texans', trigger: { type: 'tag_added', tag: 'hot' }, conditions: { state: 'TX' },
      actions: [{ type: 'enrol', sequence_id: sequenceA }, { type: 'set_status', status: 'discovery' }],
    });
    // Whatever the other rules of A do with a new lead is done before the lead is read.
    await f.delivered('lead.created', { leadId: hot[0]!.id });
    const before = await f.lead(a, hot[0]!.id);
    const result = await f.ok(a, 'POST', `/api/automation-rules/${rule.id}/dry-run`);
    expect(result.total).toBe(2);
    expect(result.leads.map((l: { id: string }) => l.id).sort()).toEqual(hot.map((l) => l.id).sort());
    expect(result.leads[0]).toMatchObject({ name: expect.stringMatching(/^Rita Rule/), address: expect.stringContaining('Main St'), status: 'new' });
    expect(result.leads.map((l: { id: string }) => l.id)).not.toContain(elsewhere.id);
    expect(result.actions).toEqual(['Enrol in “No answer follow-up”', 'Set the status to “Discovery”']);
    expect(result.explanation).toBe('Leads tagged “hot”, where the lead is in TX.');
    // Nothing changed: no run, no enrolment, the lead as it was.
    expect(await f.runs(rule.id)).toEqual([]);
    expect(await f.lead(a, hot[0]!.id)).toMatchObject({ status: 'new', version: before.version });
    expect((await f.ok(a, 'GET', `/api/leads/${hot[0]!.id}/automation`)).items).toEqual([]);

    const status = await f.newRule(a, { trigger: { type: 'status_changed', status: 'discovery' }, actions: [{ type: 'add_tag', tag: 'x' }] });
    await f.ok(a, 'PATCH', `/api/leads/${hot[1]!.id}`, { status: 'discovery' });
    expect(await f.ok(a, 'POST', `/api/automation-rules/${status.id}/dry-run`)).toMatchObject({ total: 1, explanation: 'Leads whose status is “Discovery”.' });
    const created = await f.newRule(a, { trigger: { type: 'lead_created' }, conditions: { badges: ['hot', 'cold'] }, actions: [{ type: 'add_tag', tag: 'x' }] });
    expect(await f.ok(a, 'POST', `/api/automation-rules/${created.id}/dry-run`)).toMatchObject({
      total: 4, explanation: 'Leads created in the last 24 hours, not by an import, where the lead is tagged “hot” or “cold”.',
    });
  });
});
