import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MemberRole } from '@wholesail/domain';
import { parseCookies } from 'better-auth/cookies';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';
import type { Auth } from './auth';
import { SessionCache } from './session-cache';

export interface SessionContext {
  user: { id: string; email: string; name: string };
  organizationId: string | null;
  role: MemberRole | null;
}

export interface SessionRow {
  user_id: string;
  email: string;
  name: string;
  expires_at: Date | string;
  created_at: Date | string;
  organization_id: string | null;
  role: MemberRole | null;
}

/** better-auth's HMAC-SHA256 signature is base64: 44 characters ending in '='. */
const SIGNATURE_LENGTH = 44;

/** The session token of a cookie signed as better-auth signs it (`token.base64(HMAC(secret, token))`), else null. */
export function verifiedToken(value: string | null, secret: string): string | null {
  if (!value) return null;
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const signature = value.slice(dot + 1);
  if (signature.length !== SIGNATURE_LENGTH || !signature.endsWith('=')) return null;
  const token = value.slice(0, dot);
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

const time = (v: Date | string) => (v instanceof Date ? v : new Date(v)).getTime();

/**
 * Resolves the signed-in user behind a request's cookie, with their organization, in one statement
 * (app_session_context, migration 0011) on the common path. better-auth itself answers whenever it has
 * something to write: an expired session (deleted), one due for its sliding renewal (updateAge), and
 * sessions older than the absolute limit are deleted here, whatever their idle expiry says. The limits are
 * checked on every request, a row from the cache included; a cache that is not listening keeps nothing.
 */
export function sessionResolver(auth: Auth, db: Kysely<DB>, absoluteHours: number, cache = new SessionCache<SessionRow>()) {
  const settings = auth.$context.then((c) => ({
    cookieName: c.authCookies.sessionToken.name,
    secret: c.secret,
    expiresInMs: c.sessionConfig.expiresIn * 1000,
    updateAgeMs: c.sessionConfig.updateAge * 1000,
    deleteSession: (token: string) => c.internalAdapter.deleteSession(token),
  }));

  /** `renew: false` only checks (an open socket re-checking its session must not keep it alive). */
  return async (headers: Headers, { renew = true }: { renew?: boolean } = {}): Promise<SessionContext | null> => {
    const s = await settings;
    const token = verifiedToken(parseCookies(headers.get('cookie') ?? '').get(s.cookieName) ?? null, s.secret);
    if (!token) return null;
    const row = await cache.lookup(token, async () => {
      const { rows } = await sql<SessionRow>`select user_id, email, name, expires_at, created_at, organization_id, role from app_session_context(${token})`.execute(db);
      return rows[0] ?? null;
    });
    if (!row) return null;
    const now = Date.now();
    const expiresAt = time(row.expires_at);
    // better-auth's database hooks clear the cache once it deleted or renewed the row (auth.ts).
    if (now - time(row.created_at) > absoluteHours * 3600_000) {
      await s.deleteSession(token);
      return null;
    }
    const dueForRenewal = expiresAt - s.expiresInMs + s.updateAgeMs <= now;
    if (!renew && expiresAt < now) return null;
    if (renew && (expiresAt < now || dueForRenewal)) {
      const renewed = await auth.api.getSession({ headers });
      if (!renewed) return null;
    }
    return {
      user: { id: row.user_id, email: row.email, name: row.name },
      organizationId: row.organization_id,
      role: row.organization_id ? row.role : null,
    };
  };
}
