import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { API_KEY_MESSAGES, API_KEY_SCOPES, type ApiKeyScope } from '@wholesail/domain';
import type { SessionContext } from '../auth/session';
import type { DB } from '../db/types';
import type { ApiKeyAuthenticator } from '../modules/api-keys/authenticate';
import { bearerToken } from '../modules/api-keys/token';
import { requestContext, requestSession, type RequestContext, type SessionResolver } from './context';
import { forbidden, unauthorized } from './errors';

/**
 * Who may call a route, declared in its `config.access` and enforced by one `onRequest` hook before the body is read:
 * - `public`: anyone (with `config.publicBecause` saying why);
 * - `session`: signed in, with or without an organization;
 * - `member`: signed in and a member of an organization (`request.ctx` is set);
 * - `admin`: a member whose role is owner or admin;
 * - `operator`: reserved for the operator issue; refused with 403 until then.
 * A member or admin route may also name `config.apiKey`, the scope with which an API key (`Authorization: Bearer`)
 * calls it as the key's organization; a route that names none never opens to a key.
 */
export type RouteAccess = 'public' | 'session' | 'member' | 'admin' | 'operator';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** On a member or admin route: the scope an API key needs to call it. */
    apiKey?: ApiKeyScope;
    /** Required with `access: 'public'`: why anyone may call the route signed out. */
    publicBecause?: string;
  }
  interface FastifyRequest {
    /** On member and admin routes: the caller and their organization. Reading it elsewhere is a programming error. */
    readonly ctx: RequestContext;
    /** On session, member and admin routes: the signed-in caller. */
    readonly signedIn: SessionContext;
    /** On any route: the caller's session if there is one (looked up once per request). */
    lookUpSession(): Promise<SessionContext | null>;
  }
  interface FastifyInstance {
    /** Set on a scope by `publicScope`: the reason every route registered in it is public. */
    publicBecause?: string;
  }
}

/** Route configs of the signed-in access levels: `{ config: ACCESS.member }`. */
export const ACCESS = {
  session: { access: 'session' },
  member: { access: 'member' },
  admin: { access: 'admin' },
  /** Members, and API keys holding `scope`. */
  memberOrKey: (scope: ApiKeyScope) => ({ access: 'member', apiKey: scope }) as const,
  /** Owners and admins, and API keys holding `scope`. */
  adminOrKey: (scope: ApiKeyScope) => ({ access: 'admin', apiKey: scope }) as const,
} as const;

/** The route config of a public route, with the reason anyone may call it. */
export const publicRoute = (because: string) => ({ access: 'public', publicBecause: because }) as const;

export const ACCESS_MESSAGES = {
  noOrganization: 'No organization found. Please create an organization first.',
  notAdmin: 'Only owners and admins of the organization can do this',
  notYet: 'This route needs an access level this server does not grant yet',
} as const;

const ADMIN_ROLES: ReadonlySet<string> = new Set(['owner', 'admin']);

/** Refuses at start-up a route that declares no access, or declares `public` without a reason. */
function checkDeclaration(this: FastifyInstance, route: RouteOptions): void {
  const config = route.config ?? {};
  if (config.access === undefined && this.publicBecause) {
    route.config = { ...config, access: 'public', publicBecause: this.publicBecause };
    return;
  }
  const where = `${[route.method].flat().join(',')} ${route.url}`;
  if (config.access === undefined) throw new Error(`${where} declares no config.access (public, session, member or admin)`);
  if (config.access === 'public' && !config.publicBecause) throw new Error(`${where} is public without config.publicBecause`);
  if (config.apiKey !== undefined && config.access !== 'member' && config.access !== 'admin') throw new Error(`${where} names an API key scope but is not a member or admin route`);
  if (config.apiKey !== undefined && !API_KEY_SCOPES.includes(config.apiKey)) throw new Error(`${where} names an unknown API key scope ${config.apiKey}`);
}

/**
 * Registers the route contract on the root instance, before any route: the start-up check of every route's
 * declaration, `request.ctx` / `request.signedIn` / `request.lookUpSession`, and the `onRequest` hook that answers
 * 401 signed out, 403 NO_ORGANIZATION without an organization and 403 for a member on an admin route, before
 * fastify reads the body. A request with `Authorization: Bearer` is an API key's: 401 for a key that does not
 * hold, 429 over its rate, 403 on a route that names no scope or one the key lacks.
 */
export function registerRouteAccess(app: FastifyInstance, db: Kysely<DB>, resolve: SessionResolver, keys: Pick<ApiKeyAuthenticator, 'authenticate'>): void {
  const session = requestSession(resolve);
  const contexts = new WeakMap<FastifyRequest, RequestContext>();
  const signedIn = new WeakMap<FastifyRequest, SessionContext>();

  app.addHook('onRoute', checkDeclaration);
  app.decorateRequest('lookUpSession', function (this: FastifyRequest) {
    return session(this);
  });
  app.decorateRequest('ctx', {
    getter(this: FastifyRequest) {
      const ctx = contexts.get(this);
      if (!ctx) throw new Error(`request.ctx on ${this.method} ${this.routeOptions.url}, which is not a member or admin route`);
      return ctx;
    },
  });
  app.decorateRequest('signedIn', {
    getter(this: FastifyRequest) {
      const found = signedIn.get(this);
      if (!found) throw new Error(`request.signedIn on ${this.method} ${this.routeOptions.url}, which is a public route`);
      return found;
    },
  });

  app.addHook('onRequest', async (request) => {
    const { access } = request.routeOptions.config;
    // No access: the not-found handler, which answers 404 to everyone.
    if (access === undefined || access === 'public') return;
    if (access === 'operator') throw forbidden(`${ACCESS_MESSAGES.notYet} (${access})`, 'ACCESS_NOT_AVAILABLE');
    const token = bearerToken(request.headers.authorization);
    if (token !== null) {
      const holder = await keys.authenticate(token);
      const scope = request.routeOptions.config.apiKey;
      if (access === 'session' || scope === undefined) throw forbidden(API_KEY_MESSAGES.notForKeys, 'API_KEY_NOT_ALLOWED');
      if (!holder.apiKey.scopes.includes(scope)) throw forbidden(API_KEY_MESSAGES.missingScope(scope), 'MISSING_SCOPE');
      signedIn.set(request, holder);
      contexts.set(request, requestContext(db, holder));
      return;
    }
    const found = await session(request);
    if (!found) throw unauthorized();
    signedIn.set(request, found);
    if (access === 'session') return;
    const { organizationId, role } = found;
    if (!organizationId || !role) throw forbidden(ACCESS_MESSAGES.noOrganization, 'NO_ORGANIZATION');
    if (access === 'admin' && !ADMIN_ROLES.has(role)) throw forbidden(ACCESS_MESSAGES.notAdmin);
    contexts.set(request, requestContext(db, { ...found, organizationId, role }));
  });
}

/** Registers plugin routes that cannot carry a config of their own (documentation, static files) as public, for `reason`. */
export async function publicScope(app: FastifyInstance, reason: string, register: (scope: FastifyInstance) => PromiseLike<unknown> | void): Promise<void> {
  await app.register(async (scope) => {
    scope.decorate('publicBecause', reason);
    await register(scope);
  });
}
