import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SIGN_UP_DISABLED_MESSAGE } from '@wholesail/domain';
import { DB_KINDS, startTestApp, useTestApp, type TestApp } from '../../../test/harness';

describe.each(DB_KINDS)('auth on %s', (kind) => {
  const t = useTestApp(kind);
  let owner: Awaited<ReturnType<TestApp['createOrg']>>;

  beforeAll(async () => {
    owner = await t.createOrg('Auth Realty');
  });

  it('signs in with the right password and sets an HttpOnly session cookie', async () => {
    const res = await t.request('POST', '/api/auth/sign-in/email', { body: { email: owner.email, password: owner.password } });
    expect(res.statusCode).toBe(200);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/wholesail\.session_token=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const session = await t.request('GET', '/api/auth/get-session', { cookie: owner.cookie });
    expect(session.json().user.email).toBe(owner.email);
  });

  it('refuses a wrong password with 401 and a message', async () => {
    const res = await t.request('POST', '/api/auth/sign-in/email', { body: { email: owner.email, password: 'not the password' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/invalid email or password/i);
  });

  it('refuses sign-up with 403 and the exact message, creating no user', async () => {
    const before = await t.database.db.selectFrom('users').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    const res = await t.request('POST', '/api/auth/sign-up/email', {
      body: { email: 'new@example.com', password: 'password123', name: 'New' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: SIGN_UP_DISABLED_MESSAGE });
    const after = await t.database.db.selectFrom('users').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    expect(await t.database.db.selectFrom('users').where('email', '=', 'new@example.com').selectAll().executeTakeFirst()).toBeUndefined();
  });

  it('signs out: the cookie no longer opens a session', async () => {
    const cookie = await t.signIn(owner.email, owner.password);
    expect((await t.request('POST', '/api/auth/sign-out', { cookie, body: {} })).statusCode).toBe(200);
    expect((await t.request('GET', '/api/me', { cookie })).statusCode).toBe(401);
  });

  it('resets a password through the outbox: single-use token, old sessions revoked', async () => {
    const other = await t.createOrg('Reset Realty');
    const oldCookie = other.cookie;
    const unknown = await t.request('POST', '/api/auth/request-password-reset', { body: { email: 'nobody@example.com', redirectTo: '/reset-password' } });
    expect(unknown.statusCode).toBe(200);
    const res = await t.request('POST', '/api/auth/request-password-reset', { body: { email: other.email, redirectTo: '/reset-password' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(unknown.body);

    const mails = await t.database.db.selectFrom('mail_outbox').selectAll().where('to_address', 'in', [other.email, 'nobody@example.com']).execute();
    expect(mails).toHaveLength(1);
    const link = mails[0]!.text_body.match(/http\S+/)![0];
    const callback = await t.request('GET', new URL(link).pathname + new URL(link).search);
    expect(callback.statusCode).toBe(302);
    const landing = new URL(String(callback.headers.location), 'http://localhost:3000');
    expect(landing.pathname).toBe('/reset-password');
    const token = landing.searchParams.get('token')!;
    expect(token).toBeTruthy();

    const reset = await t.request('POST', '/api/auth/reset-password', { body: { newPassword: 'a brand new password', token } });
    expect(reset.statusCode).toBe(200);
    const again = await t.request('POST', '/api/auth/reset-password', { body: { newPassword: 'another new password', token } });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('INVALID_TOKEN');

    expect((await t.request('GET', '/api/me', { cookie: oldCookie })).statusCode).toBe(401);
    await expect(t.signIn(other.email, other.password)).rejects.toThrow(/401/);
    await t.signIn(other.email, 'a brand new password');
  });

  it('ends a session past its absolute limit even while it is in use', async () => {
    const cookie = await t.signIn(owner.email, owner.password);
    expect((await t.request('GET', '/api/me', { cookie })).statusCode).toBe(200);
    const token = decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
    const longAgo = new Date(Date.now() - (t.config.SESSION_ABSOLUTE_HOURS + 1) * 3600_000);
    await t.changeSessions(() => t.database.db.updateTable('sessions').set({ created_at: longAgo }).where('token', '=', token).execute());
    expect((await t.request('GET', '/api/me', { cookie })).statusCode).toBe(401);
    expect(await t.database.db.selectFrom('sessions').where('token', '=', token).selectAll().executeTakeFirst()).toBeUndefined();
  });

  it('ends a session that stayed idle past its expiry', async () => {
    const cookie = await t.signIn(owner.email, owner.password);
    const token = decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
    await t.changeSessions(() => t.database.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000) }).where('token', '=', token).execute());
    expect((await t.request('GET', '/api/me', { cookie })).statusCode).toBe(401);
  });

  it('deletes an expired session on its next use, as better-auth does', async () => {
    const cookie = await t.signIn(owner.email, owner.password);
    const token = decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
    await t.changeSessions(() => t.database.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000) }).where('token', '=', token).execute());
    expect((await t.request('GET', '/api/leads/stats', { cookie })).statusCode).toBe(401);
    expect(await t.database.db.selectFrom('sessions').where('token', '=', token).selectAll().executeTakeFirst()).toBeUndefined();
  });

  it('refuses a cookie whose signature does not match its token, and a token without one', async () => {
    const cookie = await t.signIn(owner.email, owner.password);
    const [name, value] = cookie.split('=') as [string, string];
    const [token, signature] = decodeURIComponent(value).split('.') as [string, string];
    const forged = `${name}=${encodeURIComponent(`${token}.${signature.slice(0, -2).split('').reverse().join('')}==`)}`;
    expect((await t.request('GET', '/api/me', { cookie: forged })).statusCode).toBe(401);
    expect((await t.request('GET', '/api/me', { cookie: `${name}=${token}` })).statusCode).toBe(401);
    expect((await t.request('GET', '/api/me', { cookie })).statusCode).toBe(200);
  });

  it('slides a session forward when it is used after its update age, and not before', async () => {
    const cookie = await t.signIn(owner.email, owner.password);
    const token = decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
    const expiry = async () => (await t.database.db.selectFrom('sessions').select('expires_at').where('token', '=', token).executeTakeFirstOrThrow()).expires_at;
    const fresh = new Date(await expiry());
    expect((await t.request('GET', '/api/me', { cookie })).statusCode).toBe(200);
    expect(new Date(await expiry()).getTime()).toBe(fresh.getTime());
    // Two days of the week-long idle limit left: past the update age, so this use renews it.
    const soon = new Date(Date.now() + 2 * 86_400_000);
    await t.changeSessions(() => t.database.db.updateTable('sessions').set({ expires_at: soon }).where('token', '=', token).execute());
    expect((await t.request('GET', '/api/me', { cookie })).statusCode).toBe(200);
    expect(new Date(await expiry()).getTime()).toBeGreaterThan(Date.now() + (t.config.SESSION_IDLE_HOURS - 1) * 3600_000);
  });

  it('sees a change of organization or role made straight in the database once its notification arrives', async () => {
    const other = await t.createOrg('Moving Realty');
    expect((await t.request('PATCH', '/api/organization', { cookie: other.cookie, body: { name: 'Moving Realty LLC' } })).statusCode).toBe(200);
    await t.changeSessions(() => t.database.db.updateTable('user_profiles').set({ role: 'member' }).where('id', '=', other.userId).execute());
    expect((await t.request('PATCH', '/api/organization', { cookie: other.cookie, body: { name: 'Moved' } })).statusCode).toBe(403);
    await t.changeSessions(() => t.database.db.updateTable('user_profiles').set({ organization_id: null }).where('id', '=', other.userId).execute());
    expect((await t.request('GET', '/api/leads/stats', { cookie: other.cookie })).json().error.code).toBe('NO_ORGANIZATION');
  });

  it('refuses a state change from a foreign origin when a cookie is sent', async () => {
    const res = await t.request('PATCH', '/api/organization', { cookie: owner.cookie, origin: 'https://evil.example', body: { name: 'Hacked' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN_ORIGIN');
  });
});

describe.each(DB_KINDS)('sign-in rate limit on %s', (kind) => {
  const t = useTestApp(kind, { AUTH_SIGN_IN_LIMIT: '3', AUTH_RESET_LIMIT: '2' });

  it('limits password-reset requests per client address too', async () => {
    const ask = () =>
      t.request('POST', '/api/auth/request-password-reset', { body: { email: 'someone@example.com', redirectTo: '/reset-password' }, remoteAddress: '10.7.7.7' });
    expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(429);
  });

  it('answers 429 after the limit, counting in the database across app instances', async () => {
    const { email } = await t.createOrg('Limit Realty');
    const attempt = (app: TestApp) =>
      app.request('POST', '/api/auth/sign-in/email', { body: { email, password: 'wrong password' }, remoteAddress: '10.1.2.3' });
    // createOrg signed in once from 127.0.0.1; this address starts fresh.
    expect((await attempt(t)).statusCode).toBe(401);
    expect((await attempt(t)).statusCode).toBe(401);
    const second = await startTestApp(t.database, { AUTH_SIGN_IN_LIMIT: '3' });
    expect((await attempt(second)).statusCode).toBe(401);
    const limited = await attempt(second);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/too many requests/i);
    const other = await t.request('POST', '/api/auth/sign-in/email', { body: { email, password: 'wrong password' }, remoteAddress: '10.9.9.9' });
    expect(other.statusCode).toBe(401);
    const rows = await t.database.db.selectFrom('rate_limits' as never).selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    await second.app.close();
  });
});
