import { z } from 'zod';
import { DEAL_STAGES, dealSchema, ownerFilter } from './deal-api';

/** GET /api/deals/revenue: fees closed by month and member, the weighted open pipeline and the averages. */
export const revenueSchema = z.object({
  closedByMonth: z.array(z.object({ month: z.string(), fees: z.number(), deals: z.number() })),
  closedByMember: z.array(z.object({ user_id: z.string().nullable(), name: z.string(), fees: z.number(), deals: z.number() })),
  pipeline: z.object({
    weighted: z.number(),
    unweighted: z.number(),
    byStage: z.array(z.object({ stage: z.enum(DEAL_STAGES), deals: z.number(), fees: z.number(), probability: z.number(), weighted: z.number() })),
  }),
  averageFee: z.number().nullable(),
  /** Average days from the lead's creation to contract, and from contract to close, over closed deals. */
  averageDays: z.object({ leadToContract: z.number().nullable(), contractToClose: z.number().nullable() }),
  closedDeals: z.number(),
  /**
   * Realtor push, kept apart from assignment fees: referral fees still to come (open referrals, and closed ones not
   * yet paid) and those received in the window.
   */
  referralFees: z.object({ expected: z.number(), expectedReferrals: z.number(), received: z.number(), receivedReferrals: z.number() }),
});
export type Revenue = z.infer<typeof revenueSchema>;
/** GET /api/deals/revenue?months=&owner=: the window, and one member's deals (and the referrals they sent) or everyone's. */
export const revenueQuery = z
  .object({
    months: z.coerce.number({ error: 'months: must be a number' }).int().min(1, 'months: must be 1 or more').max(36, 'months: must be at most 36').default(12),
    owner: ownerFilter,
  })
  .strict();
export type RevenueQuery = z.infer<typeof revenueQuery>;

/** GET /api/deals/due: open deals with a deadline passed or within 3 days, soonest first (the dashboard's card). */
export const dueDealsSchema = z.object({ items: z.array(dealSchema.extend({ next_deadline: z.object({ kind: z.enum(['earnest_money', 'inspection', 'closing']), date: z.string() }) })) });
export type DueDeal = z.infer<typeof dueDealsSchema>['items'][number];
