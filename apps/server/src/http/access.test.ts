import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { SessionContext } from '../auth/session';
import type { DB } from '../db/types';
import type { KeyHolder } from '../modules/api-keys/authenticate';
import { ACCESS, publicRoute, publicScope, registerRouteAccess } from './access';
import { registerErrorHandler, unauthorized } from './errors';

const ORG = '00000000-0000-4000-8000-000000000001';
const people: Record<string, SessionContext> = {
  owner: { user: { id: 'u1', email: 'owner@example.com', name: 'Owner' }, organizationId: ORG, role: 'owner' },
  member: { user: { id: 'u2', email: 'member@example.com', name: 'Member' }, organizationId: ORG, role: 'member' },
  loner: { user: { id: 'u3', email: 'loner@example.com', name: 'Loner' }, organizationId: null, role: null },
};

/** The one API key these tests know: it reads leads, as the member. */
const leadReader: KeyHolder = { apiKey: { id: 'k1', scopes: ['leads:read'] }, organizationId: ORG, role: 'member', user: people.member!.user };
const keys = { authenticate: async (token: string) => (token === 'good-key' ? leadReader : Promise.reject(unauthorized('The API key is not valid'))) };

/** An app with the route contract whose "session" is the x-person header; no database is reached. */
function contractApp(): FastifyInstance {
  const app = Fastify();
  registerErrorHandler(app);
  registerRouteAccess(app, {} as Kysely<DB>, async (headers) => people[headers.get('x-person') ?? ''] ?? null, keys);
  return app;
}

async function startWith(register: (app: FastifyInstance) => void | Promise<void>): Promise<FastifyInstance> {
  const app = contractApp();
  await register(app);
  await app.ready();
  return app;
}

