import http from 'node:http';
import type { FastifyRequest, LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { ORIGIN, DB_KINDS, startTestApp, type TestApp } from '../harness';
import { errorOf, ROUTE_TABLE, routeKey, sendCall, tableRoutes } from './routes';
import { FAST_DEMO_ENV, LOOK_A, useProofApp } from './seed';
import { openSocket } from './sockets';

const EVIL = 'https://evil.example';
const SIGN_IN_LIMIT = 3;

const cookiesOf = (res: LightMyRequestResponse) => [res.headers['set-cookie'] ?? []].flat();

const ANNOUNCED_BYTES = 5 * 1024 * 1024;

/**
 * Sends the headers of a 5 MB request and its first 64 KB, then waits for whichever comes first: the answer
 * ("401 UNAUTHORIZED, body not read") or fastify starting to read the body (a route's preParsing hook ran).
 */
function partialUpload(port: number, method: string, url: string, contentType: string, bodyReads: Set<(request: FastifyRequest) => void>): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: '127.0.0.1', port, method, path: url,
      headers: { origin: ORIGIN, 'content-type': contentType, 'content-length': String(ANNOUNCED_BYTES) },
    });
    const finish = (answer: string) => {
      bodyReads.delete(onBodyRead);
      request.destroy();
      resolve(answer);
    };
    const onBodyRead = () => finish('the server started reading the body');
    bodyReads.add(onBodyRead);
    request.on('response', (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => {
        const body = JSON.parse(text) as { code?: string; error?: { code?: string } };
        finish(`${res.statusCode} ${body.error?.code ?? body.code}, body not read`);
      });
    });
    request.on('error', (error) => {
      bodyReads.delete(onBodyRead);
      reject(error);
    });
    request.write(Buffer.alloc(64 * 1024, 0x20));
  });
}

