import { z } from 'zod';
import { percent } from './partner-api';

/** A referral's path: the partner accepts or declines, then reports listed, under contract and closed; the team may cancel. */
export const REFERRAL_STATUSES = ['sent', 'accepted', 'declined', 'listed', 'under_contract', 'closed', 'cancelled'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];
export const REFERRAL_STATUS_LABELS: { readonly [S in ReferralStatus]: string } = {
  sent: 'Sent',
  accepted: 'Accepted',
  declined: 'Declined',
  listed: 'Listed',
  under_contract: 'Under contract',
  closed: 'Closed',
  cancelled: 'Cancelled',
};
/** Statuses whose fee is still to come (counted as expected revenue); a closed referral's until the fee is received. */
export const OPEN_REFERRAL_STATUSES = ['sent', 'accepted', 'listed', 'under_contract'] as const satisfies readonly ReferralStatus[];
/** What the partner reports after accepting, in order: a later one may skip an earlier one, never go back. */
export const PARTNER_PROGRESS = ['listed', 'under_contract', 'closed'] as const satisfies readonly ReferralStatus[];
export type PartnerProgress = (typeof PARTNER_PROGRESS)[number];

/** Days a partner's link stays valid (a resend issues a fresh one). */
export const REFERRAL_LINK_DAYS = 14;

const money = (field: string) =>
  z.number({ error: `${field}: expected an amount in dollars` }).finite(`${field}: expected an amount in dollars`).min(0, `${field}: must be 0 or more`).max(1_000_000_000, `${field}: must be at most 1,000,000,000`);
const note = z.string({ error: 'note: expected text' }).trim().max(2000, 'note: must be at most 2000 characters');

export const referralSchema = z.object({
  id: z.string(),
  partner_id: z.string(),
  partner_name: z.string(),
  partner_brokerage: z.string().nullable(),
  lead_id: z.string(),
  lead_name: z.string(),
  property_address: z.string().nullable(),
  deal_id: z.string().nullable(),
  status: z.enum(REFERRAL_STATUSES),
  sale_price: z.number().nullable(),
  commission_percent: z.number(),
  referral_fee_percent: z.number(),
  fee_expected: z.number().nullable(),
  fee_received: z.number().nullable(),
  fee_received_on: z.string().nullable(),
  note: z.string().nullable(),
  partner_note: z.string().nullable(),
  link_expires_at: z.string(),
  responded_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Referral = z.infer<typeof referralSchema>;
export const referralListSchema = z.object({ items: z.array(referralSchema) });

export const listReferralsQuery = z
  .object({
    status: z.enum(REFERRAL_STATUSES, `status: one of ${REFERRAL_STATUSES.join(', ')}`).optional(),
    partner_id: z.uuid('partner_id: expected a partner id').optional(),
    lead_id: z.uuid('lead_id: expected a lead id').optional(),
  })
  .strict();

/** POST /api/referrals: push a lead (or its deal) to a partner, who is emailed a signed link. */
export const createReferralBody = z
  .object({
    partner_id: z.uuid('partner_id: choose a partner'),
    lead_id: z.uuid('lead_id: expected a lead id'),
    deal_id: z.uuid('deal_id: expected a deal id').nullable().optional(),
    note: note.optional(),
    commission_percent: percent('commission_percent').optional(),
  })
  .strict();
export type CreateReferralBody = z.infer<typeof createReferralBody>;
/** POST /api/referrals and its resend: the referral and the link mailed to the partner. */
export const sentReferralSchema = z.object({ referral: referralSchema, link: z.string() });

/** PATCH /api/referrals/:id: the fee received, or a cancellation. */
export const updateReferralBody = z
  .object({
    fee_received: money('fee_received').nullable().optional(),
    fee_received_on: z.iso.date('fee_received_on: must be a date (YYYY-MM-DD)').nullable().optional(),
    status: z.literal('cancelled', 'status: only cancelled can be set here (the partner reports the rest)').optional(),
  })
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'body: give fee_received, fee_received_on or status');
