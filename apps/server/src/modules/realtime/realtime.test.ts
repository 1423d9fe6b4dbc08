import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestDatabase, DB_KINDS, ORIGIN, startTestApp, type TestApp, type TestDatabase } from '../../../test/harness';

interface Client {
  events: Array<{ table: string; op: string; record: Record<string, unknown> }>;
  socket: WebSocket;
}

async function connect(app: TestApp, cookie: string): Promise<Client> {
  const { port } = app.app.server.address() as AddressInfo;
  const socket = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, { headers: { cookie, origin: ORIGIN } });
  const client: Client = { events: [], socket };
  socket.on('message', (data) => client.events.push(JSON.parse(String(data))));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('unexpected-response', (_req, res) => reject(new Error(`handshake refused: ${res.statusCode}`)));
    socket.once('error', reject);
  });
  return client;
}

async function waitFor<T>(read: () => T | undefined, ms = 5000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out waiting for a realtime event');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Two instances on one database need a server both can reach: PostgreSQL. PGlite runs one instance. */
describe.each(DB_KINDS)('realtime change feed on %s', (kind) => {
  let tdb: TestDatabase;
  let one: TestApp;
  let two: TestApp;
  let a: Awaited<ReturnType<TestApp['createOrg']>>;
  let b: Awaited<ReturnType<TestApp['createOrg']>>;

  beforeAll(async () => {
    tdb = await createTestDatabase(kind);
    one = await startTestApp(tdb.database);
    await one.app.listen({ port: 0, host: '127.0.0.1' });
    if (kind === 'postgres') {
      const { openDatabase } = await import('../../db/database');
      const second = await openDatabase({ kind: 'postgres', url: tdb.url!, poolSize: 3 });
      two = await startTestApp(second);
      two.app.addHook('onClose', () => second.close());
    } else {
      two = one;
    }
    if (two !== one) await two.app.listen({ port: 0, host: '127.0.0.1' });
    a = await one.createOrg('Feed A');
    b = await one.createOrg('Feed B');
  });
  afterAll(async () => {
    if (two !== one) await two.app.close();
    await one.app.close();
    await tdb.drop();
  });

  it(`delivers a change made through one instance to a client of ${kind === 'postgres' ? 'another' : 'the same'} instance, and only to its organization`, async () => {
    const clientA = await connect(two, a.cookie);
    const clientB = await connect(two, b.cookie);
    const res = await one.request('PUT', '/api/organization/settings', { cookie: a.cookie, body: { aiIntegration: { enableSmartScoring: false } } });
    expect(res.statusCode).toBe(200);
    const event = await waitFor(() => clientA.events.find((e) => e.table === 'organization_settings'));
    expect(event.op).toBe('UPDATE');
    expect(event.record.organization_id).toBe(a.organizationId);
    expect(event.record.settings).toMatchObject({ aiIntegration: { enableSmartScoring: false } });
    await waitFor(() => clientA.events.find((e) => e.table === 'activity_logs'));
    // A change of B's, made after A's: the feed keeps commit order, so once B's own change reached its client,
    // anything of A's it were sent would have come first.
    expect((await one.request('PUT', '/api/organization/settings', { cookie: b.cookie, body: { aiIntegration: { enableSmartScoring: false } } })).statusCode).toBe(200);
    await waitFor(() => clientB.events.find((e) => e.table === 'activity_logs'));
    expect(clientB.events.length).toBeGreaterThan(0);
    expect(clientB.events.filter((e) => e.record.organization_id !== b.organizationId)).toEqual([]);
    clientA.socket.close();
    clientB.socket.close();
  });

  it('refuses a handshake without a session or from a foreign origin', async () => {
    const { port } = two.app.server.address() as AddressInfo;
    const status = (headers: Record<string, string>) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, { headers });
        ws.once('unexpected-response', (_req, r) => resolve(r.statusCode ?? 0));
        ws.once('open', () => resolve(101));
      });
    expect(await status({ origin: ORIGIN })).toBe(401);
    expect(await status({ origin: 'https://evil.example', cookie: a.cookie })).toBe(403);
  });
});
