import type { Kysely } from 'kysely';
import { buyBoxSchema } from '@wholesail/domain';
import { withTenant } from './db/scope';
import type { DB } from './db/types';
import type { OrgContext } from './http/context';
import { addOffer } from './modules/deals/offers';
import { changeStage, createDeal } from './modules/deals/service';

const DAY_MS = 86_400_000;

/** Buyers with different buy boxes, so a demo deal's Buyers tab ranks them; the first takes the demo's deals. */
const DEMO_BUYERS = [
  {
    contact_name: 'Dana Whitfield', company_name: 'Hill Country Homebuyers LLC', buyer_score: 85, primary_email: 'dana@hillcountry.example.com',
    buy_box: { states: ['TX'], property_kinds: ['single_family', 'townhouse'], price_max: 450_000, min_beds: 2, max_repairs: 80_000, strategies: ['flip'], close_within_days: 14 },
  },
  {
    contact_name: 'Marcus Bell', company_name: 'Bell Rental Holdings', buyer_score: 70, primary_email: 'marcus@bellrentals.example.com',
    buy_box: { cities: ['Austin', 'Round Rock', 'Pflugerville'], property_kinds: ['single_family', 'multi_family'], price_max: 275_000, min_beds: 3, strategies: ['rental'] },
  },
  {
    contact_name: 'Priya Nair', company_name: 'Lakeline Builders', buyer_score: 60, primary_email: 'priya@lakeline.example.com',
    buy_box: { zip_codes: ['78613', '78641', '78726'], property_kinds: ['land', 'single_family'], price_max: 200_000, strategies: ['new_build'] },
  },
];
const day = (offsetDays: number, from = Date.now()) => new Date(from + offsetDays * DAY_MS).toISOString().slice(0, 10);

/**
 * A handful of demo deals through the deal services (so tasks, timelines and lead statuses are what a user's would
 * be): one per open stage and three closed in earlier months, so the board, the revenue figures and the dashboard's
 * "Deals needing action today" have something to show on a first visit.
 */
export async function seedDemoDeals(db: Kysely<DB>, organizationId: string, user: { id: string; email: string; name: string }): Promise<void> {
  const ctx: OrgContext = { user, organizationId, role: 'owner' };
  await withTenant(db, organizationId, async (tx) => {
    const leads = await tx.selectFrom('leads').select(['id', 'estimated_value']).where('organization_id', '=', organizationId).where('source', '=', 'demo').orderBy('created_at', 'desc').limit(8).execute();
    const buyers = await tx
      .insertInto('buyers')
      .values(DEMO_BUYERS.map(({ buy_box, ...b }) => ({ ...b, organization_id: organizationId, buy_box: JSON.stringify(buyBoxSchema.parse(buy_box)) })))
      .returning(['id', 'contact_name'])
      .execute();
    const buyer = buyers.find((b) => b.contact_name === DEMO_BUYERS[0]!.contact_name)!;
    const plan = ['analyzing', 'offer_made', 'under_contract', 'marketing', 'assigned', 'closed', 'closed', 'closed'] as const;
    for (const [i, lead] of leads.entries()) {
      const stage = plan[i]!;
      const arv = Math.round((Number(lead.estimated_value ?? 250_000) * 1.1) / 1000) * 1000;
      const repairs = 25_000 + i * 5_000;
      const contract = Math.round((arv * 0.7 - repairs - 10_000) / 1000) * 1000;
      const deal = await createDeal(tx, ctx, { lead_id: lead.id, arv, repair_estimate: repairs, asking_price: Math.round(arv * 0.8), target_fee: 10_000 });
      if (stage === 'analyzing') continue;
      await addOffer(tx, ctx, deal.id, { amount: contract - 5_000, terms: 'Cash, close in 21 days, as is' });
      if (stage === 'offer_made') continue;
      const sold = { buyer_id: buyer.id, buyer_price: contract + 12_000 + i * 1_000, assignment_fee: 12_000 + i * 1_000 };
      // Closed in earlier months, so the revenue chart has a history; an open contract's dates are still ahead.
      const closedAt = stage === 'closed' ? Date.now() - (i - 4) * 30 * DAY_MS : null;
      const fields = {
        contract_price: contract,
        earnest_money: 1_000,
        earnest_money_due: closedAt ? day(-26, closedAt) : day(2),
        inspection_ends: closedAt ? day(-19, closedAt) : day(9),
        closing_date: closedAt ? day(0, closedAt) : day(28),
        title_company: 'Capital Title of Texas',
        ...(stage === 'assigned' || stage === 'closed' ? sold : {}),
      };
      await changeStage(tx, ctx, deal.id, { stage, fields });
      if (closedAt) {
        const contractedAt = new Date(closedAt - (24 + i) * DAY_MS);
        await tx
          .updateTable('deals')
          .set({ closed_at: new Date(closedAt), contracted_at: contractedAt, stage_changed_at: new Date(closedAt) })
          .where('organization_id', '=', organizationId)
          .where('id', '=', deal.id)
          .execute();
        const leadCreated = new Date(contractedAt.getTime() - (15 + 3 * i) * DAY_MS);
        await tx.updateTable('leads').set({ created_at: leadCreated }).where('organization_id', '=', organizationId).where('id', '=', lead.id).execute();
      }
    }
  });
}
