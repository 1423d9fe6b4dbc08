import { sql } from 'kysely';
import { OPEN_DEAL_STAGES, type Revenue, type RevenueQuery } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import { readSection } from '../settings/repo';
import { referralRevenue } from '../referrals/revenue';

const FEE = sql<number>`coalesce(d.assignment_fee_actual, d.assignment_fee, 0)`;
const EXPECTED_FEE = sql<number>`coalesce(d.assignment_fee, d.target_fee, 0)`;

/** "2026-03" for each of the last `months` months, oldest first, ending with `now`'s (UTC). */
export function monthKeys(months: number, now: Date): string[] {
  return Array.from({ length: months }, (_, i) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (months - 1 - i), 1));
    return d.toISOString().slice(0, 7);
  });
}

/**
 * The revenue screen's figures, read from the deals themselves: an organization has hundreds of deals, not
 * millions, and each figure is one grouped statement over the window's closed deals or the open ones. With an
 * owner, every figure counts that member's deals only, and the referral fees those of the referrals they sent.
 */
export async function revenue(tx: Tx, organizationId: string, { months, owner }: RevenueQuery, now = new Date()): Promise<Revenue> {
  const keys = monthKeys(months, now);
  const since = new Date(`${keys[0]}-01T00:00:00Z`);
  const deals = tx
    .selectFrom('deals as d')
    .where('d.organization_id', '=', organizationId)
    .$if(owner !== undefined, (q) => q.where('d.owner_user_id', '=', owner!));
  const closed = deals.where('d.stage', '=', 'closed').where('d.closed_at', '>=', since);
  const [byMonth, byMember, totals, open, settings, referralFees] = await Promise.all([
    closed
      .select([sql<string>`to_char(d.closed_at at time zone 'UTC', 'YYYY-MM')`.as('month'), sql<string>`sum(${FEE})`.as('fees'), sql<number>`count(*)::int`.as('deals')])
      .groupBy(sql`1`)
      .execute(),
    closed
      .leftJoin('users as u', 'u.id', 'd.owner_user_id')
      .select(['d.owner_user_id as user_id', 'u.name', sql<string>`sum(${FEE})`.as('fees'), sql<number>`count(*)::int`.as('deals')])
      .groupBy(['d.owner_user_id', 'u.name'])
      .orderBy(sql`3`, 'desc')
      .execute(),
    closed
      .innerJoin('leads as l', (j) => j.onRef('l.organization_id', '=', 'd.organization_id').onRef('l.id', '=', 'd.lead_id'))
      .select([
        sql<number>`count(*)::int`.as('deals'),
        sql<string | null>`avg(${FEE})`.as('avg_fee'),
        sql<string | null>`avg(extract(epoch from (d.contracted_at - l.created_at)) / 86400)`.as('to_contract'),
        sql<string | null>`avg(extract(epoch from (d.closed_at - d.contracted_at)) / 86400)`.as('to_close'),
      ])
      .executeTakeFirstOrThrow(),
    deals
      .where('d.stage', 'in', OPEN_DEAL_STAGES)
      .select(['d.stage', sql<number>`count(*)::int`.as('deals'), sql<string>`sum(${EXPECTED_FEE})`.as('fees')])
      .groupBy('d.stage')
      .execute(),
    readSection(tx, organizationId, 'deals'),
    referralRevenue(tx, organizationId, since, owner),
  ]);
  const round1 = (v: string | null) => (v === null ? null : Math.round(Number(v) * 10) / 10);
  const byStage = OPEN_DEAL_STAGES.map((stage) => {
    const row = open.find((o) => o.stage === stage);
    const fees = Number(row?.fees ?? 0);
    const probability = settings.stageProbabilities[stage];
    return { stage, deals: row?.deals ?? 0, fees, probability, weighted: Math.round((fees * probability) / 100) };
  });
  return {
    closedByMonth: keys.map((month) => {
      const row = byMonth.find((m) => m.month === month);
      return { month, fees: Number(row?.fees ?? 0), deals: row?.deals ?? 0 };
    }),
    closedByMember: byMember.map((m) => ({ user_id: m.user_id, name: m.name ?? 'No owner', fees: Number(m.fees), deals: m.deals })),
    pipeline: { weighted: byStage.reduce((s, x) => s + x.weighted, 0), unweighted: byStage.reduce((s, x) => s + x.fees, 0), byStage },
    averageFee: totals.avg_fee === null ? null : Math.round(Number(totals.avg_fee)),
    averageDays: { leadToContract: round1(totals.to_contract), contractToClose: round1(totals.to_close) },
    closedDeals: totals.deals,
    referralFees,
  };
}
