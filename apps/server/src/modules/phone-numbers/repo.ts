import { sql } from 'kysely';
import type { OrganizationPhoneNumber } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import { iso } from '../../db/timestamps';

type NumberRow = Omit<OrganizationPhoneNumber, 'created_at'> & { created_at: Date | string };

const toNumber = (row: NumberRow): OrganizationPhoneNumber => ({
  id: row.id,
  phone_number: row.phone_number,
  label: row.label,
  is_active: row.is_active,
  is_primary: row.is_primary,
  created_at: iso(row.created_at),
});

const COLUMNS = ['id', 'phone_number', 'label', 'is_active', 'is_primary', 'created_at'] as const;

/** Active first, primary first, then oldest first (the "first active" of the caller-ID rule). */
export async function listNumbers(tx: Tx, organizationId: string): Promise<OrganizationPhoneNumber[]> {
  const rows = await tx
    .selectFrom('organization_phone_numbers')
    .select(COLUMNS)
    .where('organization_id', '=', organizationId)
    .orderBy('is_active', 'desc')
    .orderBy('is_primary', 'desc')
    .orderBy('created_at')
    .orderBy('phone_number')
    .execute();
  return rows.map(toNumber);
}

export async function findNumberByValue(tx: Tx, organizationId: string, phoneNumber: string) {
  const row = await tx
    .selectFrom('organization_phone_numbers')
    .select(COLUMNS)
    .where('organization_id', '=', organizationId)
    .where('phone_number', '=', phoneNumber)
    .executeTakeFirst();
  return row ? toNumber(row) : null;
}

/** The one organization whose active number is `phoneNumber` (system role; migration 0019 allows one). */
export async function ownerOf(tx: Tx, phoneNumber: string): Promise<string | null> {
  const row = await tx
    .selectFrom('organization_phone_numbers')
    .select('organization_id')
    .where('phone_number', '=', phoneNumber)
    .where('is_active', '=', true)
    .executeTakeFirst();
  return row?.organization_id ?? null;
}

export async function clearPrimary(tx: Tx, organizationId: string, exceptId?: string): Promise<void> {
  let q = tx.updateTable('organization_phone_numbers').set({ is_primary: false }).where('organization_id', '=', organizationId).where('is_primary', '=', true);
  if (exceptId) q = q.where('id', '<>', exceptId);
  await q.execute();
}

export async function insertNumber(
  tx: Tx,
  organizationId: string,
  values: { phone_number: string; label?: string | null; is_active?: boolean; is_primary?: boolean },
): Promise<OrganizationPhoneNumber | null> {
  const row = await tx
    .insertInto('organization_phone_numbers')
    .values({ ...values, organization_id: organizationId })
    .onConflict((oc) => oc.columns(['organization_id', 'phone_number']).doNothing())
    .returning(COLUMNS)
    .executeTakeFirst();
  return row ? toNumber(row) : null;
}

export async function updateNumber(
  tx: Tx,
  organizationId: string,
  id: string,
  values: { label?: string | null; is_active?: boolean; is_primary?: boolean },
): Promise<OrganizationPhoneNumber | null> {
  if (Object.keys(values).length === 0) {
    // An empty PATCH changes nothing: the number as it is (an UPDATE needs at least one column).
    const found = await tx.selectFrom('organization_phone_numbers').select(COLUMNS).where('organization_id', '=', organizationId).where('id', '=', id).executeTakeFirst();
    return found ? toNumber(found) : null;
  }
  const row = await tx
    .updateTable('organization_phone_numbers')
    .set(values)
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirst();
  return row ? toNumber(row) : null;
}

export async function deleteNumber(tx: Tx, organizationId: string, id: string): Promise<boolean> {
  const row = await tx.deleteFrom('organization_phone_numbers').where('organization_id', '=', organizationId).where('id', '=', id).returning('id').executeTakeFirst();
  return Boolean(row);
}

export async function listAssignments(tx: Tx, organizationId: string, userId: string) {
  return tx
    .selectFrom('user_phone_assignments')
    .select(['phone_number', 'is_default'])
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .orderBy('is_default', 'desc')
    .orderBy('created_at')
    .execute();
}

export async function findDefault(tx: Tx, organizationId: string, userId: string): Promise<string | null> {
  const row = await tx
    .selectFrom('user_phone_assignments')
    .select('phone_number')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .where('is_default', '=', true)
    .executeTakeFirst();
  return row?.phone_number ?? null;
}

/** dialer.md §7: unset the previous default, then upsert the new one as default. */
export async function setDefault(tx: Tx, organizationId: string, userId: string, phoneNumber: string): Promise<void> {
  await tx
    .updateTable('user_phone_assignments')
    .set({ is_default: false })
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .where('is_default', '=', true)
    .execute();
  await tx
    .insertInto('user_phone_assignments')
    .values({ organization_id: organizationId, user_id: userId, phone_number: phoneNumber, is_default: true })
    .onConflict((oc) => oc.columns(['organization_id', 'user_id', 'phone_number']).doUpdateSet({ is_default: true }))
    .execute();
}

/** The number the lead was last called from: "the number assigned to the lead" of the caller-ID rule. */
export async function lastFromNumberForLead(tx: Tx, organizationId: string, leadId: string): Promise<string | null> {
  return (await lastFromNumbersForLeads(tx, organizationId, [leadId])).get(leadId) ?? null;
}

/** lastFromNumberForLead for many leads in one read: the from-number of each one's latest call, by lead id. */
export async function lastFromNumbersForLeads(tx: Tx, organizationId: string, leadIds: readonly string[]): Promise<Map<string, string | null>> {
  if (leadIds.length === 0) return new Map();
  const { rows } = await sql<{ lead_id: string; from_e164: string | null }>`
    select distinct on (lead_id) lead_id, from_e164 from calls
    where organization_id = ${organizationId} and lead_id = any(${sql.val(leadIds)}::uuid[])
    order by lead_id, created_at desc`.execute(tx);
  return new Map(rows.map((r) => [r.lead_id, r.from_e164]));
}