describe('the route contract', () => {
  it('stops the app from starting when a route declares no access, naming the route', async () => {
    await expect(startWith((app) => void app.get('/api/forgotten', async () => 'x'))).rejects.toThrow(
      'GET /api/forgotten declares no config.access (public, session, member or admin)',
    );
  });

  it('stops the app from starting when a public route gives no reason', async () => {
    await expect(startWith((app) => void app.post('/api/open', { config: { access: 'public' } }, async () => 'x'))).rejects.toThrow(
      'POST /api/open is public without config.publicBecause',
    );
  });

  it("declares a plugin's routes public with the scope's reason", async () => {
    const seen: unknown[] = [];
    const app = await startWith(async (root) => {
      root.addHook('onRoute', (route) => void seen.push(route.config));
      await publicScope(root, 'documentation', (scope) => void scope.get('/docs', async () => 'docs'));
    });
    expect(seen).toContainEqual({ access: 'public', publicBecause: 'documentation' });
    expect((await app.inject({ url: '/docs' })).statusCode).toBe(200);
  });

  it('answers each access level before the handler, with the guards’ statuses and messages', async () => {
    const app = await startWith((root) => {
      root.get('/public', { config: publicRoute('a test') }, async () => ({ ok: true }));
      root.get('/session', { config: ACCESS.session }, async (request) => ({ user: request.signedIn.user.id }));
      root.get('/member', { config: ACCESS.member }, async ({ ctx }) => ({ org: ctx.organizationId, role: ctx.role }));
      root.get('/admin', { config: ACCESS.admin }, async ({ ctx }) => ({ role: ctx.role }));
      root.get('/operator', { config: { access: 'operator' } }, async () => ({ ok: true }));
      root.get('/leads', { config: ACCESS.memberOrKey('leads:read') }, async ({ ctx }) => ({ org: ctx.organizationId, key: ctx.apiKey?.id ?? null }));
      root.post('/leads', { config: ACCESS.memberOrKey('leads:write') }, async () => ({ ok: true }));
      root.get('/misused', { config: publicRoute('a test') }, async ({ ctx }) => ({ org: ctx.organizationId }));
    });
    const answer = async (url: string, person?: string) => {
      const res = await app.inject({ url, headers: person ? { 'x-person': person } : {} });
      return [res.statusCode, res.json()];
    };
    const error = (status: number, code: string, message: string) => [status, { error: { code, message } }];

    expect(await answer('/public')).toEqual([200, { ok: true }]);
    for (const url of ['/session', '/member', '/admin']) expect(await answer(url)).toEqual(error(401, 'UNAUTHORIZED', 'Sign in to continue'));
    expect(await answer('/session', 'loner')).toEqual([200, { user: 'u3' }]);
    const noOrganization = error(403, 'NO_ORGANIZATION', 'No organization found. Please create an organization first.');
    expect(await answer('/member', 'loner')).toEqual(noOrganization);
    expect(await answer('/admin', 'loner')).toEqual(noOrganization);
    expect(await answer('/member', 'member')).toEqual([200, { org: ORG, role: 'member' }]);
    expect(await answer('/admin', 'member')).toEqual(error(403, 'FORBIDDEN', 'Only owners and admins of the organization can do this'));
    expect(await answer('/admin', 'owner')).toEqual([200, { role: 'owner' }]);
    // Reserved levels are refused to everyone until their issues grant them.
    expect(await answer('/operator', 'owner')).toEqual(error(403, 'ACCESS_NOT_AVAILABLE', 'This route needs an access level this server does not grant yet (operator)'));
    // A route that names a scope opens to members as before, and to a key holding the scope.
    expect(await answer('/leads', 'member')).toEqual([200, { org: ORG, key: null }]);
    // request.ctx off a member route is a programming error, not an empty context.
    expect((await answer('/misused', 'owner'))[0]).toBe(500);
  });

  it('lets an API key call only the routes that name a scope it holds, as its organization', async () => {
    const app = await startWith((root) => {
      root.get('/leads', { config: ACCESS.memberOrKey('leads:read') }, async ({ ctx }) => ({ org: ctx.organizationId, user: ctx.user.id, key: ctx.apiKey?.id }));
      root.post('/leads', { config: ACCESS.memberOrKey('leads:write') }, async () => ({ ok: true }));
      root.get('/me', { config: ACCESS.session }, async () => ({ ok: true }));
      root.get('/members', { config: ACCESS.admin }, async () => ({ ok: true }));
    });
    const call = async (method: 'GET' | 'POST', url: string, key: string) => {
      const res = await app.inject({ method, url, headers: { authorization: `Bearer ${key}` } });
      return [res.statusCode, res.json()];
    };
    expect(await call('GET', '/leads', 'good-key')).toEqual([200, { org: ORG, user: 'u2', key: 'k1' }]);
    expect(await call('POST', '/leads', 'good-key')).toEqual([403, { error: { code: 'MISSING_SCOPE', message: 'This API key lacks the scope leads:write.' } }]);
    const notForKeys = [403, { error: { code: 'API_KEY_NOT_ALLOWED', message: 'API keys cannot call this route. Sign in to the app to do this.' } }];
    expect(await call('GET', '/me', 'good-key')).toEqual(notForKeys);
    expect(await call('GET', '/members', 'good-key')).toEqual(notForKeys);
    expect(await call('GET', '/leads', 'wrong-key')).toEqual([401, { error: { code: 'UNAUTHORIZED', message: 'The API key is not valid' } }]);
  });

  it('stops the app from starting when a route names a scope that does not exist or is not a member route', async () => {
    await expect(startWith((app) => void app.get('/x', { config: { access: 'member', apiKey: 'leads:delete' as never } }, async () => 'x'))).rejects.toThrow(
      'GET /x names an unknown API key scope leads:delete',
    );
    await expect(startWith((app) => void app.get('/y', { config: { ...publicRoute('a test'), apiKey: 'leads:read' } }, async () => 'y'))).rejects.toThrow(
      'GET /y names an API key scope but is not a member or admin route',
    );
  });
});
