import type { FastifyRequest } from 'fastify';
import type { MemberRole } from '@wholesail/domain';
import type { SessionContext } from '../auth/session';
import { forbidden, unauthorized } from './errors';
import { webHeaders } from './web-headers';

export type SessionResolver = (headers: Headers) => Promise<SessionContext | null>;

export interface OrgContext extends SessionContext {
  organizationId: string;
  role: MemberRole;
}

const cache = new WeakMap<FastifyRequest, Promise<SessionContext | null>>();

/** Request guards; the session is looked up once per request. */
export function requestGuards(resolve: SessionResolver) {
  const session = (request: FastifyRequest) => {
    let found = cache.get(request);
    if (!found) {
      found = resolve(webHeaders(request));
      cache.set(request, found);
    }
    return found;
  };
  const requireUser = async (request: FastifyRequest): Promise<SessionContext> => {
    const ctx = await session(request);
    if (!ctx) throw unauthorized();
    return ctx;
  };
  const requireOrganization = async (request: FastifyRequest): Promise<OrgContext> => {
    const ctx = await requireUser(request);
    if (!ctx.organizationId || !ctx.role) {
      throw forbidden('No organization found. Please create an organization first.', 'NO_ORGANIZATION');
    }
    return { ...ctx, organizationId: ctx.organizationId, role: ctx.role };
  };
  const requireAdmin = async (request: FastifyRequest): Promise<OrgContext> => {
    const ctx = await requireOrganization(request);
    if (ctx.role === 'member') throw forbidden('Only owners and admins of the organization can do this');
    return ctx;
  };
  return { session, requireUser, requireOrganization, requireAdmin };
}

export type Guards = ReturnType<typeof requestGuards>;
