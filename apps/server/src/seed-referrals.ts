import type { Kysely } from 'kysely';
import { DEFAULT_COMMISSION_PERCENT, REFERRAL_LINK_DAYS, referralFee } from '@wholesail/domain';
import { withTenant } from './db/scope';
import type { DB } from './db/types';
import { audit } from './modules/audit/audit';
import { REFERRAL_ACTIONS } from './modules/referrals/actions';

/** Two licensed partners (Austin and the rest of Texas), so Realtor push has someone to refer to on a first visit. */
const DEMO_PARTNERS = [
  {
    name: 'Renee Castillo', brokerage: 'Capital City Realty', license_number: '0654321', license_state: 'TX', markets: ['Austin', 'Round Rock', '78701', '78704'],
    referral_fee_percent: 25, email: 'renee@capitalcityrealty.example.com', phone: '512-555-0161',
  },
  {
    name: 'Tom Okafor', brokerage: 'Lone Star Brokers', license_number: '0712345', license_state: 'TX', markets: ['TX'],
    referral_fee_percent: 30, email: 'tom@lonestarbrokers.example.com', phone: '214-555-0187',
  },
];

/** The demo partners, and one demo lead already referred to the first, who has listed it. */
export async function seedDemoReferrals(db: Kysely<DB>, organizationId: string, userId: string): Promise<void> {
  await withTenant(db, organizationId, async (tx) => {
    const partners = await tx.insertInto('referral_partners').values(DEMO_PARTNERS.map((p) => ({ ...p, organization_id: organizationId }))).returning(['id', 'name', 'referral_fee_percent']).execute();
    const lead = await tx
      .selectFrom('leads')
      .select(['id', 'estimated_value'])
      .where('organization_id', '=', organizationId)
      .where('source', '=', 'demo')
      .where((eb) => eb.not(eb.exists(eb.selectFrom('deals').select('id').whereRef('deals.organization_id', '=', 'leads.organization_id').whereRef('deals.lead_id', '=', 'leads.id'))))
      .orderBy('created_at')
      .executeTakeFirst();
    const partner = partners[0]!;
    if (!lead) return;
    const percent = Number(partner.referral_fee_percent);
    const referral = await tx
      .insertInto('referrals')
      .values({
        organization_id: organizationId, partner_id: partner.id, lead_id: lead.id, status: 'listed', commission_percent: DEFAULT_COMMISSION_PERCENT, referral_fee_percent: percent,
        fee_expected: referralFee(lead.estimated_value, DEFAULT_COMMISSION_PERCENT, percent), note: 'Seller wants full retail price; not a wholesale fit.',
        link_expires_at: new Date(Date.now() + REFERRAL_LINK_DAYS * 86_400_000), responded_at: new Date(), created_by: userId,
      })
      .returning(['id', 'fee_expected'])
      .executeTakeFirstOrThrow();
    const actor = { organizationId, user: { id: userId } };
    const target = { type: 'lead', id: lead.id };
    const details = { referral_id: referral.id, partner_name: partner.name };
    await audit(tx, actor, REFERRAL_ACTIONS.sent, target, { ...details, fee_expected: referral.fee_expected === null ? null : Number(referral.fee_expected) });
    await audit(tx, { organizationId, user: null }, REFERRAL_ACTIONS.accepted, target, details);
    await audit(tx, { organizationId, user: null }, REFERRAL_ACTIONS.listed, target, details);
  });
}
