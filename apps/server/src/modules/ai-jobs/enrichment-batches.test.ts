import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { EnrichmentResult } from '../../providers/enrichment';
import { DB_KINDS, useTestApp } from '../../../test/harness';
import { AI_QUEUES } from './service';
import { createLead, NO_DATA, poll, setAi, type Owner } from './ai-jobs.fixtures';

const found = (): EnrichmentResult => ({ success: true, data: { ...NO_DATA, year_built: 1975, estimated_value: 300000 } });

describe.each(DB_KINDS)('manual enrichment batches on %s', (kind) => {
  const t = useTestApp(kind, { BATCHDATA_API_KEY: 'test-batchdata-key' });
  let a: Owner;
  let b: Owner;
  // Lookups wait for `release` while a test holds them, so a job stays in flight.
  let release: () => void = () => {};
  let held: Promise<void> = Promise.resolve();
  let answer: (address: string) => Promise<EnrichmentResult> = async () => found();
  const lookups: string[] = [];
  beforeAll(async () => {
    a = await t.createOrg('Batch A');
    b = await t.createOrg('Batch B');
    t.app.services.enrichment.lookupProperty = async (address) => {
      lookups.push(address);
      await held;
      return answer(address);
    };
    // Only the manual requests enrich here.
    for (const o of [a, b]) await setAi(t.request, o, { enableAutoEnrichment: false, enableSmartScoring: false });
  });
  const hold = () => (held = new Promise<void>((resolve) => (release = resolve)));

  const keyedJobs = async (leadId: string) =>
    (await sql<{ state: string; priority: number }>`select state, priority from pgboss.job where name = ${AI_QUEUES.enrich} and singleton_key = ${`lead:${leadId}:manual`}`.execute(t.database.db)).rows;
  const finishedEvents = async (batchId: string) =>
    (await sql<{ organization_id: string; payload: Record<string, unknown> }>`select organization_id, payload from outbox where type = 'enrichment.batch_finished' and payload->>'batchId' = ${batchId}`.execute(t.database.db)).rows;
  const batchOf = async (owner: Owner, id: string) => (await t.request('GET', `/api/enrichment-batches/${id}`, { cookie: owner.cookie })).json();

  it('queues each lead once while in flight, counts the batch and emits batch_finished once with its last lead', async () => {
    const one = await createLead(t.request, a, { owner_1_name: 'Batch One', property_address_full: '1 Batch St, Austin, TX 78701' });
    const two = await createLead(t.request, a, { owner_1_name: 'Batch Two', property_address_full: '2 Batch St, Austin, TX 78701' });
    const bare = await createLead(t.request, a, { owner_1_name: 'No Address' });
    hold();
    const res = await t.request('POST', '/api/leads/enrich', { cookie: a.cookie, body: { leadIds: [one, two, bare, one], priority: 'high' } });
    expect(res.statusCode, res.body).toBe(202);
    const { batch } = res.json();
    expect(res.json()).toMatchObject({ queued: 3, already_in_flight: 0, batch: { total: 3, enriched: 0, failed: 0, skipped: 0, priority: 'high', requested_by: a.userId, finished_at: null } });

    // Clicked again, in bulk and on one lead, while the lookups wait: nothing more is queued, the answer is the batch in
    // flight. (The lead without an address failed at once, without a lookup.)
    const again = await t.request('POST', '/api/leads/enrich', { cookie: a.cookie, body: { leadIds: [one, two] } });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toMatchObject({ queued: 0, already_in_flight: 2, batch: { id: batch.id } });
    const single = await t.request('POST', `/api/leads/${one}/enrich`, { cookie: a.cookie });
    expect(single.json()).toMatchObject({ queued: 0, already_in_flight: 1, batch: { id: batch.id } });
    for (const id of [one, two, bare]) expect((await keyedJobs(id)).map((j) => j.priority)).toEqual([10]);
    expect((await t.request('GET', `/api/leads/${one}/enrichment`, { cookie: a.cookie })).json().enrichment).toMatchObject({ batch_id: batch.id, state: 'queued', priority: 'high' });

    release();
    const done = await poll('the batch to finish', async () => {
      const current = await batchOf(a, batch.id);
      return current.finished_at ? current : null;
    });
    expect(done).toMatchObject({ total: 3, enriched: 2, failed: 1, skipped: 0 });
    expect((await t.request('GET', `/api/leads/${bare}/enrichment`, { cookie: a.cookie })).json().enrichment).toMatchObject({
      state: 'failed', message: 'The lead has no property address to look up',
    });
    expect((await t.request('GET', `/api/leads/${one}/enrichment`, { cookie: a.cookie })).json().enrichment).toMatchObject({ state: 'enriched', message: null });
    const lead = (await t.request('GET', `/api/leads/${one}`, { cookie: a.cookie })).json();
    expect(lead).toMatchObject({ year_built: 1975, enriched_by: 'batchdata' });
    expect(lookups.filter((l) => l.startsWith('1 Batch St'))).toHaveLength(1);
    expect(await finishedEvents(batch.id)).toEqual([{ organization_id: a.organizationId, payload: { batchId: batch.id, requestedBy: a.userId } }]);

    // Settled: a new request is a new batch, queued again (normal priority by default).
    const later = await t.request('POST', `/api/leads/${one}/enrich`, { cookie: a.cookie });
    expect(later.json()).toMatchObject({ queued: 1, batch: { total: 1, priority: 'normal' } });
    expect(later.json().batch.id).not.toBe(batch.id);
    await poll('the second batch to finish', async () => (await batchOf(a, later.json().batch.id)).finished_at);
    expect(await finishedEvents(batch.id)).toHaveLength(1);
  });

  it('fails a lead whose lookups keep failing only on the last attempt, with the reason', async () => {
    const id = await createLead(t.request, a, { owner_1_name: 'Unreachable', property_address_full: '9 Down St, Austin, TX 78701' });
    answer = async () => {
      throw new Error('socket hang up');
    };
    // The job itself is run by hand here: the queued one is held, then its attempts are played out.
    hold();
    const res = await t.request('POST', '/api/leads/enrich', { cookie: a.cookie, body: { leadIds: [id] } });
    const batchId = res.json().batch.id as string;
    const job = { organizationId: a.organizationId, leadId: id, requestedAt: new Date().toISOString(), trigger: 'manual' as const, batchId };
    release();
    const ai = t.app.services.aiJobs;
    await expect(ai.runEnrichJob(job, { id: 'x', lastAttempt: false, stopping: () => false })).rejects.toThrow('socket hang up');
    expect((await batchOf(a, batchId)).failed).toBe(0);
    expect(await ai.runEnrichJob(job, { id: 'x', lastAttempt: true, stopping: () => false })).toMatchObject({ result: 'error' });
    // Settled once: the queued job's own attempts change nothing more.
    expect(await batchOf(a, batchId)).toMatchObject({ total: 1, failed: 1, enriched: 0 });
    expect((await t.request('GET', `/api/leads/${id}/enrichment`, { cookie: a.cookie })).json().enrichment).toMatchObject({
      state: 'failed', message: 'The property-data service could not be reached; try again later',
    });
    expect(await finishedEvents(batchId)).toHaveLength(1);
    answer = async () => found();
  });

  it("keeps each organization's leads and batches to itself", async () => {
    const mine = await createLead(t.request, a, { owner_1_name: 'A Private', property_address_full: '3 Own St, Austin, TX 78701' });
    const theirs = await createLead(t.request, b, { owner_1_name: 'B Own', property_address_full: '4 Own St, Austin, TX 78701' });
    const res = await t.request('POST', '/api/leads/enrich', { cookie: a.cookie, body: { leadIds: [mine] } });
    const batchId = res.json().batch.id as string;
    for (const [method, url, body] of [
      ['POST', `/api/leads/${mine}/enrich`, undefined], ['POST', '/api/leads/enrich', { leadIds: [mine] }],
      ['GET', `/api/leads/${mine}/enrichment`, undefined], ['GET', `/api/enrichment-batches/${batchId}`, undefined],
    ] as const) {
      const other = await t.request(method, url, { cookie: b.cookie, body });
      expect(other.statusCode, `${method} ${url}`).toBe(404);
    }
    // A mixed list: only the caller's own lead is queued.
    const mixed = await t.request('POST', '/api/leads/enrich', { cookie: b.cookie, body: { leadIds: [mine, theirs] } });
    expect(mixed.json()).toMatchObject({ queued: 1, batch: { total: 1 } });
    expect(await keyedJobs(mine)).toHaveLength(1);
    expect((await t.request('POST', '/api/leads/enrich', { body: { leadIds: [mine] } })).statusCode).toBe(401);
  });

  it('answers 400 naming the problem for bad input', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ leadIds: [] }, /leadIds: at least one lead/],
      [{ leadIds: ['nope'] }, /leadIds: expected lead ids/],
      [{ leadIds: Array.from({ length: 501 }, () => crypto.randomUUID()) }, /leadIds: at most 500 leads/],
      [{ leadIds: [crypto.randomUUID()], priority: 'urgent' }, /priority: expected normal or high/],
      [{}, /leadIds/],
    ];
    for (const [body, message] of cases) {
      const res = await t.request('POST', '/api/leads/enrich', { cookie: a.cookie, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toMatch(message);
    }
    const single = await t.request('POST', `/api/leads/${crypto.randomUUID()}/enrich`, { cookie: a.cookie, body: { priority: 'soon' } });
    expect(single.statusCode).toBe(400);
    expect(single.json().error.message).toMatch(/priority/);
  });
});
