import { beforeAll, describe, expect, it } from 'vitest';
import { SESSION_ENDED_CODE } from '../../src/auth/session-sockets';
import { DB_KINDS, ORIGIN, sessionCookie, useTestApp, type TestApp } from '../harness';
import { listenLocally, openSocket, type Feed } from './sockets';

const tokenOf = (cookie: string) => decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;

async function waitUntil(what: string, done: () => boolean): Promise<void> {
  const until = Date.now() + 5000;
  while (!done()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Ids of the lead records a feed was sent. */
const leadIds = (feed: Feed) =>
  feed.events.map((e) => JSON.parse(e) as { table: string; record: { id: string } }).filter((e) => e.table === 'leads').map((e) => e.record.id);

describe.each(DB_KINDS)('a websocket ends with its session on %s', (kind) => {
  const t = useTestApp(kind);
  let owner: Awaited<ReturnType<TestApp['createOrg']>>;
  let port: number;

  beforeAll(async () => {
    owner = await t.createOrg('Socket Realty');
    port = await listenLocally(t);
  });

  const createLead = async (name: string) => {
    const res = await t.request('POST', '/api/leads', { cookie: owner.cookie, body: { owner_1_name: name, property_address_state: 'TX' } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };

  /** A second session of the owner with its realtime socket open and proven to receive lead records. */
  const openFeed = async () => {
    const cookie = await t.signIn(owner.email, owner.password);
    const feed = (await openSocket(port, '/api/realtime', { cookie, origin: ORIGIN })) as Feed;
    let closedWith: number | null = null;
    feed.socket.on('close', (code) => (closedWith = code));
    const first = await createLead('Before the end');
    await waitUntil('the first lead record', () => leadIds(feed).includes(first));
    return { cookie, feed, closedWith: () => closedWith };
  };

  const endings: Array<[string, (cookie: string) => Promise<unknown>]> = [
    ['signing out', (cookie) => t.request('POST', '/api/auth/sign-out', { cookie, body: {} })],
    ['revoking the session from another one', (cookie) => t.request('POST', '/api/auth/revoke-session', { cookie: owner.cookie, body: { token: tokenOf(cookie) } })],
    ['expiring', (cookie) => t.changeSessions(() => t.database.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000) }).where('token', '=', tokenOf(cookie)).execute())],
  ];

  for (const [ending, end] of endings) {
    it(`closes the realtime socket on ${ending}, and sends it no lead record after`, async () => {
      const { feed, cookie, closedWith } = await openFeed();
      await end(cookie);
      const after = await createLead(`After ${ending}`);
      await waitUntil('the socket to close', () => closedWith() !== null);
      expect(closedWith()).toBe(SESSION_ENDED_CODE);
      expect(leadIds(feed)).not.toContain(after);
      // A new handshake with the ended session is refused.
      expect(await openSocket(port, '/api/realtime', { cookie, origin: ORIGIN })).toBe(401);
    });
  }

  it("closes the other sessions' sockets on a password change", async () => {
    const { feed, closedWith } = await openFeed();
    const changed = await t.request('POST', '/api/auth/change-password', {
      cookie: owner.cookie, body: { currentPassword: owner.password, newPassword: 'a socket-ending password' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    owner = { ...owner, password: 'a socket-ending password', cookie: sessionCookie(changed) };
    const after = await createLead('After the password change');
    await waitUntil('the socket to close', () => closedWith() !== null);
    expect(closedWith()).toBe(SESSION_ENDED_CODE);
    expect(leadIds(feed)).not.toContain(after);
  });

  it('closes the socket of a user removed from the organization', async () => {
    const { feed, closedWith } = await openFeed();
    const user = await t.database.db.selectFrom('users').select('id').where('email', '=', owner.email).executeTakeFirstOrThrow();
    await t.changeSessions(() => t.database.db.updateTable('user_profiles').set({ organization_id: null }).where('id', '=', user.id).execute());
    await waitUntil('the socket to close', () => closedWith() !== null);
    expect(closedWith()).toBe(SESSION_ENDED_CODE);
    expect(feed.socket.readyState).toBe(feed.socket.CLOSED);
  });
});