describe.each(DB_KINDS)('auth abuse on %s', (kind) => {
  const p = useProofApp(kind, { ...FAST_DEMO_ENV, AUTH_SIGN_IN_LIMIT: String(SIGN_IN_LIMIT) }, [LOOK_A]);
  const { t } = p;
  const others: TestApp[] = [];

  afterAll(async () => {
    for (const app of others) await app.app.close();
  });

  const signIn = (app: TestApp, password: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    app.app.inject({
      method: 'POST', url: '/api/auth/sign-in/email', remoteAddress,
      headers: { origin: ORIGIN, 'content-type': 'application/json', ...headers },
      payload: JSON.stringify({ email: p.a.ids.email, password }),
    });

  it('answers a sign-in flood with 429 after the limit, whatever X-Forwarded-For says while no proxy is trusted', async () => {
    const spoofs = (i: number) => ({ 'x-forwarded-for': `203.0.113.${i}`, 'x-real-ip': `198.51.100.${i}`, 'x-wholesail-client-ip': `192.0.2.${i}` });
    const answers = [];
    for (let i = 0; i < SIGN_IN_LIMIT + 3; i += 1) answers.push((await signIn(t, 'wrong password', '10.30.0.1', spoofs(i))).statusCode);
    expect(answers).toEqual([...Array(SIGN_IN_LIMIT).fill(401), 429, 429, 429]);
    // The right password does not get through the limit either.
    const right = await signIn(t, p.a.password, '10.30.0.1', spoofs(99));
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toMatch(/too many requests/i);
    expect(cookiesOf(right).filter((c) => c.includes('session_token=') && !c.includes('Max-Age=0'))).toEqual([]);
    // Another client is not limited by this one.
    expect((await signIn(t, p.a.password, '10.30.0.2')).statusCode).toBe(200);

    // With a proxy trusted (TRUST_PROXY=1), the forwarded address is the client: each gets its own count.
    const proxied = await startTestApp(t.database, { AUTH_SIGN_IN_LIMIT: String(SIGN_IN_LIMIT), TRUST_PROXY: '1' });
    others.push(proxied);
    const viaProxy = (client: string) => signIn(proxied, 'wrong password', '10.30.0.3', { 'x-forwarded-for': client });
    for (let i = 0; i < SIGN_IN_LIMIT + 2; i += 1) expect((await viaProxy(`203.0.113.${100 + i}`)).statusCode).toBe(401);
    const same = [];
    for (let i = 0; i < SIGN_IN_LIMIT + 1; i += 1) same.push((await viaProxy('203.0.113.200')).statusCode);
    expect(same).toEqual([...Array(SIGN_IN_LIMIT).fill(401), 429]);

    // Only the hop the trusted proxy appended counts: a spoofed leftmost entry does not give a new count.
    const spoofed = [];
    for (let i = 0; i < SIGN_IN_LIMIT + 1; i += 1) spoofed.push((await viaProxy(`198.51.100.${i}, 203.0.113.201`)).statusCode);
    expect(spoofed).toEqual([...Array(SIGN_IN_LIMIT).fill(401), 429]);
    // Named proxies work the same way: 10.30.0.3 is the proxy, so the entry it appended is the client.
    const listed = await startTestApp(t.database, { AUTH_SIGN_IN_LIMIT: String(SIGN_IN_LIMIT), TRUST_PROXY: '10.30.0.0/24' });
    others.push(listed);
    const viaListed = [];
    for (let i = 0; i < SIGN_IN_LIMIT + 1; i += 1) {
      viaListed.push((await signIn(listed, 'wrong password', '10.30.0.3', { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.202` })).statusCode);
    }
    expect(viaListed).toEqual([...Array(SIGN_IN_LIMIT).fill(401), 429]);
  });

  it('lets no more than the limit through when the flood arrives all at once', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => signIn(t, 'wrong password', '10.30.1.1').then((r) => r.statusCode)));
    expect(answers.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    const through = answers.filter((s) => s === 401).length;
    expect(through).toBeGreaterThan(0);
    expect(through).toBeLessThanOrEqual(SIGN_IN_LIMIT);
  });

  it('sets the session cookie HttpOnly, SameSite=Lax and Path=/, and Secure when the public URL is https', async () => {
    const plain = await signIn(t, p.a.password, '10.30.2.1');
    expect(plain.statusCode).toBe(200);
    const cookies = cookiesOf(plain);
    const session = cookies.find((c) => c.startsWith('wholesail.session_token='));
    expect(session).toBeDefined();
    for (const cookie of cookies) {
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
      expect(cookie).toMatch(/;\s*Path=\/(;|$)/i);
      expect(cookie).not.toMatch(/;\s*Secure/i);
    }

    const httpsOrigin = 'https://app.example.test';
    const secure = await startTestApp(t.database, { PUBLIC_URL: httpsOrigin });
    others.push(secure);
    const res = await secure.app.inject({
      method: 'POST', url: '/api/auth/sign-in/email', remoteAddress: '10.30.2.2',
      headers: { origin: httpsOrigin, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: p.a.ids.email, password: p.a.password }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const secureCookies = cookiesOf(res);
    expect(secureCookies.some((c) => c.startsWith('__Secure-wholesail.session_token='))).toBe(true);
    for (const cookie of secureCookies) {
      expect(cookie).toMatch(/;\s*Secure/i);
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
      expect(cookie).toMatch(/;\s*Path=\/(;|$)/i);
    }
  });

  it('refuses every state-changing route of the route table from a foreign origin (or none) with a valid cookie, and lets nothing through', async () => {
    let refused = 0;
    const problems: string[] = [];
    for (const route of tableRoutes(p.routes)) {
      if (['GET', 'HEAD'].includes(route.method)) continue;
      const spec = ROUTE_TABLE[routeKey(route)]!;
      for (const call of spec.calls(p.a.ids, p.a.ids)) {
        for (const origin of [EVIL, 'null', 'http://localhost:3001', 'https://localhost:3000', null]) {
          const res = await sendCall(t, route.method, call, p.a.cookie, origin);
          refused += 1;
          if (res.statusCode !== 403 || errorOf(res.body)?.code !== 'FORBIDDEN_ORIGIN') {
            problems.push(`${route.method} ${call.url} from ${origin ?? 'no Origin'}: ${res.statusCode} ${res.body.slice(0, 120)}`);
          }
        }
      }
    }
    console.log(`auth abuse (${kind}): ${refused} cross-origin state changes refused`);
    expect(problems).toEqual([]);
    // The cookie still works from the app's own origin, and a foreign origin gets no CORS grant to read anything.
    const read = await t.app.inject({ method: 'GET', url: '/api/me', headers: { origin: EVIL, cookie: p.a.cookie } });
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    expect(read.headers['access-control-allow-credentials']).toBeUndefined();
    expect((await t.request('GET', '/api/me', { cookie: p.a.cookie })).statusCode).toBe(200);
  });

  it('refuses websocket handshakes from a foreign origin (or none) on /api/realtime and /api/transcription-stream', async () => {
    const handshake = async (path: string, headers: Record<string, string>) => {
      const opened = await openSocket(p.port, path, headers);
      if (typeof opened === 'number') return opened;
      opened.socket.terminate();
      return 101;
    };
    const stream = `/api/transcription-stream?${new URLSearchParams({ callSid: p.a.ids.callSid, organizationId: p.a.ids.organizationId })}`;
    for (const path of ['/api/realtime', stream]) {
      expect(await handshake(path, { cookie: p.a.cookie, origin: ORIGIN }), `${path} from the app`).toBe(101);
      for (const origin of [EVIL, 'null', 'http://localhost:3001']) {
        expect(await handshake(path, { cookie: p.a.cookie, origin }), `${path} from ${origin}`).toBe(403);
      }
      expect(await handshake(path, { cookie: p.a.cookie }), `${path} without Origin`).toBe(403);
    }
  });

  it('answers a 5 MB body sent signed out to every route that is not public with 401 before reading the body', async () => {
    const routes = tableRoutes(p.routes).filter((r) => !['GET', 'HEAD'].includes(r.method) && r.access !== 'public');
    expect(routes.map(routeKey)).toEqual(expect.arrayContaining(['POST /api/leads/import', 'POST /api/dnc/import', 'POST /api/organizations', 'PUT /api/organization/settings']));
    const answers: string[] = [];
    for (const route of routes) {
      const call = ROUTE_TABLE[routeKey(route)]!.calls(p.a.ids, p.a.ids)[0]!;
      const answer = await partialUpload(p.port, route.method, call.url, call.raw?.contentType ?? 'application/json', p.bodyReads);
      answers.push(`${route.method} ${call.url}: ${answer}`);
    }
    // better-auth's endpoints for a signed-in user too, however the path is spelt.
    for (const url of ['/api/auth/update-user', '/api/auth/./change-password', '/api/auth/x/../revoke-sessions', '/api/auth/list-accounts/']) {
      answers.push(`POST ${url}: ${await partialUpload(p.port, 'POST', url, 'application/json', p.bodyReads)}`);
    }
    // The client sent 64 KB of the 5 MB it announced: an answer at all means nobody waited for the rest.
    expect(answers).toEqual(answers.map((a) => a.replace(/: .*$/, ': 401 UNAUTHORIZED, body not read')));
  });

  it('accepts a password-reset token once: reused or raced 20 times at once, exactly one reset succeeds', async () => {
    const asked = await t.request('POST', '/api/auth/request-password-reset', { body: { email: p.a.ids.email, redirectTo: '/reset-password' } });
    expect(asked.statusCode).toBe(200);
    const mail = await t.database.db.selectFrom('mail_outbox').select('text_body').where('to_address', '=', p.a.ids.email)
      .where('subject', 'like', '%password%').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    const link = new URL(mail.text_body.match(/http\S+/)![0]);
    const callback = await t.request('GET', link.pathname + link.search);
    const token = new URL(String(callback.headers.location), ORIGIN).searchParams.get('token')!;
    expect(token).toBeTruthy();

    const passwords = Array.from({ length: 20 }, (_, i) => `raced password ${i} ${token.slice(0, 4)}`);
    const answers = await Promise.all(
      passwords.map((newPassword, i) =>
        t.app.inject({
          method: 'POST', url: '/api/auth/reset-password', remoteAddress: `10.30.3.${i + 1}`,
          headers: { origin: ORIGIN, 'content-type': 'application/json' }, payload: JSON.stringify({ token, newPassword }),
        }),
      ),
    );
    const won = answers.flatMap((res, i) => (res.statusCode === 200 ? [i] : []));
    expect(won).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode !== 200).map((r) => [r.statusCode, r.json().code])).toEqual(Array(19).fill([400, 'INVALID_TOKEN']));
    const again = await t.request('POST', '/api/auth/reset-password', { body: { token, newPassword: 'one more password' } });
    expect([again.statusCode, again.json().code]).toEqual([400, 'INVALID_TOKEN']);

    // Only the winner's password opens the account; the old one and every loser's do not.
    expect((await signIn(t, passwords[won[0]!]!, '10.30.4.1')).statusCode).toBe(200);
    expect((await signIn(t, p.a.password, '10.30.4.2')).statusCode).toBe(401);
    expect((await signIn(t, passwords[(won[0]! + 1) % 20]!, '10.30.4.3')).statusCode).toBe(401);
  });
});
