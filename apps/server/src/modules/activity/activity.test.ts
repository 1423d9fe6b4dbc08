import crypto from 'node:crypto';
import { leadStatusLabel, type ActivityEntry, type ActivityPage } from '@wholesail/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { DAYTIME, newCallingLead, waitFor } from '../../../test/calling';
import { DB_KINDS, ORIGIN, useTestApp, type TestApp } from '../../../test/harness';
import type { EnrichmentProvider } from '../../providers/enrichment';
import { setAi } from '../ai-jobs/ai-jobs.fixtures';
import { AiJobs } from '../ai-jobs/service';

type Owner = Awaited<ReturnType<TestApp['createOrg']>>;

describe.each(DB_KINDS)('GET /api/leads/:id/activity on %s', (kind) => {
  const t = useTestApp(kind, { DEMO_RING_MS: '50', DEMO_SMS_DELIVERY_MS: '60', DEMO_SMS_REPLY_MS: '600000' });
  let a: Owner;
  let b: Owner;
  const FROM = '+15125550611';

  beforeAll(async () => {
    a = await t.createOrg('Activity A');
    b = await t.createOrg('Activity B');
    expect((await t.request('POST', '/api/phone-numbers', { cookie: a.cookie, body: { phone_number: FROM, is_primary: true } })).statusCode).toBe(201);
    t.app.services.calls.clock = () => DAYTIME;
    t.app.services.conversations.clock = () => DAYTIME;
    // No scoring job races the entries these tests count; the one score is asked for below.
    for (const owner of [a, b]) await setAi(t.request, owner, { enableSmartScoring: false, enableAutoEnrichment: false });
  });

  let n = 0;
  const newLead = (owner: Owner) => newCallingLead(t, owner.cookie, ++n, {}, '61');
  const page = async (leadId: string, query = '', cookie = a.cookie): Promise<ActivityPage> => {
    const res = await t.request('GET', `/api/leads/${leadId}/activity${query}`, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const ok = async (res: Promise<{ statusCode: number; body: string }>, status = 200) => {
    const answer = await res;
    expect(answer.statusCode, answer.body).toBe(status);
    return answer;
  };

  it('tells each kind of change on a lead, newest first, with who did it and links to the call and the text', async () => {
    const lead = await newLead(a);
    await ok(t.request('PATCH', `/api/leads/${lead.id}`, { cookie: a.cookie, body: { notes: 'Motivated', estimated_value: 250000 } }));
    await ok(t.request('PATCH', `/api/leads/${lead.id}`, { cookie: a.cookie, body: { status: 'discovery' } }));
    await ok(t.request('POST', '/api/leads/bulk', { cookie: a.cookie, body: { ids: [lead.id], add_tags: ['vacant'] } }));

    const dial = await ok(t.request('POST', '/api/calls', { cookie: a.cookie, body: { lead_id: lead.id, from_e164: FROM, to_e164: lead.to, connection_sid: 'conn-1' } }), 201);
    const { call_id } = JSON.parse(dial.body) as { call_id: string };
    await ok(t.request('POST', `/api/calls/${call_id}/complete`, { cookie: a.cookie, body: { outcome: 'interested', durationMs: 95_000 } }));

    const sent = await ok(t.request('POST', '/api/conversations', { cookie: a.cookie, body: { lead_id: lead.id, body: 'Hi Pat, still thinking about selling?' } }), 201);
    const textId = (JSON.parse(sent.body) as { id: string }).id;
    const inbound = await t.app.services.conversations.receiveInbound({ messageSid: `SM${crypto.randomBytes(16).toString('hex')}`, from: lead.to, to: FROM, body: 'STOP' });
    expect(inbound).toMatchObject({ result: 'stored', optRequest: 'opt_out' });
    expect(await t.app.services.aiJobs.scoreLead(a.organizationId, lead.id)).toMatchObject({ result: 'scored' });
    await ok(t.request('DELETE', `/api/leads/${lead.id}`, { cookie: a.cookie }), 204);
    await ok(t.request('POST', `/api/leads/${lead.id}/restore`, { cookie: a.cookie }));

    const { items, next_cursor } = await page(lead.id, '?limit=100');
    expect(next_cursor).toBeNull();
    const rows = items.map((e) => [e.action, e.kind, e.actor.name, e.summary]);
    const owner = items.find((e) => e.action === 'lead.created')!.actor;
    expect(owner).toEqual({ id: a.userId, name: expect.any(String) });
    expect(owner.name).not.toBe('System');
    const name = owner.name;
    expect(rows).toEqual([
      ['lead.restored', 'restored', name, 'Restored the lead'],
      ['lead.deleted', 'deleted', name, 'Deleted the lead'],
      ['lead.ai_scored', 'ai', 'AI scoring', expect.stringMatching(/^AI score \d+ \(record-based\)/)],
      ['lead.dnc_opt_out', 'dnc', 'System', 'Opted out by text (STOP): marked Do Not Call'],
      ['sms.received', 'text', 'System', 'Text received: “STOP”'],
      ['sms.sent', 'text', name, 'Sent a text: “Hi Pat, still thinking about selling?”'],
      ['call.completed', 'call', name, `Call: Interested (1:35); status set to ${leadStatusLabel('interested-add-followup')}`],
      ['lead.bulk_updated', 'edit', name, 'Added tags vacant (bulk update)'],
      ['lead.updated', 'status', name, 'Changed status from New to Discovery'],
      ['lead.updated', 'edit', name, 'Edited estimated value, notes'],
      ['lead.created', 'created', name, 'Created the lead'],
    ].map(([action, kind, who, summary]) => [action, kind, who, summary]));
    expect(items.find((e) => e.action === 'call.completed')!.links).toEqual({ call_id, conversation_id: null });
    expect(items.find((e) => e.action === 'sms.sent')!.links).toEqual({ call_id: null, conversation_id: textId });
    expect(items.find((e) => e.action === 'sms.received')!.links.conversation_id).toEqual(expect.any(String));
    const times = items.map((e) => e.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('records an import on the timeline of each lead it creates or updates, by the member who imported', async () => {
    const csv = 'Owner,Property Address\r\nRuth Import,12 Import Way Austin TX 78701\r\n';
    const preview = await t.app.inject({
      method: 'POST', url: '/api/leads/import?filename=leads.csv', headers: { origin: ORIGIN, cookie: a.cookie, 'content-type': 'text/csv' }, payload: csv,
    });
    expect(preview.statusCode, preview.body).toBe(201);
    const { id } = preview.json();
    await ok(t.request('POST', `/api/leads/import/${id}/start`, { cookie: a.cookie, body: { mapping: { Owner: 'owner_1_name', 'Property Address': 'property_address_full' } } }), 202);
    await waitFor(() => t.request('GET', `/api/leads/import/${id}`, { cookie: a.cookie }), (res) => res.json().status === 'completed', 'the import');
    const leads = await t.request('GET', '/api/leads?search=Ruth%20Import', { cookie: a.cookie });
    const leadId = leads.json().items[0].id as string;
    const [entry] = (await page(leadId)).items;
    expect(entry).toMatchObject({ action: 'lead.imported', kind: 'import', actor: { id: a.userId }, summary: 'Created by the import of leads.csv' });
  });

  it("records a job's property enrichment with the fields it filled, by its automation", async () => {
    const lead = await newLead(a);
    const nothing = {
      owner_1_name: null, contact_1_phone1: null, contact_1_email1: null, estimated_value: null, property_type: null, total_bedrooms: null, total_baths: null,
      building_square_feet: null, year_built: null, last_sale_date: null, last_sale_price: null, mortgage_balance: null, tax_delinquent: null, motivation_score: null,
    };
    const provider: EnrichmentProvider = { kind: 'batchdata', lookupProperty: async () => ({ success: true, data: { ...nothing, year_built: 1987, total_bedrooms: 3 } }) };
    const jobs = new AiJobs({ db: t.database.db, llm: null, enrichment: provider, log: t.app.log });
    jobs.attach(t.app.services.jobs);
    expect(await jobs.enrichLead(a.organizationId, lead.id, { trigger: 'manual' })).toMatchObject({ result: 'enriched' });
    const [entry] = (await page(lead.id)).items;
    expect(entry).toMatchObject({ action: 'lead.enriched', kind: 'ai', actor: { id: null, name: 'Property enrichment' } });
    expect(entry!.summary).toMatch(/^Enriched with property data: (year built, total bedrooms|total bedrooms, year built)$/);
  });

  it('pages newest first with a cursor, each entry once, and refuses a bad limit or cursor with the reason', async () => {
    const lead = await newLead(a);
    for (let i = 0; i < 6; i += 1) await ok(t.request('PATCH', `/api/leads/${lead.id}`, { cookie: a.cookie, body: { notes: `note ${i}` } }));
    const all = (await page(lead.id, '?limit=100')).items;
    expect(all).toHaveLength(7);
    const seen: ActivityEntry[] = [];
    let cursor: string | null = null;
    do {
      const next: ActivityPage = await page(lead.id, `?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(next.items.length).toBeLessThanOrEqual(3);
      seen.push(...next.items);
      cursor = next.next_cursor;
    } while (cursor);
    expect(seen.map((e) => e.id)).toEqual(all.map((e) => e.id));
    expect((await page(lead.id)).items).toHaveLength(7);

    const bad = async (query: string, message: RegExp) => {
      const res = await t.request('GET', `/api/leads/${lead.id}/activity${query}`, { cookie: a.cookie });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toMatch(message);
    };
    await bad('?limit=101', /limit: must be at most 100/);
    await bad('?limit=0', /limit: must be 1 or more/);
    await bad('?cursor=yesterday', /cursor: expected the next_cursor of an earlier page/);
  });

  it("answers 404 for another organization's lead and an unknown one, 400 for an id that is not one, 401 signed out", async () => {
    const lead = await newLead(a);
    const foreign = await t.request('GET', `/api/leads/${lead.id}/activity`, { cookie: b.cookie });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe('Lead not found');
    expect((await t.request('GET', `/api/leads/${crypto.randomUUID()}/activity`, { cookie: a.cookie })).statusCode).toBe(404);
    expect((await t.request('GET', '/api/leads/not-a-lead/activity', { cookie: a.cookie })).statusCode).toBe(400);
    expect((await t.request('GET', `/api/leads/${lead.id}/activity`)).statusCode).toBe(401);
    // B's own lead shows only B's activity.
    const bLead = await newCallingLead(t, b.cookie, 99, {}, '62');
    expect((await page(bLead.id, '', b.cookie)).items.map((e) => e.actor.id)).toEqual([b.userId]);
  });
});
