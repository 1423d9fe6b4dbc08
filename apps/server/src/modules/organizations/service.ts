import type { Kysely } from 'kysely';
import { readAsTenant, withSystem, type Tx } from '../../db/scope';
import type { DB } from '../../db/types';
import type { RequestContext } from '../../http/context';
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

/** An organization by id as the transaction's tenant sees it: another organization's id is simply not found. */
async function visibleOrganization(tx: Tx, id: string) {
  const organization = await findOrganization(tx, id);
  if (!organization) throw notFound('Organization not found');
  return organization;
}

/** A member's organization, or another by id (404 unless it is theirs). */
export function getOrganization(ctx: RequestContext, id = ctx.organizationId) {
  return ctx.read((tx) => visibleOrganization(tx, id));
}

/** GET /api/me (signed in, no member context): the caller's organization. */
export function organizationOfSession(db: Kysely<DB>, organizationId: string) {
  return readAsTenant(db, organizationId, (tx) => visibleOrganization(tx, organizationId));
}

export async function updateOrganization(ctx: RequestContext, id: string, name: string) {
  return ctx.write(async (tx) => {
    const organization = await renameOrganization(tx, id, name);
    if (!organization) throw notFound('Organization not found');
    await audit(tx, ctx, 'organization.renamed', { type: 'organization', id: id }, { name });
    return organization;
  });
}

export function getMembers(ctx: RequestContext) {
  return ctx.read((tx) => listMembers(tx, ctx.organizationId));
}
