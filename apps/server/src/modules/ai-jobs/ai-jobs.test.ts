import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { withTenant } from '../../db/scope';
import type { EnrichmentProvider } from '../../providers/enrichment';
import { createTestDatabase, DB_KINDS, ORIGIN, startTestApp, useTestApp, type TestDatabase } from '../../../test/harness';
import { jobsFor } from '../../../test/jobs';
import { deliveredTo } from '../../../test/outbox';
import { AiJobs, AI_QUEUES, type LeadJob } from './service';
import { AI_SUBSCRIBERS } from './subscriptions';
import { createLead, DISTRESSED, getLead, insertConversation, NO_DATA, OPT_OUT, poll, setAi, type Owner } from './ai-jobs.fixtures';

describe.each(DB_KINDS)('AI jobs on %s', (kind) => {
  const t = useTestApp(kind);
  let a: Owner;
  let b: Owner;
  beforeAll(async () => {
    a = await t.createOrg('AI jobs A');
    b = await t.createOrg('AI jobs B');
  });

  it('scores a new lead by a job when smart scoring is on, and finishes its enrichment as not configured', async () => {
    const id = await createLead(t.request, a, DISTRESSED);
    const lead = await poll('the lead to be scored', async () => {
      const l = await getLead(t.request, a, id);
      return l.ai_score === null ? null : l;
    });
    expect(lead).toMatchObject({ ai_score: 87, ai_score_source: 'rules', enriched_at: null, enriched_by: null, data_source: null });
    expect(lead.ai_score_reasons).toEqual(['No recorded motivation: default 5/9 (base 50)', 'Pre-foreclosure (+15)', 'Tax delinquent (+12)', 'Vacant property (+10)']);
    expect(Date.parse(lead.ai_scored_at)).not.toBeNaN();
    const enrich = await poll('the enrichment job', async () => (await jobsFor(t.database.db, AI_QUEUES.enrich, 'leadId', id)).find((j) => j.state === 'completed'));
    expect(enrich.output).toMatchObject({ result: 'not_configured', message: 'Data enrichment service is not configured. Basic property info only.' });
    expect((await jobsFor(t.database.db, AI_QUEUES.score, 'leadId', id)).map((j) => [j.state, j.singleton_key])).toEqual([['completed', `lead:${id}`]]);
  });

  it('queues nothing for a new lead while enrichment and scoring are off, and again once they are on', async () => {
    await setAi(t.request, b, { enableSmartScoring: false, enableAutoEnrichment: false });
    const off = await createLead(t.request, b, DISTRESSED);
    await deliveredTo(t.database.db, AI_SUBSCRIBERS.newLead, 'lead.created', { leadId: off });
    expect(await jobsFor(t.database.db, AI_QUEUES.score, 'leadId', off)).toEqual([]);
    expect(await jobsFor(t.database.db, AI_QUEUES.enrich, 'leadId', off)).toEqual([]);
    expect((await getLead(t.request, b, off)).ai_score).toBeNull();
    // A job queued while the setting was on finds it off when it runs: it does nothing. A manual request still runs.
    const queuedBefore: LeadJob = { organizationId: b.organizationId, leadId: off, requestedAt: new Date().toISOString(), trigger: 'auto' };
    expect(await t.app.services.aiJobs.runScoreJob(queuedBefore)).toEqual({ result: 'disabled' });
    expect(await t.app.services.aiJobs.runEnrichJob(queuedBefore, { id: 'j', lastAttempt: false, stopping: () => false })).toEqual({ result: 'disabled' });
    expect((await getLead(t.request, b, off)).ai_score).toBeNull();
    expect(await t.app.services.aiJobs.runScoreJob({ ...queuedBefore, trigger: 'manual' })).toMatchObject({ result: 'scored', ai_score: 87 });

    await setAi(t.request, b, { enableSmartScoring: true });
    const on = await createLead(t.request, b, { owner_1_name: 'Scored Again' });
    await deliveredTo(t.database.db, AI_SUBSCRIBERS.newLead, 'lead.created', { leadId: on });
    expect(await jobsFor(t.database.db, AI_QUEUES.enrich, 'leadId', on)).toEqual([]);
    await poll('the second lead to be scored', async () => (await getLead(t.request, b, on)).ai_score);
    await setAi(t.request, b, { enableAutoEnrichment: true });
  });

  it('scores on request with the reasons of a distressed lead, and an unpromising one low', async () => {
    const id = await createLead(t.request, a, { ...DISTRESSED, owner_1_name: 'Manual Score', motivation_score: 7 });
    const res = await t.request('POST', `/api/leads/${id}/ai-score`, { cookie: a.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      lead_id: id, ai_score: 100, ai_score_source: 'rules', motivation: 9, motivation_level: 'Very High', llm: 'not_configured',
      ai_score_reasons: ['Recorded motivation 7/9 (base 70)', 'Pre-foreclosure (+15)', 'Tax delinquent (+12)', 'Vacant property (+10)'],
    });
    expect(await getLead(t.request, a, id)).toMatchObject({ ai_score: 100, ai_scored_at: res.json().ai_scored_at, motivation_score: 7 });

    const cold = await createLead(t.request, a, { owner_1_name: 'Cold Lead', last_call_disposition: 'not_interested', dnc_status: true });
    const coldScore = (await t.request('POST', `/api/leads/${cold}/ai-score`, { cookie: a.cookie })).json();
    expect(coldScore).toMatchObject({ ai_score: 0, motivation_level: 'Low' });
    expect(coldScore.ai_score_reasons).toContain('On the do-not-call list (-30)');
  });

  it('analyzes an opt-out as negative, stores one analysis per message however often it runs, and reads it back', async () => {
    const leadId = await createLead(t.request, a, { owner_1_name: 'Texting Tom' });
    const id = await insertConversation(t.database.db, a.organizationId, leadId, OPT_OUT);
    for (let i = 0; i < 2; i++) {
      const res = await t.request('POST', `/api/conversations/${id}/analyze`, { cookie: a.cookie });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        conversation_id: id, lead_id: leadId, sentiment: 'negative', motivation_signals: [], source: 'rules', model: null,
        next_step: 'Honor the request: mark the lead do-not-contact and stop all calls and texts.',
      });
    }
    const rows = await withTenant(t.database.db, a.organizationId, (tx) => sql<{ n: number }>`select count(*)::int as n from conversation_analyses where conversation_id = ${id}`.execute(tx));
    expect(rows.rows[0]!.n).toBe(1);
    const read = await t.request('GET', `/api/conversations/${id}/analysis`, { cookie: a.cookie });
    expect(read.json()).toMatchObject({ sentiment: 'negative' });
  });

  it('analyzes a new conversation by a job through the hook when analysis is on, and not when it is off', async () => {
    const leadId = await createLead(t.request, a, { owner_1_name: 'Hook Lead' });
    await insertConversation(t.database.db, a.organizationId, leadId, 'We inherited the place and it needs repairs', 'inbound');
    const id = await insertConversation(t.database.db, a.organizationId, leadId, 'Yes, how much would you offer?');
    expect(await t.app.services.aiJobs.enqueueConversationAnalysis(a.organizationId, id)).toEqual(expect.any(String));
    const analysis = await poll('the analysis job', async () => {
      const res = await t.request('GET', `/api/conversations/${id}/analysis`, { cookie: a.cookie });
      return res.statusCode === 200 ? res.json() : null;
    });
    expect(analysis).toMatchObject({
      sentiment: 'positive',
      motivation_signals: ['Inherited property', 'Property needs repairs', 'Asked about an offer'],
      next_step: 'Call now to discuss price and make a cash offer.',
    });

    // Queued inside the inserting transaction: the job commits with the message, and the transaction keeps its tenant role.
    const later = await withTenant(t.database.db, a.organizationId, async (tx) => {
      const row = await tx.insertInto('conversations').values({ organization_id: a.organizationId, lead_id: leadId, body: 'Sounds good, call me', direction: 'inbound', status: 'received' }).returning('id').executeTakeFirstOrThrow();
      const jobId = await t.app.services.aiJobs.enqueueConversationAnalysis(a.organizationId, row.id, tx);
      const role = await sql<{ role: string; org: string }>`select current_user as role, current_setting('app.organization_id') as org`.execute(tx);
      expect(role.rows[0]).toEqual({ role: 'wholesail_app', org: a.organizationId });
      expect(jobId).toEqual(expect.any(String));
      return row.id;
    });
    t.app.services.aiJobs.wake();
    await poll('the analysis queued in the transaction', async () => (await t.request('GET', `/api/conversations/${later}/analysis`, { cookie: a.cookie })).statusCode === 200 || null);

    await setAi(t.request, a, { enableConversationAnalysis: false });
    const quiet = await insertConversation(t.database.db, a.organizationId, leadId, 'Call me tomorrow');
    expect(await t.app.services.aiJobs.enqueueConversationAnalysis(a.organizationId, quiet)).toBeNull();
    const inTx = await withTenant(t.database.db, a.organizationId, (tx) => t.app.services.aiJobs.enqueueConversationAnalysis(a.organizationId, quiet, tx));
    expect(inTx).toBeNull();
    expect(await jobsFor(t.database.db, AI_QUEUES.analyze, 'conversationId', quiet)).toEqual([]);
    expect((await t.request('GET', `/api/conversations/${quiet}/analysis`, { cookie: a.cookie })).statusCode).toBe(404);
    // A manual request still runs.
    expect((await t.request('POST', `/api/conversations/${quiet}/analyze`, { cookie: a.cookie })).json().sentiment).toBe('positive');
    await setAi(t.request, a, { enableConversationAnalysis: true });
  });

  it('refuses a manual enrichment without BatchData, saying why, and queues nothing', async () => {
    const id = await createLead(t.request, a, { owner_1_name: 'Enrich Me', property_address_full: '1 Data Way, Austin, TX 78701' });
    const before = (await jobsFor(t.database.db, AI_QUEUES.enrich, 'leadId', id)).length;
    for (const [url, body] of [[`/api/leads/${id}/enrich`, undefined], ['/api/leads/enrich', { leadIds: [id] }]] as const) {
      const res = await t.request('POST', url, { cookie: a.cookie, body });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().error).toEqual({ code: 'ENRICHMENT_NOT_CONFIGURED', message: 'No property-data service is configured (BATCHDATA_API_KEY): leads cannot be enriched' });
    }
    expect(await jobsFor(t.database.db, AI_QUEUES.enrich, 'leadId', id)).toHaveLength(before);
    expect((await t.request('GET', `/api/leads/${id}/enrichment`, { cookie: a.cookie })).json()).toEqual({ enrichment: null });
  });

  it("answers 404 for another organization's or unknown ids, 400 for malformed ones, 401 signed out", async () => {
    const leadId = await createLead(t.request, a, { owner_1_name: 'Private Lead' });
    const convId = await insertConversation(t.database.db, a.organizationId, leadId, 'Hello');
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['POST', `/api/leads/${leadId}/enrich`], ['POST', `/api/leads/${leadId}/ai-score`], ['POST', `/api/conversations/${convId}/analyze`],
      ['GET', `/api/conversations/${convId}/analysis`], ['POST', `/api/leads/${unknown}/ai-score`], ['POST', `/api/conversations/${unknown}/analyze`],
    ] as const) {
      const res = await t.request(method, url, { cookie: b.cookie });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    const bad = await t.request('POST', '/api/leads/not-a-uuid/ai-score', { cookie: a.cookie });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/id/);
    expect((await t.request('POST', `/api/leads/${leadId}/ai-score`)).statusCode).toBe(401);
  });

  it('scores and enriches the leads of a CSV import by two jobs for the whole import, a page at a time', async () => {
    const lines = ['Owner Name,Property Address,Property City,Property State,Property Zip,Tax Delinquent,Vacant'];
    for (let i = 0; i < 7; i++) lines.push(`Owner ${i},${200 + i} Import Street,Austin,TX,78701,${i % 2 === 0 ? 'Yes' : 'No'},No`);
    const up = await t.app.inject({ method: 'POST', url: '/api/leads/import?filename=ai.csv', headers: { origin: ORIGIN, cookie: b.cookie, 'content-type': 'text/csv' }, payload: lines.join('\n') });
    expect(up.statusCode, up.body).toBe(201);
    const importId = up.json().id as string;
    expect((await t.request('POST', `/api/leads/import/${importId}/start`, { cookie: b.cookie, body: { mapping: up.json().proposed_mapping } })).statusCode).toBe(202);
    const scores = await poll('every imported lead to be scored', async () => {
      const rows = await withTenant(t.database.db, b.organizationId, (tx) =>
        sql<{ ai_score: number | null; tax_delinquent: boolean }>`select ai_score, tax_delinquent from leads where source = 'csv_import' order by property_address`.execute(tx));
      return rows.rows.length === 7 && rows.rows.every((r) => r.ai_score !== null) ? rows.rows : null;
    });
    expect(scores.map((r) => r.ai_score)).toEqual([62, 50, 62, 50, 62, 50, 62]);
    const importJobs = await jobsFor(t.database.db, AI_QUEUES.score, 'importId', importId);
    expect(importJobs.map((j) => j.singleton_key)).toEqual([`import:${importId}`]);
    await poll('the import enrichment job', async () => (await jobsFor(t.database.db, AI_QUEUES.enrich, 'importId', importId)).find((j) => j.state === 'completed'));
    expect((await jobsFor(t.database.db, AI_QUEUES.enrich, 'importId', importId))[0]!.output).toMatchObject({ result: 'not_configured' });
    // No job per imported lead.
    const perLead = await sql<{ n: number }>`
      select count(*)::int as n from pgboss.job j join leads l on l.id::text = j.data->>'leadId'
      where j.name in (${AI_QUEUES.score}, ${AI_QUEUES.enrich}) and l.source = 'csv_import'`.execute(t.database.db);
    expect(perLead.rows[0]!.n).toBe(0);

    // A page smaller than the import: the first page queues the next in its own transaction, and the pages cover every lead once.
    await withTenant(t.database.db, b.organizationId, (tx) => sql`update leads set ai_score = null, ai_scored_at = null where source = 'csv_import'`.execute(tx));
    const small = new AiJobs({ db: t.database.db, llm: null, enrichment: { kind: 'none', lookupProperty: async () => ({ success: false }) }, log: t.app.log, pageSizes: { score: 3 } });
    small.attach(t.app.services.jobs);
    expect(await small.runScoreJob({ organizationId: b.organizationId, importId })).toEqual({ result: 'scored', scored: 3, more: true });
    await poll('the following pages', async () => {
      const rows = await withTenant(t.database.db, b.organizationId, (tx) => sql<{ n: number }>`select count(*)::int as n from leads where source = 'csv_import' and ai_score is null`.execute(tx));
      return rows.rows[0]!.n === 0 ? true : null;
    });
    const pages = (await jobsFor(t.database.db, AI_QUEUES.score, 'importId', importId)).map((j) => j.singleton_key);
    expect(pages.filter((k) => k?.startsWith(`import:${importId}:`))).toHaveLength(1); // page 2 (leads 4-7 in one page of 500)

    // Enrichment with a configured service, 4 leads a page: each page fills its leads, rescores them by the rules and queues the next page.
    const looked: string[] = [];
    const batchdata: EnrichmentProvider = {
      kind: 'batchdata',
      async lookupProperty(address) {
        looked.push(address);
        return { success: true, data: { ...NO_DATA, estimated_value: 400000, mortgage_balance: 100000, tax_delinquent: true, year_built: 1990 } };
      },
    };
    const enricher = new AiJobs({ db: t.database.db, llm: null, enrichment: batchdata, log: t.app.log, pageSizes: { enrich: 4 } });
    enricher.attach(t.app.services.jobs);
    const run = { id: 'j', lastAttempt: false, stopping: () => false };
    expect(await enricher.runEnrichJob({ organizationId: b.organizationId, importId }, run)).toEqual({ result: 'enriched', looked_up: 4, enriched: 4, failed: 0, more: true });
    const next = await sql<{ data: { organizationId: string; importId: string } }>`
      select data from pgboss.job where name = ${AI_QUEUES.enrich} and singleton_key like ${`import:${importId}:%`}`.execute(t.database.db);
    expect(next.rows).toHaveLength(1);
    expect(await enricher.runEnrichJob(next.rows[0]!.data, run)).toEqual({ result: 'enriched', looked_up: 3, enriched: 3, failed: 0, more: false });
    expect(looked).toHaveLength(7);
    expect(looked).toContain('200 Import Street, Austin, TX 78701');
    const enrichedRows = await withTenant(t.database.db, b.organizationId, (tx) =>
      sql<{ enriched_by: string; tax_delinquent: boolean; year_built: number; ai_score: number }>`
        select enriched_by, tax_delinquent, year_built, ai_score from leads where source = 'csv_import' order by property_address`.execute(tx));
    // The file's own tax delinquency stays; value and mortgage give high equity (+10).
    expect(enrichedRows.rows.map((r) => [r.enriched_by, r.tax_delinquent, r.year_built, r.ai_score])).toEqual(
      [0, 1, 2, 3, 4, 5, 6].map((i) => ['batchdata', i % 2 === 0, 1990, i % 2 === 0 ? 72 : 60]),
    );
    // Run again (a duplicate delivery): every lead is enriched already, nothing is looked up.
    expect(await enricher.runEnrichJob({ organizationId: b.organizationId, importId }, run)).toEqual({ result: 'enriched', looked_up: 0, enriched: 0, failed: 0, more: true });
    expect(looked).toHaveLength(7);
  });

  it('enriches with a configured service: fills only empty fields, stamps the lead, rescoring it, and a retried job changes nothing twice', async () => {
    const lookups: string[] = [];
    const provider: EnrichmentProvider = {
      kind: 'batchdata',
      async lookupProperty(address) {
        lookups.push(address);
        return {
          success: true,
          data: {
            owner_1_name: 'Someone Else', contact_1_phone1: '5125550100', contact_1_email1: 'owner@example.com', estimated_value: 400000, property_type: 'Single Family',
            total_bedrooms: 3, total_baths: 2, building_square_feet: 1500, year_built: 1987, last_sale_date: '2015-06-01', last_sale_price: 180000,
            mortgage_balance: 100000, tax_delinquent: true, motivation_score: null,
          },
        };
      },
    };
    const ai = new AiJobs({ db: t.database.db, llm: null, enrichment: provider, log: t.app.log });
    ai.attach(t.app.services.jobs);
    await setAi(t.request, a, { enableSmartScoring: false, enableAutoEnrichment: false });
    const id = await createLead(t.request, a, { owner_1_name: 'Kept Owner', property_address: '9 Fill Road', property_address_city: 'Austin', property_address_state: 'TX', estimated_value: 250000 });
    // The subscriber reads the switches when the event is delivered: switched on before that, it would queue its own
    // enrichment, which could run before the one below.
    await deliveredTo(t.database.db, AI_SUBSCRIBERS.newLead, 'lead.created', { leadId: id });
    await setAi(t.request, a, { enableSmartScoring: true, enableAutoEnrichment: true });
    const job: LeadJob = { organizationId: a.organizationId, leadId: id, requestedAt: new Date().toISOString(), trigger: 'auto' };
    const first = await ai.runEnrichJob(job, { id: 'x', lastAttempt: false, stopping: () => false });
    expect(first).toEqual({
      result: 'enriched',
      filled: ['contact_1_phone1', 'contact_1_email1', 'property_type', 'total_bedrooms', 'total_baths', 'building_square_feet', 'year_built', 'last_sale_date', 'last_sale_price', 'mortgage_balance', 'tax_delinquent'],
    });
    expect(lookups).toEqual(['9 Fill Road, Austin, TX']);
    const lead = await getLead(t.request, a, id);
    expect(lead).toMatchObject({ owner_1_name: 'Kept Owner', estimated_value: 250000, contact_1_phone1: '5125550100', tax_delinquent: true, enriched_by: 'batchdata', data_source: 'batchdata' });
    expect(lead.enriched_at).not.toBeNull();
    // New data: the lead is scored again, and the score counts the new tax delinquency.
    const rescored = await poll('the rescoring after enrichment', async () => {
      const l = await getLead(t.request, a, id);
      return l.ai_score === null ? null : l;
    });
    expect(rescored.ai_score_reasons).toContain('Tax delinquent (+12)');
    // The same job again (a retry after a crash), or any later automatic one: nothing is looked up or written twice.
    expect(await ai.runEnrichJob(job, { id: 'x', lastAttempt: false, stopping: () => false })).toEqual({ result: 'already_enriched' });
    expect(lookups).toHaveLength(1);
    expect((await getLead(t.request, a, id)).enriched_at).toBe(lead.enriched_at);
  });
});

