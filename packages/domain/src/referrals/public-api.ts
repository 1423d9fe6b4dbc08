import { z } from 'zod';
import { PARTNER_PROGRESS, REFERRAL_STATUSES } from './referral-api';

const note = z.string({ error: 'note: expected text' }).trim().max(2000, 'note: must be at most 2000 characters');

/**
 * GET /api/public/referrals/:token: what the partner needs to work the referral — who sends it, the property and
 * the seller to contact — and nothing else of the organization (no notes, deal figures or other leads).
 */
export const publicReferralSchema = z.object({
  organization: z.string(),
  agent: z.object({ name: z.string(), email: z.string(), phone: z.string().nullable() }),
  partner_name: z.string(),
  property: z.object({
    address: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    zip: z.string().nullable(),
    property_type: z.string().nullable(),
    bedrooms: z.number().nullable(),
    bathrooms: z.number().nullable(),
    square_feet: z.number().nullable(),
    year_built: z.number().nullable(),
  }),
  seller: z.object({ name: z.string(), phone: z.string().nullable() }),
  note: z.string().nullable(),
  referral_fee_percent: z.number(),
  status: z.enum(REFERRAL_STATUSES),
  sale_price: z.number().nullable(),
  link_expires_at: z.string(),
});
export type PublicReferral = z.infer<typeof publicReferralSchema>;

/** POST /api/public/referrals/:token/respond */
export const referralResponseBody = z
  .object({ decision: z.enum(['accept', 'decline'], 'decision: accept or decline'), note: note.optional() })
  .strict();

/** POST /api/public/referrals/:token/status: closed needs the sale price. */
export const referralProgressBody = z
  .object({
    status: z.enum(PARTNER_PROGRESS, 'status: listed, under_contract or closed'),
    sale_price: z
      .number({ error: 'sale_price: expected an amount in dollars' })
      .finite('sale_price: expected an amount in dollars')
      .positive('sale_price: enter the sale price')
      .max(1_000_000_000, 'sale_price: must be at most 1,000,000,000')
      .optional(),
    note: note.optional(),
  })
  .strict()
  .refine((b) => b.status !== 'closed' || b.sale_price !== undefined, { message: 'sale_price: enter the sale price to report the sale closed', path: ['sale_price'] });

/** Public referral routes per client address per minute. */
export const REFERRAL_PUBLIC_LIMIT_PER_MINUTE = 30;
