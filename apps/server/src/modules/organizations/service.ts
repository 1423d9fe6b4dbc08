import type { Kysely } from 'kysely';
import { withSystem, withTenant } from '../../db/scope';
import type { DB } from '../../db/types';
import type { OrgContext } from '../../http/context';
import { conflict, notFound } from '../../http/errors';
import { audit } from '../audit/audit';
import { createOwnedOrganization, findOrganization, findProfile, listMembers, renameOrganization } from './repo';

/**
 * create_personal_organization: a user without an organization creates one and becomes its owner.
 * Runs as the system role because the organization does not exist yet when the transaction starts.
 */
/** `sessionsChanged` is told once the new membership is committed (auth/session-cache.ts). */
export async function createPersonalOrganization(db: Kysely<DB>, userId: string, name: string, sessionsChanged: () => void) {
  const organization = await withSystem(db, async (tx) => {
    const profile = await findProfile(tx, userId);
    if (profile?.organization_id) throw conflict('You already belong to an organization', 'ALREADY_IN_ORGANIZATION');
    return createOwnedOrganization(tx, userId, name);
  });
  sessionsChanged();
  return organization;
}

/** Reads an organization by id as the caller's tenant: another organization's id is simply not found. */
export async function getOrganization(db: Kysely<DB>, tenantId: string, id = tenantId) {
  const organization = await withTenant(db, tenantId, (tx) => findOrganization(tx, id));
  if (!organization) throw notFound('Organization not found');
  return organization;
}

export async function updateOrganization(db: Kysely<DB>, ctx: OrgContext, id: string, name: string) {
  return withTenant(db, ctx.organizationId, async (tx) => {
    const organization = await renameOrganization(tx, id, name);
    if (!organization) throw notFound('Organization not found');
    await audit(tx, ctx, 'organization.renamed', { type: 'organization', id: id }, { name });
    return organization;
  });
}

export function getMembers(db: Kysely<DB>, ctx: OrgContext) {
  return withTenant(db, ctx.organizationId, (tx) => listMembers(tx, ctx.organizationId));
}
