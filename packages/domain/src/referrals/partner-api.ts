import { z } from 'zod';
import { phoneSchema } from '../leads/phone';

const text = (field: string, max: number) => z.string({ error: `${field}: expected text` }).trim().max(max, `${field}: must be at most ${max} characters`);
const required = (field: string, max: number, missing: string) => text(field, max).min(1, `${field}: ${missing}`);
export const percent = (field: string) =>
  z.number({ error: `${field}: expected a percentage` }).finite(`${field}: expected a percentage`).min(0, `${field}: must be 0 or more`).max(100, `${field}: must be at most 100`);

/** A real-estate agent or brokerage the organization refers sellers to (issue 21, realtor push). */
export const referralPartnerSchema = z.object({
  id: z.string(),
  name: z.string(),
  brokerage: z.string().nullable(),
  license_number: z.string(),
  license_state: z.string(),
  /** States, cities or ZIP codes the partner works, as free text ("TX", "Austin", "78701"). */
  markets: z.array(z.string()),
  referral_fee_percent: z.number(),
  email: z.string(),
  phone: z.string().nullable(),
  notes: z.string().nullable(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ReferralPartner = z.infer<typeof referralPartnerSchema>;
export const referralPartnerListSchema = z.object({ items: z.array(referralPartnerSchema) });

/**
 * POST /api/referral-partners. The licence number and state are required: in many states a referral fee may only
 * be paid to (and by) a licensed agent, so the organization keeps proof of who it pays.
 */
export const referralPartnerBody = z
  .object({
    name: required('name', 200, 'enter the agent’s name'),
    brokerage: text('brokerage', 200).nullable().optional(),
    license_number: required('license_number', 60, 'enter the agent’s licence number'),
    license_state: z
      .string({ error: 'license_state: enter the two-letter state of the licence, such as TX' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'license_state: enter the two-letter state of the licence, such as TX'),
    markets: z.array(required('markets', 80, 'a market cannot be blank'), { error: 'markets: expected a list' }).max(100, 'markets: at most 100').default([]),
    referral_fee_percent: percent('referral_fee_percent').default(25),
    email: z.string({ error: 'email: enter the agent’s email' }).trim().toLowerCase().pipe(z.email('email: must be a valid email address')),
    phone: phoneSchema.nullable().optional(),
    notes: text('notes', 5000).nullable().optional(),
    is_active: z.boolean({ error: 'is_active: expected true or false' }).optional(),
  })
  .strict();
export type ReferralPartnerBody = z.input<typeof referralPartnerBody>;
/** PATCH /api/referral-partners/:id: any of the fields; none defaulted, so an omitted field is unchanged. */
export const updateReferralPartnerBody = referralPartnerBody
  .extend({ markets: referralPartnerBody.shape.markets.removeDefault(), referral_fee_percent: percent('referral_fee_percent') })
  .partial()
  .strict();
