import type { WebhookDelivery } from '@wholesail/domain';
import { WebhookVerificationError } from 'standardwebhooks';
import { beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../../db/scope';
import { DB_KINDS, useTestApp, type TestApp } from '../../../test/harness';
import { memberApi } from '../../../test/member-api';
import { deliveredTo } from '../../../test/outbox';
import { poll } from '../../../test/poll';
import { useReceiver, verifyAtItsTime, verifyWith } from '../../../test/webhook-receiver';
import { WEBHOOKS_SUBSCRIBER } from './fanout';

type Org = Awaited<ReturnType<TestApp['createOrg']>>;

describe.each(DB_KINDS)('webhook deliveries on %s', (kind) => {
  const t = useTestApp(kind, { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' });
  const { ok } = memberApi(t);
  const receiver = useReceiver();
  let a: Org;
  let b: Org;
  const base = '/api/webhook-endpoints';
  const endpoint = (org: Org, path: string, events: string[]) => ok(org, 'POST', base, { url: receiver.url(path), events }, 201);
  const deliveries = async (org: Org, endpointId: string, query = ''): Promise<WebhookDelivery[]> => (await ok(org, 'GET', `${base}/${endpointId}/deliveries${query}`)).items;
  /** Waits until the endpoint's delivery log shows one settled delivery (of `id`, when given). */
  const settled = (org: Org, endpointId: string, id?: string) =>
    poll('a settled delivery', async () => (await deliveries(org, endpointId)).find((d) => d.status !== 'pending' && (!id || d.id === id)));

  beforeAll(async () => {
    a = await t.createOrg('Deliveries A');
    b = await t.createOrg('Deliveries B');
    // No AI job changes a lead after the fact: the snapshot is compared with the lead as read afterwards.
    await ok(a, 'PUT', '/api/organization/settings', { aiIntegration: { enableAutoEnrichment: false, enableSmartScoring: false, enableConversationAnalysis: false } });
    // Short waits instead of Svix's schedule, without jitter.
    t.app.services.webhooks.schedule = [50, 50];
    t.app.services.webhooks.jitter = (ms) => ms;
  });

  it("sends an event to the organization's subscribed endpoint, signed per Standard Webhooks, with the record as the API shows it", async () => {
    const hook = await endpoint(a, '/a/leads', ['lead.created']);
    const other = await endpoint(b, '/b/leads', ['lead.created']);
    const lead = await ok(a, 'POST', '/api/leads', { owner_1_name: 'Hook Owner', property_address_full: '5 Signal Way, Austin, TX 78701' }, 201);
    const [request] = await receiver.waitFor(1, '/a/leads');
    expect(request!.headers).toMatchObject({ 'content-type': 'application/json', 'webhook-id': expect.stringMatching(/^msg_[A-Za-z0-9_-]+$/) });
    expect(Math.abs(Number(request!.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    expect(request!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    const payload = verifyWith(hook.secret, request!) as { type: string; timestamp: string; data: Record<string, unknown> };
    expect(payload).toMatchObject({ type: 'lead.created', data: { lead_id: lead.id, source: null } });
    expect(new Date(payload.timestamp).toISOString()).toBe(payload.timestamp);
    expect(payload.data.lead).toEqual(await ok(a, 'GET', `/api/leads/${lead.id}`));
    expect(verifyWith(other.secret, request!)).toBeInstanceOf(WebhookVerificationError);

    const delivery = await settled(a, hook.id);
    expect(delivery).toMatchObject({ status: 'succeeded', event_type: 'lead.created', message_id: request!.headers['webhook-id'], body: request!.body, next_attempt_at: null });
    expect(delivery.attempts).toEqual([{ attempt: 1, manual: false, at: expect.any(String), status_code: 200, duration_ms: expect.any(Number), error: null, response_body: 'ok' }]);
    // The fan-out of A's event is done: B's endpoint got nothing from it.
    await deliveredTo(t.database.db, WEBHOOKS_SUBSCRIBER, 'lead.created', { leadId: lead.id });
    expect(await deliveries(b, other.id)).toEqual([]);
    expect(receiver.received.filter((r) => r.path === '/b/leads')).toEqual([]);
  });

  it('retries a failed attempt on its schedule with the same webhook-id until the receiver answers 2xx', async () => {
    const hook = await endpoint(a, '/a/retry', ['lead.updated']);
    receiver.answer('/a/retry', { status: 500, body: 'boom' }, { status: 503, body: 'x'.repeat(5000) });
    const lead = await ok(a, 'POST', '/api/leads', { owner_1_name: 'Retry Owner' }, 201);
    await ok(a, 'PATCH', `/api/leads/${lead.id}`, { notes: 'changed', version: lead.version });
    const requests = await receiver.waitFor(3, '/a/retry');
    expect(new Set(requests.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(new Set(requests.map((r) => r.body)).size).toBe(1);
    for (const r of requests) expect(verifyWith(hook.secret, r)).toMatchObject({ type: 'lead.updated', data: { lead_id: lead.id, fields: ['notes'] } });
    const delivery = await settled(a, hook.id);
    expect(delivery.status).toBe('succeeded');
    expect(delivery.attempts.map((x) => [x.attempt, x.status_code, x.error])).toEqual([[1, 500, 'HTTP 500'], [2, 503, 'HTTP 503'], [3, 200, null]]);
    expect(delivery.attempts[0]!.response_body).toBe('boom');
    expect(delivery.attempts[1]!.response_body).toHaveLength(2048);
    // A success ends the endpoint's failing period.
    expect((await ok(a, 'GET', `${base}/${hook.id}`)).failing_since).toBeNull();
  });

  it('fails a delivery after its last scheduled attempt', async () => {
    const hook = await endpoint(a, '/a/exhaust', ['text.sent', 'lead.dnc_added']);
    receiver.answer('/a/exhaust', { status: 500 }, { status: 302, headers: { location: 'https://elsewhere.example.com/' } }, { status: 404 });
    const lead = await ok(a, 'POST', '/api/leads', { owner_1_name: 'Listed Owner', contact_1_phone1: '5125550177' }, 201);
    await ok(a, 'PATCH', `/api/leads/${lead.id}`, { dnc_status: true, version: lead.version });
    await receiver.waitFor(3, '/a/exhaust');
    const failed = await settled(a, hook.id);
    expect(failed).toMatchObject({ status: 'failed', event_type: 'lead.dnc_added', next_attempt_at: null });
    expect(failed.attempts.map((x) => [x.attempt, x.status_code, x.error])).toEqual([
      [1, 500, 'HTTP 500'], [2, 302, 'Redirect (302 to https://elsewhere.example.com/) not followed'], [3, 404, 'HTTP 404'],
    ]);
    expect(JSON.parse(failed.body)).toMatchObject({ type: 'lead.dnc_added', data: { lead_id: lead.id, numbers: ['+15125550177'], lead: { id: lead.id, dnc_status: true } } });
  });

  it('replays any delivery with the same webhook-id', async () => {
    const hook = await endpoint(a, '/a/replay', ['test.ping']);
    receiver.answer('/a/replay', { status: 500 }, { status: 500 }, { status: 500 });
    const sent = await ok(a, 'POST', `${base}/${hook.id}/test`, undefined, 202);
    expect(sent).toMatchObject({ event_type: 'test.ping', status: 'pending', attempts: [] });
    const failed = await settled(a, hook.id, sent.id);
    // A test event is one attempt.
    expect(failed).toMatchObject({ status: 'failed', attempts: [{ attempt: 1, manual: true, status_code: 500 }] });
    expect((await ok(a, 'GET', `${base}/${hook.id}`)).failing_since).not.toBeNull();

    const replay = await ok(a, 'POST', `${base}/${hook.id}/deliveries/${sent.id}/replay`, undefined, 202);
    expect(replay.status).toBe('pending');
    await receiver.waitFor(2, '/a/replay');
    expect((await settled(a, hook.id, sent.id)).attempts.map((x) => [x.attempt, x.manual, x.status_code])).toEqual([[1, true, 500], [2, true, 500]]);
    await ok(a, 'POST', `${base}/${hook.id}/deliveries/${sent.id}/replay`, undefined, 202);
    const requests = await receiver.waitFor(3, '/a/replay');
    const after = await settled(a, hook.id, sent.id);
    expect(after.status).toBe('failed');
    await ok(a, 'POST', `${base}/${hook.id}/deliveries/${sent.id}/replay`, undefined, 202);
    await receiver.waitFor(4, '/a/replay');
    const done = await poll('the replay to succeed', async () => {
      const d = await ok(a, 'GET', `${base}/${hook.id}/deliveries/${sent.id}`);
      return d.status === 'succeeded' ? d : null;
    });
    expect(done.attempts).toHaveLength(4);
    expect(new Set([...requests, receiver.received.at(-1)!].map((r) => r.headers['webhook-id']))).toEqual(new Set([sent.message_id]));
    const ping = verifyWith(hook.secret, requests[0]!);
    expect(ping).toEqual({ type: 'test.ping', timestamp: expect.any(String), data: { endpoint_id: hook.id, message: 'A test event from Wholesail' } });
  });

  it('pages the delivery log newest first and filters it by status', async () => {
    const hook = await endpoint(a, '/a/log', ['test.ping']);
    receiver.answer('/a/log', { status: 410 });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await ok(a, 'POST', `${base}/${hook.id}/test`, undefined, 202)).id);
    await poll('three settled deliveries', async () => ((await deliveries(a, hook.id)).every((d) => d.status !== 'pending') ? true : null));
    const first = await ok(a, 'GET', `${base}/${hook.id}/deliveries?limit=2`);
    expect(first.items.map((d: WebhookDelivery) => d.id)).toEqual([ids[2], ids[1]]);
    const second = await ok(a, 'GET', `${base}/${hook.id}/deliveries?limit=2&cursor=${encodeURIComponent(first.next_cursor)}`);
    expect(second).toMatchObject({ items: [{ id: ids[0] }], next_cursor: null });
    expect((await deliveries(a, hook.id, '?status=failed')).map((d) => d.id)).toHaveLength(1);
    expect((await deliveries(a, hook.id, '?status=succeeded')).map((d) => d.id)).toHaveLength(2);
  });

  it('signs with both secrets for 24 hours after a rotation, then with the new one only', async () => {
    const hook = await endpoint(a, '/a/rotate', ['test.ping']);
    const rotated = await ok(a, 'POST', `${base}/${hook.id}/secret/rotate`);
    await ok(a, 'POST', `${base}/${hook.id}/test`, undefined, 202);
    const [during] = await receiver.waitFor(1, '/a/rotate');
    expect(during!.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(verifyWith(hook.secret, during!)).toMatchObject({ type: 'test.ping' });
    expect(verifyWith(rotated.secret, during!)).toMatchObject({ type: 'test.ping' });

    const webhooks = t.app.services.webhooks;
    webhooks.clock = () => new Date(Date.now() + 24 * 3_600_000 + 60_000);
    try {
      await ok(a, 'POST', `${base}/${hook.id}/test`, undefined, 202);
      const [, after] = await receiver.waitFor(2, '/a/rotate');
      expect(after!.headers['webhook-signature']!.split(' ')).toHaveLength(1);
      expect(verifyAtItsTime(rotated.secret, after!)).toMatchObject({ type: 'test.ping' });
      expect(verifyAtItsTime(hook.secret, after!)).toBeInstanceOf(WebhookVerificationError);
    } finally {
      webhooks.clock = () => new Date();
    }
  });

  it('deletes deliveries older than 30 days, with their attempts', async () => {
    const hook = await endpoint(a, '/a/prune', ['test.ping']);
    const sent = await ok(a, 'POST', `${base}/${hook.id}/test`, undefined, 202);
    await settled(a, hook.id, sent.id);
    await withSystem(t.database.db, (tx) => tx.updateTable('webhook_deliveries').set({ created_at: new Date(Date.now() - 31 * 86_400_000) }).where('id', '=', sent.id).execute());
    expect((await t.app.services.webhooks.prune()).deleted).toBe(1);
    expect(await deliveries(a, hook.id)).toEqual([]);
    const attempts = await withSystem(t.database.db, (tx) => tx.selectFrom('webhook_delivery_attempts').select('attempt').where('delivery_id', '=', sent.id).execute());
    expect(attempts).toEqual([]);
  });
});