describe.each(DB_KINDS)('AI jobs across a restart on %s', (kind) => {
  let tdb: TestDatabase;
  beforeAll(async () => {
    tdb = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await tdb.drop();
  });

  it('scores a lead created while the workers were stopped once the server is back, and only once', async () => {
    const first = await startTestApp(tdb.database);
    const owner = await first.createOrg('Restart Realty');
    // The workers stop before the lead is created: its lead.created event is stored, and waits for delivery.
    await first.app.services.jobs.stop();
    const id = await createLead(first.request, owner, DISTRESSED);
    const events = await sql<{ type: string; delivered_at: Date | null }>`select type, delivered_at from outbox where payload->>'leadId' = ${id}`.execute(tdb.database.db);
    expect(events.rows).toEqual([{ type: 'lead.created', delivered_at: null }]);
    expect(await jobsFor(tdb.database.db, AI_QUEUES.score, 'leadId', id)).toEqual([]);
    expect((await getLead(first.request, owner, id)).ai_score).toBeNull();
    await first.app.close();

    const second = await startTestApp(tdb.database);
    try {
      const scored = await poll('the job to run after the restart', async () => {
        const l = await getLead(second.request, owner, id);
        return l.ai_score === null ? null : l;
      });
      expect(scored.ai_score).toBe(87);
      const done = await poll('the job to complete', async () => {
        const jobs = await jobsFor(tdb.database.db, AI_QUEUES.score, 'leadId', id);
        return jobs.every((j) => j.state === 'completed') ? jobs : null;
      });
      expect(done).toHaveLength(1);
      expect(done[0]!.output).toMatchObject({ result: 'scored', ai_score: 87 });
      // Delivered again (pg-boss retries a job whose completion was lost): the score is not written twice.
      const [{ data }] = (await sql<{ data: LeadJob }>`select data from pgboss.job where name = ${AI_QUEUES.score} and data->>'leadId' = ${id}`.execute(tdb.database.db)).rows as [{ data: LeadJob }];
      expect(await second.app.services.aiJobs.runScoreJob(data)).toEqual({ result: 'already_scored' });
      expect((await getLead(second.request, owner, id)).ai_scored_at).toBe(scored.ai_scored_at);
    } finally {
      await second.app.close();
    }
  });
});
