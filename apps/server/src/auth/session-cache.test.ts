import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { withSystem } from '../db/scope';
import { insertUserWithPassword } from './users';
import { SESSION_CACHE_MS, SessionCache } from './session-cache';

const tokenOf = (cookie: string) => decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;

describe('SessionCache', () => {
  const loader = (row: string | null) => {
    const load = async () => {
      load.calls += 1;
      return row;
    };
    load.calls = 0;
    return load;
  };

  it('keeps nothing until it is listening, then keeps a row for its time limit', async () => {
    let now = 1_000;
    const cache = new SessionCache<string>(() => now);
    const load = loader('row');
    await cache.lookup('t', load);
    await cache.lookup('t', load);
    expect(load.calls).toBe(2);
    cache.setListening(true);
    await cache.lookup('t', load);
    now += SESSION_CACHE_MS;
    expect(await cache.lookup('t', load)).toBe('row');
    expect(load.calls).toBe(3);
    now += 1;
    await cache.lookup('t', load);
    expect(load.calls).toBe(4);
  });

  it('forgets everything when cleared or when it stops listening, and never keeps a missing session', async () => {
    const cache = new SessionCache<string>();
    cache.setListening(true);
    const load = loader('row');
    await cache.lookup('t', load);
    cache.clear();
    await cache.lookup('t', load);
    expect(load.calls).toBe(2);
    cache.setListening(false);
    await cache.lookup('t', load);
    await cache.lookup('t', load);
    expect(load.calls).toBe(4);
    cache.setListening(true);
    const missing = loader(null);
    await cache.lookup('gone', missing);
    await cache.lookup('gone', missing);
    expect(missing.calls).toBe(2);
  });

  it('does not keep a row read while a change was being made', async () => {
    const cache = new SessionCache<string>();
    cache.setListening(true);
    let finish: (row: string) => void = () => {};
    const pending = cache.lookup('t', () => new Promise<string>((resolve) => (finish = resolve)));
    cache.clear();
    finish('stale');
    expect(await pending).toBe('stale');
    expect(await cache.lookup('t', async () => 'fresh')).toBe('fresh');
  });
});

describe.each(DB_KINDS)('session cache in the app on %s', (kind) => {
  const t = useTestApp(kind);

  /** Runs a statement on sessions with its change notification switched off, in one transaction. */
  const silently = (statement: ReturnType<typeof sql>) =>
    t.database.db.transaction().execute(async (tx) => {
      await sql`alter table sessions disable trigger sessions_changed`.execute(tx);
      await statement.execute(tx);
      await sql`alter table sessions enable trigger sessions_changed`.execute(tx);
    });

  it('reuses a looked-up session until it hears of a change', async () => {
    const owner = await t.createOrg('Cache Realty');
    expect((await t.request('GET', '/api/me', { cookie: owner.cookie })).statusCode).toBe(200);
    await silently(sql`delete from sessions where token = ${tokenOf(owner.cookie)}`);
    // Nothing told the app: the kept row still answers.
    expect((await t.request('GET', '/api/me', { cookie: owner.cookie })).statusCode).toBe(200);
    await t.changeSessions(() => t.database.db.updateTable('users').set({ name: 'Renamed Owner' }).where('id', '=', owner.userId).execute());
    expect((await t.request('GET', '/api/me', { cookie: owner.cookie })).statusCode).toBe(401);
  });

  it('sees a sign-out through the app on the very next request, notification or not', async () => {
    const owner = await t.createOrg('Sign-out Realty');
    const second = await t.signIn(owner.email, owner.password);
    expect((await t.request('GET', '/api/me', { cookie: second })).statusCode).toBe(200);
    await sql`alter table sessions disable trigger sessions_changed`.execute(t.database.db);
    try {
      expect((await t.request('POST', '/api/auth/sign-out', { cookie: second, body: {} })).statusCode).toBe(200);
      expect((await t.request('GET', '/api/me', { cookie: second })).statusCode).toBe(401);
      expect((await t.request('GET', '/api/me', { cookie: owner.cookie })).statusCode).toBe(200);
    } finally {
      await sql`alter table sessions enable trigger sessions_changed`.execute(t.database.db);
    }
  });

  it('sees a password change, a new organization and an accepted invitation on the very next request, notification or not', async () => {
    const owner = await t.createOrg('Quiet Realty');
    const solo = async (email: string) => {
      await withSystem(t.database.db, (tx) => insertUserWithPassword(tx, { email, name: 'Solo', password: 'solo password 1' }));
      const cookie = await t.signIn(email, 'solo password 1');
      expect((await t.request('GET', '/api/me', { cookie })).json()).toMatchObject({ organization: null, role: null });
      return cookie;
    };
    const founder = await solo('founder@quiet.test');
    const invitee = await solo('invitee@quiet.test');
    const invited = await t.request('POST', '/api/organization/invitations', { cookie: owner.cookie, body: { email: 'invitee@quiet.test' } });
    expect(invited.statusCode).toBe(201);
    const token = (invited.json().link as string).split('/accept-invitation/')[1]!;
    const second = await t.signIn(owner.email, owner.password);
    expect((await t.request('GET', '/api/me', { cookie: second })).statusCode).toBe(200);

    const triggers = sql.raw(['sessions', 'users', 'user_profiles'].map((table) => `alter table ${table} disable trigger ${table}_changed;`).join(' '));
    await sql`${triggers}`.execute(t.database.db);
    try {
      const created = await t.request('POST', '/api/organizations', { cookie: founder, body: { org_name: 'Founded Quietly' } });
      expect(created.statusCode, created.body).toBe(201);
      expect((await t.request('GET', '/api/me', { cookie: founder })).json()).toMatchObject({ organization: { name: 'Founded Quietly' }, role: 'owner' });

      expect((await t.request('POST', `/api/invitations/${token}/accept`, { cookie: invitee, body: {} })).statusCode).toBe(200);
      expect((await t.request('GET', '/api/me', { cookie: invitee })).json()).toMatchObject({ organization: { name: 'Quiet Realty' }, role: 'member' });

      const changed = await t.request('POST', '/api/auth/change-password', {
        cookie: owner.cookie, body: { currentPassword: owner.password, newPassword: 'a brand new password', revokeOtherSessions: true },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect((await t.request('GET', '/api/me', { cookie: second })).statusCode).toBe(401);
    } finally {
      await sql`${sql.raw(['sessions', 'users', 'user_profiles'].map((table) => `alter table ${table} enable trigger ${table}_changed;`).join(' '))}`.execute(t.database.db);
    }
  });

  it.runIf(kind === 'postgres')('keeps nothing while its LISTEN connection is lost, and listens again', async () => {
    const sessions = t.app.services.sessions;
    expect(sessions.listening).toBe(true);
    const admin = new pg.Client({ connectionString: t.tdb.url });
    await admin.connect();
    try {
      await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'LISTEN "wholesail_sessions"'`);
    } finally {
      await admin.end();
    }
    await expect.poll(() => sessions.listening, { timeout: 2000, interval: 5 }).toBe(false);
    await expect.poll(() => sessions.listening, { timeout: 10_000, interval: 20 }).toBe(true);
  });
});
