import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, sessionCookie, useTestApp, type TestApp } from '../../../test/harness';

const tokenOf = (cookie: string) => decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;

describe.each(DB_KINDS)('auth endpoints under the app rules on %s', (kind) => {
  const t = useTestApp(kind);
  let owner: Awaited<ReturnType<TestApp['createOrg']>>;

  beforeAll(async () => {
    owner = await t.createOrg('Hardened Realty');
  });

  it("ends a session past its absolute limit on better-auth's own endpoints too", async () => {
    const calls = [
      ['GET', '/api/auth/list-accounts', undefined],
      ['GET', '/api/auth/list-sessions', undefined],
      ['POST', '/api/auth/update-user', { name: 'Still here' }],
      ['POST', '/api/auth/change-password', { currentPassword: owner.password, newPassword: 'an old session password' }],
      ['GET', '/api/me', undefined],
    ] as const;
    for (const [method, url, body] of calls) {
      const cookie = await t.signIn(owner.email, owner.password);
      const longAgo = new Date(Date.now() - (t.config.SESSION_ABSOLUTE_HOURS + 24) * 3600_000);
      await t.changeSessions(() => t.database.db.updateTable('sessions').set({ created_at: longAgo }).where('token', '=', tokenOf(cookie)).execute());
      const res = await t.request(method, url, { cookie, body });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(401);
      expect(await t.database.db.selectFrom('sessions').where('token', '=', tokenOf(cookie)).selectAll().executeTakeFirst()).toBeUndefined();
    }
    // The password did not change through the old session.
    await t.signIn(owner.email, owner.password);
  });

  it("changing the password ends the account's other sessions even when the client asks to keep them", async () => {
    const other = await t.createOrg('Password Realty');
    const elsewhere = await t.signIn(other.email, other.password);
    const res = await t.changeSessions(() =>
      t.request('POST', '/api/auth/change-password', {
        cookie: other.cookie,
        body: { currentPassword: other.password, newPassword: 'a changed password', revokeOtherSessions: false },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.request('GET', '/api/me', { cookie: elsewhere })).statusCode).toBe(401);
    // The session that changed it carries on with the cookie it was given.
    expect((await t.request('GET', '/api/me', { cookie: sessionCookie(res) })).statusCode).toBe(200);
    await t.signIn(other.email, 'a changed password');
  });

  it('checks update-user bodies whatever the path spelling, and bounds every text a user sets', async () => {
    const send = (url: string, body: unknown) => t.request('POST', url, { cookie: owner.cookie, body });
    const cases: Array<[string, unknown, RegExp]> = [
      ['/api/auth/./update-user', { name: null }, /^name: /],
      ['/api/auth/./update-user', { name: 'x'.repeat(20_000) }, /^name: at most 100 characters/],
      ['/api/auth/update-user', { name: 'x'.repeat(20_000) }, /^name: at most 100 characters/],
      ['/api/auth/x/../update-user', { image: 'x'.repeat(5000) }, /^image: at most 2000 characters/],
      ['/api/auth/update-user', { emailVerified: true }, /emailVerified/],
      ['/api/auth/update-user', { name: '   ' }, /^name: required/],
    ];
    for (const [url, body, message] of cases) {
      const res = await send(url, body);
      expect(res.statusCode, `${url} ${res.body.slice(0, 200)}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringMatching(message) });
    }
    const user = await t.database.db.selectFrom('users').select(['name', 'image', 'email_verified']).where('email', '=', owner.email).executeTakeFirstOrThrow();
    expect(user.name.length).toBeLessThanOrEqual(100);
    expect(user.image).toBeNull();
    expect((await send('/api/auth/update-user', { name: 'A fine name' })).statusCode).toBe(200);
  });

  it('answers a password-reset request whose redirect is not well-formed text with 400 naming redirectTo', async () => {
    const res = await t.request('POST', '/api/auth/request-password-reset', { body: { email: owner.email, redirectTo: '\ud800' } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringMatching(/^redirectTo: contains an unpaired surrogate/) });
    const long = await t.request('POST', '/api/auth/sign-in/email', { body: { email: `${'a'.repeat(300)}@example.com`, password: 'whatever it is' } });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/^email: at most 254 characters/);
  });
});
