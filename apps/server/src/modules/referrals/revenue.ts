import { sql } from 'kysely';
import { OPEN_REFERRAL_STATUSES, type Revenue } from '@wholesail/domain';
import type { Tx } from '../../db/scope';

/**
 * Referral fees for the revenue screen: expected over referrals still open or closed and unpaid (fee_expected),
 * received over fees recorded on or after `since`. One statement over the organization's referrals, or those
 * `sentBy` one member (`created_by`): a referral is credited to who sent it, whoever owns the lead's deal.
 */
export async function referralRevenue(tx: Tx, organizationId: string, since: Date, sentBy?: string): Promise<Revenue['referralFees']> {
  const sinceDay = since.toISOString().slice(0, 10);
  const expecting = sql<boolean>`(r.status in (${sql.join(OPEN_REFERRAL_STATUSES)}) or (r.status = 'closed' and r.fee_received is null))`;
  const receivedIn = sql<boolean>`(r.fee_received is not null and r.fee_received_on >= ${sinceDay}::date)`;
  const row = await tx
    .selectFrom('referrals as r')
    .where('r.organization_id', '=', organizationId)
    .$if(sentBy !== undefined, (q) => q.where('r.created_by', '=', sentBy!))
    .select([
      sql<string>`coalesce(sum(r.fee_expected) filter (where ${expecting}), 0)`.as('expected'),
      sql<number>`(count(*) filter (where ${expecting}))::int`.as('expected_n'),
      sql<string>`coalesce(sum(r.fee_received) filter (where ${receivedIn}), 0)`.as('received'),
      sql<number>`(count(*) filter (where ${receivedIn}))::int`.as('received_n'),
    ])
    .executeTakeFirstOrThrow();
  return { expected: Number(row.expected), expectedReferrals: row.expected_n, received: Number(row.received), receivedReferrals: row.received_n };
}
