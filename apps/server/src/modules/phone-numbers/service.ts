import type { Kysely } from 'kysely';
import { chooseCallerId, type OrganizationPhoneNumber } from '@wholesail/domain';
import { withTenant, type Tx } from '../../db/scope';
import type { DB } from '../../db/types';
import type { OrgContext } from '../../http/context';
import { badRequest, conflict, notFound } from '../../http/errors';
import { logActivity } from '../organizations/repo';
import * as repo from './repo';

export function listNumbers(db: Kysely<DB>, ctx: OrgContext) {
  return withTenant(db, ctx.organizationId, async (tx) => ({ items: await repo.listNumbers(tx, ctx.organizationId) }));
}

export function createNumber(
  db: Kysely<DB>,
  ctx: OrgContext,
  body: { phone_number: string; label?: string | null; is_primary?: boolean; is_active?: boolean },
): Promise<OrganizationPhoneNumber> {
  return withTenant(db, ctx.organizationId, async (tx) => {
    const isPrimary = Boolean(body.is_primary) && body.is_active !== false;
    if (isPrimary) await repo.clearPrimary(tx, ctx.organizationId);
    const created = await repo.insertNumber(tx, ctx.organizationId, { ...body, is_primary: isPrimary });
    if (!created) throw conflict(`The phone number ${body.phone_number} is already one of the organization's numbers`, 'DUPLICATE');
    await logActivity(tx, { organizationId: ctx.organizationId, actorId: ctx.user.id, action: 'phone_number.created', entityType: 'organization_phone_number', entityId: created.id });
    return created;
  });
}

export function updateNumber(
  db: Kysely<DB>,
  ctx: OrgContext,
  id: string,
  body: { label?: string | null; is_primary?: boolean; is_active?: boolean },
): Promise<OrganizationPhoneNumber> {
  return withTenant(db, ctx.organizationId, async (tx) => {
    // An inactive number cannot stay primary.
    const values = body.is_active === false ? { ...body, is_primary: false } : body;
    if (values.is_primary) await repo.clearPrimary(tx, ctx.organizationId, id);
    const updated = await repo.updateNumber(tx, ctx.organizationId, id, values);
    if (!updated) throw notFound('Phone number not found');
    return updated;
  });
}

export async function deleteNumber(db: Kysely<DB>, ctx: OrgContext, id: string): Promise<void> {
  await withTenant(db, ctx.organizationId, async (tx) => {
    if (!(await repo.deleteNumber(tx, ctx.organizationId, id))) throw notFound('Phone number not found');
    await logActivity(tx, { organizationId: ctx.organizationId, actorId: ctx.user.id, action: 'phone_number.deleted', entityType: 'organization_phone_number', entityId: id });
  });
}

export function listAssignments(db: Kysely<DB>, ctx: OrgContext) {
  return withTenant(db, ctx.organizationId, async (tx) => ({ items: await repo.listAssignments(tx, ctx.organizationId, ctx.user.id) }));
}

export function setDefaultNumber(db: Kysely<DB>, ctx: OrgContext, phoneNumber: string) {
  return withTenant(db, ctx.organizationId, async (tx) => {
    const number = await repo.findNumberByValue(tx, ctx.organizationId, phoneNumber);
    if (!number || !number.is_active) throw badRequest(`The phone number ${phoneNumber} is not an active number of your organization`, 'NOT_AN_ORGANIZATION_NUMBER');
    await repo.setDefault(tx, ctx.organizationId, ctx.user.id, phoneNumber);
    return { phone_number: phoneNumber, is_default: true as const };
  });
}

/** The from-number for a call (dialer.md §4), chosen by the domain rule from this tenant's data. */
export async function callerIdFor(tx: Tx, ctx: OrgContext, leadId: string | undefined) {
  const [orgNumbers, userDefault, leadAssigned] = await Promise.all([
    repo.listNumbers(tx, ctx.organizationId),
    repo.findDefault(tx, ctx.organizationId, ctx.user.id),
    leadId ? repo.lastFromNumberForLead(tx, ctx.organizationId, leadId) : Promise.resolve(null),
  ]);
  return chooseCallerId({ leadAssigned, userDefault, orgNumbers });
}

export function callerId(db: Kysely<DB>, ctx: OrgContext, leadId: string | undefined) {
  return withTenant(db, ctx.organizationId, (tx) => callerIdFor(tx, ctx, leadId));
}
