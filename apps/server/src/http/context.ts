import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ApiKeyScope, MemberRole } from '@wholesail/domain';
import type { WebSocket } from '@fastify/websocket';
import { readAsTenant, withTenant, type PlanSettings, type Tx } from '../db/scope';
import type { DB } from '../db/types';
import type { SessionContext } from '../auth/session';
import type { SessionSockets } from '../auth/session-sockets';
import { webHeaders } from './web-headers';

export type SessionResolver = (headers: Headers, options?: { renew?: boolean }) => Promise<SessionContext | null>;

export interface OrgContext extends SessionContext {
  organizationId: string;
  role: MemberRole;
  /** Set when an API key made the request: the key, whose creator is `user` (docs/api-keys.md). */
  apiKey?: { id: string; scopes: readonly ApiKeyScope[] };
}

/** A member's request (`request.ctx`), or an API key's: who asks, for which organization, and its tenant transactions. */
export interface RequestContext extends OrgContext {
  /** A read-only tenant transaction (readAsTenant). */
  read<T>(fn: (tx: Tx) => Promise<T>, plan?: PlanSettings): Promise<T>;
  /** A read-write tenant transaction (withTenant). */
  write<T>(fn: (tx: Tx) => Promise<T>, plan?: PlanSettings): Promise<T>;
}

/** The context of a member of `org.organizationId`, its transactions opened on `db`. */
export function requestContext(db: Kysely<DB>, org: OrgContext): RequestContext {
  const { organizationId } = org;
  return {
    ...org,
    read: (fn, plan) => readAsTenant(db, organizationId, fn, plan),
    write: (fn, plan) => withTenant(db, organizationId, fn, plan),
  };
}

/** The session behind a request, looked up once per request however often it is asked for. */
export function requestSession(resolve: SessionResolver): (request: FastifyRequest) => Promise<SessionContext | null> {
  const cache = new WeakMap<FastifyRequest, Promise<SessionContext | null>>();
  return (request) => {
    let found = cache.get(request);
    if (!found) {
      found = resolve(webHeaders(request));
      cache.set(request, found);
    }
    return found;
  };
}

/** Keeps a websocket open only while the session that opened it lasts in `organizationId`; sends through the answer. */
export function holdSocket(sockets: SessionSockets, socket: WebSocket, request: FastifyRequest, organizationId: string) {
  return sockets.hold(socket, webHeaders(request), organizationId);
}
