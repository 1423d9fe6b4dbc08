import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { SessionContext } from '../auth/session';
import type { DB } from '../db/types';
import { ACCESS, publicRoute, publicScope, registerRouteAccess } from './access';
import { registerErrorHandler } from './errors';

const ORG = '00000000-0000-4000-8000-000000000001';
const people: Record<string, SessionContext> = {
  owner: { user: { id: 'u1', email: 'owner@example.com', name: 'Owner' }, organizationId: ORG, role: 'owner' },
  member: { user: { id: 'u2', email: 'member@example.com', name: 'Member' }, organizationId: ORG, role: 'member' },
  loner: { user: { id: 'u3', email: 'loner@example.com', name: 'Loner' }, organizationId: null, role: null },
};

/** An app with the route contract whose "session" is the x-person header; no database is reached. */
function contractApp(): FastifyInstance {
  const app = Fastify();
  registerErrorHandler(app);
  registerRouteAccess(app, {} as Kysely<DB>, async (headers) => people[headers.get('x-person') ?? ''] ?? null);
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
      root.get('/api-key', { config: { access: { apiKey: 'leads:read' } } }, async () => ({ ok: true }));
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
    expect(await answer('/api-key', 'owner')).toEqual(error(403, 'ACCESS_NOT_AVAILABLE', 'This route needs an access level this server does not grant yet (apiKey:leads:read)'));
    // request.ctx off a member route is a programming error, not an empty context.
    expect((await answer('/misused', 'owner'))[0]).toBe(500);
  });
});
