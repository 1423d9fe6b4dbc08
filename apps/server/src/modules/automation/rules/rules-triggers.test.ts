import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../../../db/scope';
import { DAYTIME, waitFor } from '../../../../test/calling';
import { DB_KINDS, ORIGIN, useTestApp } from '../../../../test/harness';
import { poll } from '../../../../test/poll';
import { RULE_QUEUES, RULES_SUBSCRIBER } from './automation-rules';
import { orgWithNumber, RULES_ENV, rulesFixture, type NumberedOrg } from './rules.fixtures';

describe.each(DB_KINDS)('automation rule triggers on %s', (kind) => {
  const t = useTestApp(kind, RULES_ENV);
  const f = rulesFixture(t);
  let a: NumberedOrg;
  let b: NumberedOrg;
  let pass = 0;
  const tag = (name: string) => [{ type: 'add_tag', tag: name }];
  /** Runs the overdue-task pass as its minute's job would, and waits for it. */
  const overduePass = async () => {
    const id = await t.app.services.jobs.send(RULE_QUEUES.overdue, {}, { key: `test-${++pass}` });
    await poll('the overdue pass', async () => {
      const { rows } = await sql<{ state: string }>`select state from pgboss.job where id = ${id}`.execute(t.database.db);
      return rows[0]?.state === 'completed' || null;
    });
  };

  beforeAll(async () => {
    a = await orgWithNumber(t, 'Triggers A', '+15125550611');
    b = await orgWithNumber(t, 'Triggers B', '+15125550612');
    // Four calls to one number in a test: above the default limit of three a day.
    await f.ok(a, 'PUT', '/api/calls/settings', { callsPerNumberPer24h: 10 });
  });

  it('fires on a lead created that meets the conditions (source without regard to case), once per lead, only in its organization', async () => {
    const rule = await f.newRule(a, { trigger: { type: 'lead_created' }, conditions: { source: 'Mailer', minMotivation: 4 }, actions: tag('welcome') });
    const theirs = await f.newRule(b, { trigger: { type: 'lead_created' }, actions: tag('theirs') });
    const match = await f.newLead(a, { source: 'MAILER', motivation_score: 6 });
    const lowMotivation = await f.newLead(a, { source: 'mailer', motivation_score: 2 });
    const otherSource = await f.newLead(a, { source: 'Cold call', motivation_score: 9 });
    await f.delivered('lead.created', { leadId: otherSource.id });
    expect(await f.runs(rule.id)).toEqual([expect.objectContaining({ lead_id: match.id, outcome: 'applied', details: ['Tagged “welcome”'], reason: null })]);
    expect((await f.lead(a, match.id)).badges).toEqual(['welcome']);
    expect((await f.lead(a, lowMotivation.id)).badges).toEqual([]);
    // B's rule never sees A's leads.
    expect(await f.runs(theirs.id)).toEqual([]);
    const entries = (await f.ok(a, 'GET', `/api/leads/${match.id}/activity`)).items as Array<{ summary: string; actor: { name: string } }>;
    const entry = entries.find((e) => e.summary.startsWith('Rule “'));
    expect(entry).toMatchObject({ summary: `Rule “${rule.name}”: Tagged “welcome”`, actor: { name: 'Automation rules' } });
  });

  it('fires on a status change to the status it names, and once per tag added', async () => {
    const toDiscovery = await f.newRule(a, { trigger: { type: 'status_changed', status: 'discovery' }, actions: [{ type: 'notify', message: 'Discovery!' }] });
    const tagged = await f.newRule(a, { trigger: { type: 'tag_added', tag: 'Hot' }, actions: [{ type: 'notify', message: 'Hot!' }] });
    const lead = await f.newLead(a);
    await f.ok(a, 'PATCH', `/api/leads/${lead.id}`, { status: 'new-untouched' });
    await f.ok(a, 'PATCH', `/api/leads/${lead.id}`, { status: 'discovery' });
    await f.ok(a, 'PATCH', `/api/leads/${lead.id}`, { badges: ['hot'] });
    await f.ok(a, 'PATCH', `/api/leads/${lead.id}`, { badges: ['hot', 'vacant'] });
    await f.ok(a, 'POST', '/api/leads/bulk', { ids: [lead.id], add_tags: ['pool'] });
    await f.delivered('lead.updated', { leadId: lead.id, fields: ['badges'] });
    await poll('the last badges change delivered', async () => {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from outbox where payload->>'leadId' = ${lead.id} and delivered_at is null`.execute(t.database.db);
      return rows[0]!.n === 0 || null;
    });
    expect((await f.runs(toDiscovery.id)).map((r) => [r.lead_id, r.outcome])).toEqual([[lead.id, 'applied']]);
    expect(await f.runs(tagged.id)).toEqual([expect.objectContaining({ lead_id: lead.id, event_key: 'tag:hot', outcome: 'applied', details: ['Notified 1 member'] })]);
  });

  it('fires on a call with its outcome, and when the N-th call in a row goes unanswered (not again at N + 1)', async () => {
    const noAnswer = await f.newRule(a, { trigger: { type: 'call_completed', outcome: 'no_answer' }, actions: tag('missed') });
    const twice = await f.newRule(a, { trigger: { type: 'calls_unanswered', count: 2 }, actions: tag('two-misses') });
    const lead = await f.newLead(a);
    const dryRun = () => f.ok(a, 'POST', `/api/automation-rules/${twice.id}/dry-run`);
    await f.completeCall(a, lead, 'no_answer');
    const first = await f.runsFor(noAnswer.id, 1);
    expect(first[0]).toMatchObject({ lead_id: lead.id, outcome: 'applied' });
    expect(await f.runs(twice.id)).toEqual([]);
    expect((await dryRun()).total).toBe(0);
    await f.completeCall(a, lead, 'wrong_number');
    expect(await f.runsFor(twice.id, 1)).toEqual([expect.objectContaining({ lead_id: lead.id, outcome: 'applied', details: ['Tagged “two-misses”'] })]);
    expect(await dryRun()).toMatchObject({ total: 1, explanation: 'Leads whose last 2 calls went unanswered.' });
    const third = await f.completeCall(a, lead, 'no_answer');
    await f.delivered('call.completed', { callId: third });
    expect(await f.runs(twice.id)).toHaveLength(1);
    expect(await f.runs(noAnswer.id)).toHaveLength(2);
    // A call that connected ends the streak.
    const interested = await f.completeCall(a, lead, 'interested');
    await f.delivered('call.completed', { callId: interested });
    expect((await dryRun()).total).toBe(0);
  });

  it('fires on a text in, on a deal moving to the stage it names, and on an imported lead', async () => {
    t.app.services.conversations.clock = () => DAYTIME;
    const text = await f.newRule(a, { trigger: { type: 'text_received' }, actions: tag('replied') });
    const dead = await f.newRule(a, { trigger: { type: 'deal_stage_changed', stage: 'dead' }, actions: tag('dead-deal') });
    const marketing = await f.newRule(a, { trigger: { type: 'deal_stage_changed', stage: 'marketing' }, actions: tag('marketing') });
    const imported = await f.newRule(a, { trigger: { type: 'lead_imported' }, conditions: { state: 'TX' }, actions: tag('imported') });
    const lead = await f.newLead(a);
    await f.ok(a, 'POST', '/api/conversations', { lead_id: lead.id, body: 'Would you sell?' }, 201);
    expect(await f.runsFor(text.id, 1)).toEqual([expect.objectContaining({ lead_id: lead.id, outcome: 'applied' })]);

    const deal = await f.ok(a, 'POST', '/api/deals', { lead_id: lead.id }, 201);
    await f.ok(a, 'POST', `/api/deals/${deal.id}/stage`, { stage: 'dead', reason: 'Not selling' });
    expect(await f.runsFor(dead.id, 1)).toEqual([expect.objectContaining({ lead_id: lead.id, outcome: 'applied' })]);
    await f.delivered('deal.stage_changed', { dealId: deal.id });
    expect(await f.runs(marketing.id)).toEqual([]);

    const csv = 'First Name,Last Name,Property Address,Property City,Property State,Property Zip\r\nIma,Import,5 Elm St,Austin,TX,78701\r\nOtto,Outside,9 Bay Rd,Miami,FL,33101\r\n';
    const upload = await t.app.inject({ method: 'POST', url: '/api/leads/import?filename=rules.csv', headers: { origin: ORIGIN, cookie: a.cookie, 'content-type': 'text/csv' }, payload: csv });
    expect(upload.statusCode, upload.body).toBe(201);
    const { id, proposed_mapping } = upload.json();
    await f.ok(a, 'POST', `/api/leads/import/${id}/start`, { mapping: proposed_mapping }, 202);
    await waitFor(() => f.ok(a, 'GET', `/api/leads/import/${id}`), (s) => s.status === 'completed', 'the import');
    const runs = await f.runsFor(imported.id, 1);
    const texan = await t.database.db.selectFrom('leads').select(['id', 'badges']).where('organization_id', '=', a.organizationId).where('owner_1_last_name', '=', 'Import').executeTakeFirstOrThrow();
    expect(runs).toEqual([expect.objectContaining({ lead_id: texan.id, outcome: 'applied' })]);
    await poll('the imported lead tagged', async () => ((await f.lead(a, texan.id)).badges.includes('imported') ? true : null));
  });

  it('fires once per overdue task, and not for a task done or not yet due', async () => {
    const rule = await f.newRule(a, { trigger: { type: 'task_overdue' }, actions: tag('overdue') });
    const lead = await f.newLead(a);
    const later = await f.newLead(a);
    const task = async (leadId: string, minutes: number) =>
      (await withSystem(t.database.db, (tx) => tx.insertInto('ai_tasks').values({ organization_id: a.organizationId, lead_id: leadId, proposed_time: new Date(Date.now() + minutes * 60_000), reason: 'Call back' }).returning('id').executeTakeFirstOrThrow())).id;
    const overdue = await task(lead.id, -30);
    await task(later.id, 60);
    expect((await f.ok(a, 'POST', `/api/automation-rules/${rule.id}/dry-run`)).total).toBe(1);
    await overduePass();
    await overduePass();
    expect(await f.runs(rule.id)).toEqual([expect.objectContaining({ lead_id: lead.id, event_key: overdue, outcome: 'applied', details: ['Tagged “overdue”'] })]);
    expect((await f.lead(a, later.id)).badges).toEqual([]);
  });

  it('does nothing while switched off, and runs an event delivered twice once', async () => {
    const rule = await f.newRule(a, { trigger: { type: 'lead_created' }, is_active: false, actions: [{ type: 'notify', message: 'New lead' }] });
    const quiet = await f.newLead(a);
    await f.delivered('lead.created', { leadId: quiet.id });
    expect(await f.runs(rule.id)).toEqual([]);

    await f.ok(a, 'PATCH', `/api/automation-rules/${rule.id}`, { is_active: true });
    const lead = await f.newLead(a);
    await f.runsFor(rule.id, 1);
    await f.delivered('lead.created', { leadId: lead.id });
    const notifications = () => t.database.db.selectFrom('system_notifications').select('id').where('organization_id', '=', a.organizationId).where('title', '=', 'New lead').execute();
    expect(await notifications()).toHaveLength(1);
    // The same event handed to the rules again, as a second instance or a lost delivery record would.
    await withSystem(t.database.db, async (tx) => {
      const event = await tx.selectFrom('outbox').select('id').where('type', '=', 'lead.created').where(sql<boolean>`payload->>'leadId' = ${lead.id}`).executeTakeFirstOrThrow();
      await tx.deleteFrom('outbox_deliveries').where('event_id', '=', event.id).where('subscriber', '=', RULES_SUBSCRIBER).execute();
      await tx.updateTable('outbox').set({ delivered_at: null }).where('id', '=', event.id).execute();
    });
    await t.app.services.outbox.deliver();
    await f.delivered('lead.created', { leadId: lead.id });
    expect(await f.runs(rule.id)).toHaveLength(1);
    expect(await notifications()).toHaveLength(1);
  });
});
