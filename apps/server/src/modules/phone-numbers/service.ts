import { chooseCallerId, type OrganizationPhoneNumber } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import type { OrgContext, RequestContext } from '../../http/context';
import { violatesUnique } from '../../db/constraint';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import type { TwilioNumberOwnership } from '../../providers/voice/twilio-numbers';
import { audit } from '../audit/audit';
import * as repo from './repo';

export function listNumbers(ctx: RequestContext) {
  return ctx.read(async (tx) => ({ items: await repo.listNumbers(tx, ctx.organizationId) }));
}

/** One organization per active number (migration 0019); who has it is not said. */
export const NUMBER_IN_USE = 'This number is already in use';

/** The active number is another organization's: 409, whichever statement ran into the index. */
async function ownedOnce<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (violatesUnique(error, 'organization_phone_numbers_one_owner_idx')) throw conflict(NUMBER_IN_USE, 'NUMBER_IN_USE');
    throw error;
  }
}

/** With Twilio configured, a caller ID the account does not own would be refused by Twilio (or spoof someone's). */
async function checkOwnership(ownership: Pick<TwilioNumberOwnership, 'owns'> | null, phoneNumber: string): Promise<void> {
  if (!ownership) return;
  let owned: boolean;
  try {
    owned = await ownership.owns(phoneNumber);
  } catch {
    throw new AppError(502, 'TWILIO_UNAVAILABLE', `Twilio could not be asked whether it owns ${phoneNumber}. Please try again.`);
  }
  if (!owned) {
    throw badRequest(
      `phone_number: ${phoneNumber} is not a number of this Twilio account (buy it in Twilio or verify it as a caller ID first)`,
      'NUMBER_NOT_IN_TWILIO_ACCOUNT',
    );
  }
}

export async function createNumber(
  ctx: RequestContext,
  body: { phone_number: string; label?: string | null; is_primary?: boolean; is_active?: boolean },
  ownership: Pick<TwilioNumberOwnership, 'owns'> | null,
): Promise<OrganizationPhoneNumber> {
  await checkOwnership(ownership, body.phone_number);
  return ownedOnce(ctx.write(async (tx) => {
    const isPrimary = Boolean(body.is_primary) && body.is_active !== false;
    if (isPrimary) await repo.clearPrimary(tx, ctx.organizationId);
    const created = await repo.insertNumber(tx, ctx.organizationId, { ...body, is_primary: isPrimary });
    if (!created) throw conflict(`The phone number ${body.phone_number} is already one of the organization's numbers`, 'DUPLICATE');
    await audit(tx, ctx, 'phone_number.created', { type: 'organization_phone_number', id: created.id });
    return created;
  }));
}

export function updateNumber(
  ctx: RequestContext,
  id: string,
  body: { label?: string | null; is_primary?: boolean; is_active?: boolean },
): Promise<OrganizationPhoneNumber> {
  return ownedOnce(ctx.write(async (tx) => {
    // An inactive number cannot stay primary.
    const values = body.is_active === false ? { ...body, is_primary: false } : body;
    if (values.is_primary) await repo.clearPrimary(tx, ctx.organizationId, id);
    const updated = await repo.updateNumber(tx, ctx.organizationId, id, values);
    if (!updated) throw notFound('Phone number not found');
    return updated;
  }));
}

export async function deleteNumber(ctx: RequestContext, id: string): Promise<void> {
  await ctx.write(async (tx) => {
    if (!(await repo.deleteNumber(tx, ctx.organizationId, id))) throw notFound('Phone number not found');
    await audit(tx, ctx, 'phone_number.deleted', { type: 'organization_phone_number', id: id });
  });
}

export function listAssignments(ctx: RequestContext) {
  return ctx.read(async (tx) => ({ items: await repo.listAssignments(tx, ctx.organizationId, ctx.user.id) }));
}

export function setDefaultNumber(ctx: RequestContext, phoneNumber: string) {
  return ctx.write(async (tx) => {
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

/** callerIdFor for each of a batch of leads (the sequences' texts), reading each table once: the from-number by lead id, or null. */
export async function callerIdsFor(tx: Tx, ctx: OrgContext, leadIds: readonly string[]): Promise<Map<string, string | null>> {
  const [orgNumbers, userDefault, leadAssigned] = await Promise.all([
    repo.listNumbers(tx, ctx.organizationId),
    repo.findDefault(tx, ctx.organizationId, ctx.user.id),
    repo.lastFromNumbersForLeads(tx, ctx.organizationId, leadIds),
  ]);
  return new Map(leadIds.map((id) => [id, chooseCallerId({ leadAssigned: leadAssigned.get(id) ?? null, userDefault, orgNumbers }).phone_number]));
}

export function callerId(ctx: RequestContext, leadId: string | undefined) {
  return ctx.read((tx) => callerIdFor(tx, ctx, leadId));
}
