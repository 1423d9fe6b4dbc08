import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { StreamServerMessage } from '@wholesail/domain';
import { DAYTIME, newCallingLead, waitFor } from '../../../test/calling';
import { DB_KINDS, ORIGIN, useTestApp, type TestApp } from '../../../test/harness';
import { CHANGE_CHANNEL } from '../realtime/hub';
import { ingestTranscription } from './ingest';

type Org = Awaited<ReturnType<TestApp['createOrg']>>;
type Transcription = Extract<StreamServerMessage, { type: 'transcription' }>;
type Chunk = Omit<Transcription, 'type'> & { call_sid: string };

interface Client {
  socket: WebSocket;
  messages: StreamServerMessage[];
}

const FROM = '+15125550111';
const transcriptions = (c: Client) => c.messages.filter((m): m is Transcription => m.type === 'transcription');
const statuses = (c: Client) => c.messages.flatMap((m) => (m.type === 'status' ? [m.status] : []));

describe.each(DB_KINDS)('live transcription stream on %s', (kind) => {
  const t = useTestApp(kind, { DEMO_RING_MS: '20', DEMO_MS_PER_WORD: '3' });
  let a: Org;
  let b: Org;
  let n = 0;
  let url: (query: Record<string, string>) => string;

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    url = (query) => `ws://127.0.0.1:${port}/api/transcription-stream?${new URLSearchParams(query)}`;
    a = await t.createOrg('Stream A');
    b = await t.createOrg('Stream B');
    // A number has one owner: B's line is the next number.
    for (const [org, number] of [[a, FROM], [b, '+15125550112']] as const) {
      expect((await t.request('POST', '/api/phone-numbers', { cookie: org.cookie, body: { phone_number: number, is_primary: true } })).statusCode).toBe(201);
    }
    t.app.services.calls.clock = () => DAYTIME;
  });

  /** A call whose transcript only this test writes: as a Twilio call is, through ingestTranscription. */
  const quietCall = async (org: Org) => {
    const lead = await newCallingLead(t, org.cookie, ++n, {}, '82');
    const sid = `CA${crypto.randomBytes(16).toString('hex')}`;
    await t.database.db
      .insertInto('calls')
      .values({ organization_id: org.organizationId, lead_id: lead.id, user_id: org.userId, from_e164: FROM, to_e164: lead.to, provider: 'twilio', call_sid: sid, status: 'in-progress' })
      .execute();
    return sid;
  };
  const base = Date.parse('2026-07-15T18:00:00Z');
  const say = (callSid: string, sequence: number, transcript: string) =>
    ingestTranscription(t.database.db, {
      callSid, transcript, sequence, timestamp: new Date(base + sequence * 1000), confidence: 0.87, speaker: sequence % 2 ? 'agent' : 'lead', isPartial: false, source: 'twilio',
    });

  const open = (org: Org, callSid: string) =>
    new Promise<Client>((resolve, reject) => {
      const socket = new WebSocket(url({ callSid, organizationId: org.organizationId }), { headers: { cookie: org.cookie, origin: ORIGIN } });
      const client: Client = { socket, messages: [] };
      socket.on('message', (data) => client.messages.push(JSON.parse(String(data))));
      socket.once('open', () => resolve(client));
      socket.once('unexpected-response', (_req, res) => reject(new Error(`handshake refused: ${res.statusCode}`)));
      socket.once('error', reject);
    });
  const until = (c: Client, done: (c: Client) => boolean, what: string) => waitFor(async () => c, done, what);
  const fallback = async (callSid: string, cookie = a.cookie) => {
    const res = await t.request('GET', `/api/calls/by-sid/${callSid}/transcriptions?limit=200`, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().items as Chunk[]).map(({ call_sid, ...rest }): Transcription => ({ type: 'transcription', ...rest }));
  };

  it('sends connected, the backlog oldest first and the status, then each new chunk of the call once and status changes', async () => {
    const sid = await quietCall(a);
    const otherSid = await quietCall(a);
    const foreignSid = await quietCall(b);
    await say(sid, 1, 'Hi, is this Pat?');
    await say(sid, 0, 'Hello there.');

    const c = await open(a, sid);
    await until(c, (x) => x.messages.some((m) => m.type === 'status'), 'the first status');
    expect(c.messages.map((m) => m.type)).toEqual(['connected', 'transcription', 'transcription', 'status']);
    expect(c.messages[0]).toEqual({ type: 'connected', callSid: sid, timestamp: expect.any(String) });
    expect(transcriptions(c).map((m) => m.transcript)).toEqual(['Hello there.', 'Hi, is this Pat?']);
    expect(c.messages[3]).toEqual({ type: 'status', status: 'in-progress', timestamp: expect.any(String) });

    expect((await say(sid, 2, 'Yes, speaking.')).result).toBe('stored');
    expect((await say(sid, 2, 'Yes, speaking.')).result).toBe('duplicate');
    // The same row published again (as when a backlog row and its live event race) is not sent twice.
    await sql`select pg_notify(${CHANGE_CHANNEL}, json_build_object('table', 'call_transcriptions', 'op', 'INSERT', 'organization_id', organization_id, 'record', to_jsonb(ct))::text)
      from call_transcriptions ct where call_sid = ${sid} and sequence in (0, 2)`.execute(t.database.db);
    await say(otherSid, 0, 'Another call of the organization.');
    await say(foreignSid, 0, "Another organization's call.");
    // Too large for NOTIFY: the feed carries only the id and the stream reads the row back.
    const long = `${'very long words '.repeat(600)}end`;
    await say(sid, 3, long);
    await say(sid, 4, 'Talk to you soon.');
    await until(c, (x) => transcriptions(x).at(-1)?.transcript === 'Talk to you soon.', 'the last chunk');
    expect(transcriptions(c).map((m) => m.transcript)).toEqual(['Hello there.', 'Hi, is this Pat?', 'Yes, speaking.', long, 'Talk to you soon.']);
    expect(new Set(transcriptions(c).map((m) => m.id)).size).toBe(5);
    expect(transcriptions(c)[1]).toEqual({
      type: 'transcription', id: expect.any(String), transcript: 'Hi, is this Pat?', timestamp: new Date(base + 1000).toISOString(), confidence: 0.87, speaker: 'agent', is_partial: false,
    });
    // The polling fallback lists the same chunks in the same order.
    expect(await fallback(sid)).toEqual(transcriptions(c));

    // A change that keeps the status sends nothing; a new status (here in a payload too large for NOTIFY) is sent.
    await t.database.db.updateTable('calls').set({ notes: 'Seller is friendly', updated_at: new Date() }).where('call_sid', '=', sid).execute();
    await t.database.db.updateTable('calls').set({ status: 'completed', notes: 'n'.repeat(9000), updated_at: new Date() }).where('call_sid', '=', sid).execute();
    await until(c, (x) => statuses(x).includes('completed'), 'the completed status');
    expect(statuses(c)).toEqual(['in-progress', 'completed']);
    expect(c.socket.readyState).toBe(WebSocket.OPEN);
    c.socket.close();
  });

  it('a demo call: its statuses and conversation arrive live, as the polling fallback lists them', async () => {
    const lead = await newCallingLead(t, a.cookie, ++n, { owner_1_name: 'Maria Lopez', estimated_value: 250000, motivation_score: 7 }, '82');
    const res = await t.request('POST', '/api/calls', { cookie: a.cookie, body: { lead_id: lead.id, from_e164: FROM, to_e164: lead.to } });
    expect(res.statusCode, res.body).toBe(201);
    const { call_sid } = res.json() as { call_sid: string };
    const c = await open(a, call_sid);
    const bye = 'Alright, talk to you then. Bye.';
    await until(c, (x) => statuses(x).includes('completed') && transcriptions(x).some((m) => m.transcript === bye && !m.is_partial), 'the seller to hang up');

    const seen = statuses(c);
    expect(seen.at(-1)).toBe('completed');
    expect(seen).toContain('in-progress');
    expect(seen.every((s, i) => i === 0 || s !== seen[i - 1])).toBe(true);
    const live = transcriptions(c);
    expect(live.map((m) => m.transcript)).toContain('Hello?');
    // The whole conversation fits the backlog, so however late the socket joined it has every stored chunk once.
    // (The demo line writes chunks concurrently, so the order they are stored in may differ from their timestamps.)
    const stored = await fallback(call_sid);
    expect(stored.length).toBeLessThanOrEqual(50);
    const byId = (list: typeof live) => [...list].sort((x, y) => x.id.localeCompare(y.id));
    expect(byId(live)).toEqual(byId(stored));
    c.socket.close();
  });

  it('answers ping with pong, ignores other or malformed messages without closing, and unsubscribes on close', async () => {
    const hub = t.app.services.realtime;
    const subscribe = hub.subscribe.bind(hub);
    const unsubscribed = vi.fn();
    const spy = vi.spyOn(hub, 'subscribe').mockImplementation((organizationId, subscriber) => {
      const stop = subscribe(organizationId, subscriber);
      return () => {
        unsubscribed(organizationId);
        stop();
      };
    });
    const c = await open(a, await quietCall(a));
    spy.mockRestore();
    await until(c, (x) => x.messages.some((m) => m.type === 'status'), 'the first status');
    c.socket.send('not json');
    c.socket.send(JSON.stringify({ type: 'subscribe' }));
    c.socket.send(JSON.stringify(null));
    c.socket.send(Buffer.from([1, 2, 3]), { binary: true });
    c.socket.send(JSON.stringify({ type: 'ping' }));
    await until(c, (x) => x.messages.some((m) => m.type === 'pong'), 'the pong');
    expect(c.messages.filter((m) => m.type === 'pong')).toEqual([{ type: 'pong', timestamp: expect.any(String) }]);
    expect(c.messages.map((m) => m.type)).toEqual(['connected', 'status', 'pong']);
    expect(c.socket.readyState).toBe(WebSocket.OPEN);
    expect(unsubscribed).not.toHaveBeenCalled();
    c.socket.close();
    await waitFor(async () => unsubscribed.mock.calls, (calls) => calls.length > 0, 'the socket to unsubscribe');
    expect(unsubscribed.mock.calls).toEqual([[a.organizationId]]);
  });

  it('refuses a bad handshake before the upgrade with a plain HTTP status', async () => {
    const sid = await quietCall(a);
    const foreignSid = await quietCall(b);
    const refused = (query: Record<string, string>, headers: Record<string, string>) =>
      new Promise<{ status: number; message: string }>((resolve, reject) => {
        const ws = new WebSocket(url(query), { headers });
        ws.once('unexpected-response', (_req, res) => {
          let body = '';
          res.on('data', (d: Buffer) => (body += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, message: JSON.parse(body).error.message }));
        });
        ws.once('open', () => {
          ws.close();
          reject(new Error('the handshake was accepted'));
        });
      });
    const own = { callSid: sid, organizationId: a.organizationId };
    const signedIn = { cookie: a.cookie, origin: ORIGIN };
    expect(await refused({ callSid: foreignSid, organizationId: a.organizationId }, signedIn)).toEqual({ status: 404, message: 'Call not found' });
    expect(await refused({ callSid: foreignSid, organizationId: b.organizationId }, signedIn)).toMatchObject({ status: 403, message: expect.stringContaining('organizationId') });
    expect(await refused({ callSid: sid, organizationId: b.organizationId }, signedIn)).toMatchObject({ status: 403 });
    expect(await refused(own, { cookie: a.cookie, origin: 'https://evil.example' })).toMatchObject({ status: 403, message: 'This origin may not open the transcription stream' });
    expect(await refused(own, { cookie: a.cookie })).toMatchObject({ status: 403 });
    expect(await refused(own, { origin: ORIGIN })).toMatchObject({ status: 401 });
    expect(await refused({ organizationId: a.organizationId }, signedIn)).toEqual({ status: 400, message: 'callSid: required' });
    expect(await refused({ callSid: sid }, signedIn)).toEqual({ status: 400, message: 'organizationId: required' });
    expect(await refused({ callSid: sid, organizationId: 'acme' }, signedIn)).toEqual({ status: 400, message: 'organizationId: expected an organization id' });
    // The same session opens its own call's stream.
    const c = await open(a, sid);
    c.socket.close();
  });
});
