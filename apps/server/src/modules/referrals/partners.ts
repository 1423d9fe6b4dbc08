import type { Updateable } from 'kysely';
import type { ReferralPartner } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import { iso } from '../../db/timestamps';
import type { ReferralPartners } from '../../db/types';

/** Named, not `*`: see LEAD_COLUMNS (leads/repo.ts). */
const PARTNER_COLUMNS = [
  'id', 'name', 'brokerage', 'license_number', 'license_state', 'markets', 'referral_fee_percent', 'email', 'phone', 'notes', 'is_active', 'created_at', 'updated_at',
] as const;

type PartnerRow = Omit<ReferralPartner, 'referral_fee_percent' | 'created_at' | 'updated_at'> & { referral_fee_percent: string | number; created_at: Date | string; updated_at: Date | string };

const toPartner = (row: PartnerRow): ReferralPartner => ({
  ...row,
  referral_fee_percent: Number(row.referral_fee_percent),
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
});

export type PartnerValues = Omit<Updateable<ReferralPartners>, 'organization_id' | 'id' | 'created_at'>;

/** Active partners first, then by name. */
export async function listPartners(tx: Tx, organizationId: string): Promise<ReferralPartner[]> {
  const rows = await tx.selectFrom('referral_partners').select(PARTNER_COLUMNS).where('organization_id', '=', organizationId).orderBy('is_active', 'desc').orderBy('name').execute();
  return rows.map(toPartner);
}

export async function findPartner(tx: Tx, organizationId: string, id: string): Promise<ReferralPartner | null> {
  const row = await tx.selectFrom('referral_partners').select(PARTNER_COLUMNS).where('organization_id', '=', organizationId).where('id', '=', id).executeTakeFirst();
  return row ? toPartner(row) : null;
}

export async function insertPartner(tx: Tx, organizationId: string, values: PartnerValues & { name: string; license_number: string; license_state: string; email: string; referral_fee_percent: number }) {
  return toPartner(await tx.insertInto('referral_partners').values({ ...values, organization_id: organizationId }).returning(PARTNER_COLUMNS).executeTakeFirstOrThrow());
}

export async function updatePartner(tx: Tx, organizationId: string, id: string, values: PartnerValues): Promise<ReferralPartner | null> {
  const row = await tx
    .updateTable('referral_partners')
    .set({ ...values, updated_at: new Date() })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .returning(PARTNER_COLUMNS)
    .executeTakeFirst();
  return row ? toPartner(row) : null;
}

/** Whether the partner has referrals: those keep the partner (the record of fees owed), so it is deactivated instead. */
export async function partnerHasReferrals(tx: Tx, organizationId: string, id: string): Promise<boolean> {
  return (await tx.selectFrom('referrals').select('id').where('organization_id', '=', organizationId).where('partner_id', '=', id).limit(1).executeTakeFirst()) !== undefined;
}

export async function deletePartner(tx: Tx, organizationId: string, id: string): Promise<boolean> {
  return (await tx.deleteFrom('referral_partners').where('organization_id', '=', organizationId).where('id', '=', id).returning('id').executeTakeFirst()) !== undefined;
}
