import { displayName, type Referral, type ReferralStatus } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import { iso } from '../../db/timestamps';
import { day, num } from '../deals/repo';

/** Referrals with their partner's name and their lead's name and address (the list and each answer). */
export function referralQuery(tx: Tx, organizationId: string) {
  return tx
    .selectFrom('referrals as r')
    .innerJoin('referral_partners as p', (j) => j.onRef('p.organization_id', '=', 'r.organization_id').onRef('p.id', '=', 'r.partner_id'))
    .innerJoin('leads as l', (j) => j.onRef('l.organization_id', '=', 'r.organization_id').onRef('l.id', '=', 'r.lead_id'))
    .selectAll('r')
    .select([
      'p.name as partner_name', 'p.brokerage as partner_brokerage',
      'l.name', 'l.contact_1_name', 'l.owner_1_name', 'l.owner_1_first_name', 'l.owner_1_last_name', 'l.property_address_full', 'l.property_address',
    ])
    .where('r.organization_id', '=', organizationId);
}

type ReferralRow = Awaited<ReturnType<ReturnType<typeof referralQuery>['executeTakeFirstOrThrow']>>;

export function toReferral(row: ReferralRow): Referral {
  return {
    id: row.id,
    partner_id: row.partner_id,
    partner_name: row.partner_name,
    partner_brokerage: row.partner_brokerage,
    lead_id: row.lead_id,
    lead_name: displayName(row),
    property_address: row.property_address_full ?? row.property_address ?? null,
    deal_id: row.deal_id,
    status: row.status as ReferralStatus,
    sale_price: num(row.sale_price),
    commission_percent: Number(row.commission_percent),
    referral_fee_percent: Number(row.referral_fee_percent),
    fee_expected: num(row.fee_expected),
    fee_received: num(row.fee_received),
    fee_received_on: day(row.fee_received_on),
    note: row.note,
    partner_note: row.partner_note,
    link_expires_at: iso(row.link_expires_at),
    responded_at: iso(row.responded_at),
    closed_at: iso(row.closed_at),
    created_by: row.created_by,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

export async function findReferral(tx: Tx, organizationId: string, id: string): Promise<Referral | null> {
  const row = await referralQuery(tx, organizationId).where('r.id', '=', id).executeTakeFirst();
  return row ? toReferral(row) : null;
}

export async function listReferrals(tx: Tx, organizationId: string, f: { status?: ReferralStatus; partner_id?: string; lead_id?: string }): Promise<Referral[]> {
  let q = referralQuery(tx, organizationId);
  if (f.status) q = q.where('r.status', '=', f.status);
  if (f.partner_id) q = q.where('r.partner_id', '=', f.partner_id);
  if (f.lead_id) q = q.where('r.lead_id', '=', f.lead_id);
  const rows = await q.orderBy('r.created_at', 'desc').limit(500).execute();
  return rows.map(toReferral);
}
