import { DEFAULT_AI_INTEGRATION, type MemberRole } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import { iso } from '../../db/timestamps';
import { audit } from '../audit/audit';

/** Named, not `*`: see LEAD_COLUMNS (leads/repo.ts). */
const ORGANIZATION_COLUMNS = ['id', 'name', 'created_at', 'updated_at'] as const;

export function toOrganization(row: { id: string; name: string; created_at: Date | string; updated_at: Date | string }) {
  return { id: row.id, name: row.name, created_at: iso(row.created_at), updated_at: iso(row.updated_at) };
}

export async function findOrganization(tx: Tx, id: string) {
  const row = await tx.selectFrom('organizations').select(ORGANIZATION_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? toOrganization(row) : null;
}

export async function insertOrganization(tx: Tx, name: string) {
  return toOrganization(await tx.insertInto('organizations').values({ name }).returning(ORGANIZATION_COLUMNS).executeTakeFirstOrThrow());
}

export async function renameOrganization(tx: Tx, id: string, name: string) {
  const row = await tx
    .updateTable('organizations')
    .set({ name, updated_at: new Date() })
    .where('id', '=', id)
    .returning(ORGANIZATION_COLUMNS)
    .executeTakeFirst();
  return row ? toOrganization(row) : null;
}

export async function findProfile(tx: Tx, userId: string) {
  return tx.selectFrom('user_profiles').select(['id', 'organization_id', 'role', 'created_at', 'updated_at']).where('id', '=', userId).executeTakeFirst();
}

/** Creates or moves a user's profile into an organization with a role. */
export async function upsertProfile(tx: Tx, userId: string, organizationId: string, role: MemberRole) {
  await tx
    .insertInto('user_profiles')
    .values({ id: userId, organization_id: organizationId, role })
    .onConflict((oc) => oc.column('id').doUpdateSet({ organization_id: organizationId, role, updated_at: new Date() }))
    .execute();
}

export async function listMembers(tx: Tx, organizationId: string) {
  const rows = await tx
    .selectFrom('user_profiles')
    .innerJoin('users', 'users.id', 'user_profiles.id')
    .select(['users.id', 'users.email', 'users.name', 'user_profiles.role', 'user_profiles.created_at'])
    .where('user_profiles.organization_id', '=', organizationId)
    .orderBy('user_profiles.created_at')
    .execute();
  return rows.map((r) => ({ ...r, created_at: iso(r.created_at) }));
}

/** A new organization with default settings, owned by userId. Needs the system role. */
export async function createOwnedOrganization(tx: Tx, userId: string, name: string) {
  const organization = await insertOrganization(tx, name);
  await tx
    .insertInto('organization_settings')
    .values({ organization_id: organization.id, settings: JSON.stringify({ aiIntegration: DEFAULT_AI_INTEGRATION }) })
    .execute();
  await upsertProfile(tx, userId, organization.id, 'owner');
  await audit(tx, { organizationId: organization.id, user: { id: userId } }, 'organization.created', { type: 'organization', id: organization.id });
  return organization;
}
