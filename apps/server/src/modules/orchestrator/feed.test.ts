import { EXIT_REASON_INFO, type FeedItem, type FeedPage } from '@wholesail/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { DAYTIME, EARLY, newCallingLead } from '../../../test/calling';
import { DB_KINDS, useTestApp } from '../../../test/harness';
import { memberApi } from '../../../test/member-api';
import { poll } from '../../../test/poll';
import { AI_QUEUES } from '../ai-jobs/types';
import { insertJob, insertRuleRuns, type Org } from './orchestrator.fixtures';

type Lead = { id: string };
type Step = { step_index: number; state: string; reason: string | null; due_at: string | null; moved_to: string | null };

describe.each(DB_KINDS)('the orchestrator feed on %s', (kind) => {
  const t = useTestApp(kind, { DEMO_SMS_DELIVERY_MS: '30', DEMO_SMS_REPLY_MS: '600000' });
  const { call, ok } = memberApi(t);
  let a: Org;
  let b: Org;
  let n = 0;
  const leads: Record<string, Lead> = {};
  const ids: Record<string, string> = {};

  const setClock = (now: Date) => {
    t.app.services.automation.clock = () => now;
    t.app.services.conversations.clock = () => now;
  };
  const newLead = (org: Org, extra: Record<string, unknown> = {}) => newCallingLead(t, org.cookie, ++n, { property_address_city: 'Austin', ...extra }, '73');
  const feed = async (org: Org, query = ''): Promise<FeedPage> => ok(org, 'GET', `/api/orchestrator/feed${query}`);
  const steps = async (org: Org, leadId: string): Promise<Step[]> => (await ok(org, 'GET', `/api/leads/${leadId}/automation`)).items[0].steps;
  const find = (page: FeedPage, id: string) => page.items.find((i) => i.id === id);

  beforeAll(async () => {
    a = await t.createOrg('Feed A');
    b = await t.createOrg('Feed B');
    for (const [org, phone] of [[a, '+15125550731'], [b, '+15125550732']] as const) {
      await ok(org, 'PUT', '/api/organization/settings', { aiIntegration: { enableAutoEnrichment: false, enableSmartScoring: false, enableConversationAnalysis: false } });
      await ok(org, 'POST', '/api/phone-numbers', { phone_number: phone, is_primary: true }, 201);
    }
    // Before the calling window: a text step is moved to 8:00 with the gate's reason.
    setClock(EARLY);
    const texts = await ok(a, 'POST', '/api/sequences', { name: 'Early texts', steps: [{ kind: 'text', delay_minutes: 0, body: 'Hi {first_name}' }] }, 201);
    const tags = await ok(a, 'POST', '/api/sequences', {
      name: 'Warm tags', steps: [{ kind: 'add_tag', delay_minutes: 0, tag: 'warm' }, { kind: 'email', delay_minutes: 120, subject: 'Hello', body: 'Hello {first_name}' }],
    }, 201);
    ids.texts = texts.id;
    ids.tags = tags.id;
    leads.moved = await newLead(a, { owner_1_name: 'Moira Moved' });
    leads.removed = await newLead(a, { owner_1_name: 'Rita Removed' });
    leads.done = await newLead(a, { owner_1_name: 'Dora Done' });
    await ok(a, 'POST', `/api/sequences/${texts.id}/enrollments`, { lead_ids: [leads.moved!.id, leads.removed!.id] });
    await ok(a, 'DELETE', `/api/sequences/${texts.id}/enrollments/${leads.removed!.id}`, undefined, 204);
    await ok(a, 'POST', `/api/sequences/${tags.id}/enrollments`, { lead_ids: [leads.done!.id] });
    await poll('the tag step to run', async () => ((await steps(a, leads.done!.id))[1]?.state === 'due' ? true : null));

    // B: a sequence step, an AI job and a rule run of its own.
    const bSequence = await ok(b, 'POST', '/api/sequences', { name: 'B only', steps: [{ kind: 'email', delay_minutes: 60, subject: 'B', body: 'B' }] }, 201);
    ids.bSequence = bSequence.id;
    leads.b = await newLead(b, { owner_1_name: 'Bea Other' });
    await ok(b, 'POST', `/api/sequences/${bSequence.id}/enrollments`, { lead_ids: [leads.b!.id] });
    ids.bJob = await insertJob(t, { name: AI_QUEUES.score, state: 'failed', data: { organizationId: b.organizationId, leadId: leads.b!.id }, output: { message: 'B broke' } });
    ids.bRule = (await insertRuleRuns(t, b, 'B rule', [{ leadId: leads.b!.id, outcome: 'applied', details: ['Tagged “b”.'] }])).ruleId;
  });

  it('shows each step run with what it did, or why it was moved or skipped, newest first', async () => {
    const page = await feed(a, '?source=sequence');
    const byLead = (lead: Lead) => page.items.filter((i) => i.lead?.id === lead.id);
    const moved = (await steps(a, leads.moved!.id))[0]!;
    expect(moved.state).toBe('moved');
    expect(byLead(leads.moved!)).toEqual([
      expect.objectContaining({
        source: 'sequence', kind: 'text', outcome: 'moved', at: moved.moved_to, reason: moved.reason, step_index: 0,
        lead: { id: leads.moved!.id, name: 'Moira Moved' }, sequence: { id: ids.texts, name: 'Early texts', step_count: 1 }, rule: null, job_id: null,
      }),
    ]);
    expect(moved.reason).toMatch(/calling|Texas|8:00/i);
    expect(byLead(leads.removed!)).toEqual([expect.objectContaining({ outcome: 'skipped', kind: 'text', reason: EXIT_REASON_INFO.removed.sentence })]);
    const done = await steps(a, leads.done!.id);
    expect(byLead(leads.done!)).toEqual([
      expect.objectContaining({ outcome: 'due', kind: 'email', step_index: 1, at: done[1]!.due_at, reason: 'Due by its delay after the previous step.' }),
      expect.objectContaining({ outcome: 'done', kind: 'add_tag', step_index: 0, reason: 'The tag “warm” was added.', sequence: { id: ids.tags, name: 'Warm tags', step_count: 2 } }),
    ]);
    const recorded = page.items.map((i) => i.recorded_at);
    expect(recorded).toEqual([...recorded].sort().reverse());
    expect(page.next_before).toBeNull();
  });

  it('shows the rules’ runs with their action sentences or reason, and filters by rule', async () => {
    const { ruleId, runIds } = await insertRuleRuns(t, a, 'Hot on answer', [
      { leadId: leads.done!.id, outcome: 'applied', details: ['Tagged “hot”.', 'Enrolled in “Warm tags”.'] },
      { leadId: leads.moved!.id, outcome: 'skipped', reason: 'The lead is on the Do-Not-Contact list.' },
      { leadId: leads.removed!.id, outcome: 'failed', reason: 'The sequence was deleted.' },
    ]);
    const page = await feed(a, `?rule_id=${ruleId}`);
    expect(page.items.map((i) => [i.id, i.source, i.kind, i.outcome, i.reason, i.rule])).toEqual(
      expect.arrayContaining([
        [runIds[0], 'rule', 'call_completed', 'applied', 'Tagged “hot”. Enrolled in “Warm tags”.', { id: ruleId, name: 'Hot on answer' }],
        [runIds[1], 'rule', 'call_completed', 'skipped', 'The lead is on the Do-Not-Contact list.', { id: ruleId, name: 'Hot on answer' }],
        [runIds[2], 'rule', 'call_completed', 'failed', 'The sequence was deleted.', { id: ruleId, name: 'Hot on answer' }],
      ]),
    );
    expect(page.items).toHaveLength(3);
    expect((await feed(a, '?source=rule&outcome=skipped')).items.map((i) => i.id)).toEqual([runIds[1]]);
  });

  it('shows AI jobs: one that ran for a new lead, with its outcome, and a failed one with its error', async () => {
    await ok(a, 'PUT', '/api/organization/settings', { aiIntegration: { enableSmartScoring: true } });
    const scored = await newLead(a, { owner_1_name: 'Scott Scored', motivation_score: 8 });
    // Scoring stays on until the job has run: its delivery and its handler each read the setting.
    const item = await poll('the score job in the feed', async () =>
      (await feed(a, `?source=ai&lead_id=${scored.id}`)).items.find((i) => i.outcome === 'done') ?? null,
    );
    await ok(a, 'PUT', '/api/organization/settings', { aiIntegration: { enableSmartScoring: false } });
    expect(item).toMatchObject({ source: 'ai', kind: 'score', lead: { id: scored.id, name: 'Scott Scored' }, sequence: null, rule: null, job_id: item.id });
    expect(item.reason).toMatch(/^Scored \d+ out of 100\.$/);
    const failed = await insertJob(t, {
      name: AI_QUEUES.enrich, state: 'failed', retryCount: 2, data: { organizationId: a.organizationId, leadId: leads.done!.id }, output: { message: 'The property service timed out', stack: 'at secret.ts:1' },
    });
    const failures = await feed(a, '?outcome=failed&source=ai');
    expect(failures.items).toEqual([expect.objectContaining({ id: failed, kind: 'enrich', outcome: 'failed', reason: 'Failed after 3 attempts: The property service timed out', lead: { id: leads.done!.id, name: 'Dora Done' } })]);
    expect(JSON.stringify(failures)).not.toContain('secret.ts');
  });

  it('filters by sequence, lead, source and outcome', async () => {
    const only = async (query: string, check: (i: FeedItem) => boolean) => {
      const page = await feed(a, query);
      expect(page.items.length, query).toBeGreaterThan(0);
      expect(page.items.every(check), query).toBe(true);
    };
    await only(`?sequence_id=${ids.tags}`, (i) => i.sequence?.id === ids.tags);
    await only(`?lead_id=${leads.moved!.id}`, (i) => i.lead?.id === leads.moved!.id);
    await only('?outcome=moved', (i) => i.outcome === 'moved');
    await only('?source=ai', (i) => i.source === 'ai');
    expect((await feed(a, `?sequence_id=${ids.tags}&source=rule`)).items).toEqual([]);
    expect((await feed(a, '?source=sequence&outcome=applied')).items).toEqual([]);
  });

  it('pages newest first with next_before, each item once, items of every source recorded in the same microsecond included', async () => {
    // A step run, two rule runs and an AI job recorded in one microsecond: paging one item at a time crosses each tie.
    const instant = '2099-01-01T00:00:00.123456Z';
    await sql`update sequence_step_runs set updated_at = ${instant}::timestamptz
      where id = (select id from sequence_step_runs where organization_id = ${a.organizationId} order by updated_at limit 1)`.execute(t.database.db);
    await insertRuleRuns(t, a, 'Same instant', [{ leadId: leads.done!.id, outcome: 'applied' }, { leadId: leads.moved!.id, outcome: 'applied' }]);
    await sql`update automation_rule_runs set created_at = ${instant}::timestamptz where organization_id = ${a.organizationId}
      and rule_id = (select id from automation_rules where name = 'Same instant')`.execute(t.database.db);
    const job = await insertJob(t, { name: AI_QUEUES.score, state: 'failed', data: { organizationId: a.organizationId, leadId: leads.done!.id }, output: { message: 'tied' } });
    await sql`update pgboss.job set completed_on = ${instant}::timestamptz where id = ${job}::uuid`.execute(t.database.db);
    const whole = await feed(a, '?limit=100');
    expect(whole.next_before).toBeNull();
    expect(whole.items.slice(0, 4).map((i) => [i.source, i.recorded_at])).toEqual([
      ['sequence', '2099-01-01T00:00:00.123Z'], ['rule', '2099-01-01T00:00:00.123Z'], ['rule', '2099-01-01T00:00:00.123Z'], ['ai', '2099-01-01T00:00:00.123Z'],
    ]);
    const pages = async (limit: number) => {
      const seen: string[] = [];
      let before: string | null = null;
      do {
        const page: FeedPage = await feed(a, `?limit=${limit}${before ? `&before=${encodeURIComponent(before)}` : ''}`);
        expect(page.items.length).toBeLessThanOrEqual(limit);
        seen.push(...page.items.map((i) => i.id));
        before = page.next_before;
      } while (before);
      return seen;
    };
    for (const limit of [1, 3]) expect(await pages(limit), `limit ${limit}`).toEqual(whole.items.map((i) => i.id));
    // A time as `before`: only what was recorded earlier.
    expect((await feed(a, '?before=2000-01-01T00:00:00Z')).items).toEqual([]);
    expect((await feed(a, '?before=2099-01-01T00:00:00Z&limit=100')).items.map((i) => i.id)).toEqual(whole.items.slice(4).map((i) => i.id));
  });

  it('never shows another organization’s items, whatever the filter names', async () => {
    const everything = JSON.stringify(await feed(a, '?limit=100'));
    for (const id of [leads.b!.id, ids.bSequence!, ids.bJob!, ids.bRule!, b.organizationId]) expect(everything).not.toContain(id);
    expect(everything).not.toContain('B broke');
    expect((await feed(a, `?lead_id=${leads.b!.id}`)).items).toEqual([]);
    expect((await feed(a, `?sequence_id=${ids.bSequence}`)).items).toEqual([]);
    expect((await feed(a, `?rule_id=${ids.bRule}`)).items).toEqual([]);
    // B sees its own.
    const own = await feed(b, '?limit=100');
    expect(own.items.map((i) => i.id)).toEqual(expect.arrayContaining([ids.bJob]));
    expect(own.items.some((i) => i.lead?.id === leads.b!.id && i.source === 'sequence')).toBe(true);
  });

  it('answers bad filters with a 400 naming the field', async () => {
    setClock(DAYTIME);
    for (const [query, message] of [
      ['?lead_id=not-an-id', /^lead_id: expected a lead id/],
      ['?sequence_id=1', /^sequence_id: expected a sequence id/],
      ['?rule_id=x', /^rule_id: expected a rule id/],
      ['?limit=0', /^limit: must be 1 or more/],
      ['?limit=1000', /^limit: must be at most 100/],
      ['?limit=abc', /^limit: /],
      ['?source=robots', /^source: expected one of sequence, rule, ai/],
      ['?outcome=exploded', /^outcome: expected one of/],
      ['?before=yesterday', /^before: expected the next_before of an earlier page, or a time/],
    ] as const) {
      const res = await call(a, 'GET', `/api/orchestrator/feed${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.message, query).toMatch(message);
    }
    expect((await t.request('GET', '/api/orchestrator/feed')).statusCode).toBe(401);
  });
});
