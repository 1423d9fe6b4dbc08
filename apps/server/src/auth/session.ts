import type { MemberRole } from '@wholesail/domain';
import type { Kysely } from 'kysely';
import { withSystem } from '../db/scope';
import type { DB } from '../db/types';
import type { Auth } from './auth';

export interface SessionContext {
  user: { id: string; email: string; name: string };
  organizationId: string | null;
  role: MemberRole | null;
}

/**
 * The signed-in user behind a request's cookie, with their organization. Sessions older than the
 * absolute limit are deleted here, whatever their idle expiry says.
 */
export async function resolveSession(
  auth: Auth,
  db: Kysely<DB>,
  headers: Headers,
  absoluteHours: number,
): Promise<SessionContext | null> {
  const found = await auth.api.getSession({ headers });
  if (!found) return null;
  const ageMs = Date.now() - new Date(found.session.createdAt).getTime();
  if (ageMs > absoluteHours * 3600_000) {
    await (await auth.$context).internalAdapter.deleteSession(found.session.token);
    return null;
  }
  const profile = await withSystem(db, (tx) =>
    tx.selectFrom('user_profiles').select(['organization_id', 'role']).where('id', '=', found.user.id).executeTakeFirst(),
  );
  const organizationId = profile?.organization_id ?? null;
  return {
    user: { id: found.user.id, email: found.user.email, name: found.user.name },
    organizationId,
    role: organizationId ? (profile?.role ?? null) : null,
  };
}
