import { z } from 'zod';
import { buyBoxSchema } from '../buyers/buy-box';
import { phoneSchema } from './phone';

/** A buyer as the API returns it (the routes' response schema). */
export const buyerSchema = z.object({
  id: z.string(),
  organization_id: z.string(),
  contact_name: z.string(),
  company_name: z.string().nullable(),
  buyer_score: z.number(),
  is_active: z.boolean(),
  primary_email: z.string().nullable(),
  primary_phone: z.string().nullable(),
  notes: z.string().nullable(),
  /** What the buyer buys (issue 21): deals are matched against it. */
  buy_box: buyBoxSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Buyer = z.infer<typeof buyerSchema>;
/** GET /api/buyers: a page and the count of every match. */
export const buyerPageSchema = z.object({ items: z.array(buyerSchema), total: z.number() });

export const buyerWriteBody = z
  .object({
    contact_name: z.string().trim().min(1, 'contact_name is required').max(200),
    company_name: z.string().trim().max(200).nullable().optional(),
    buyer_score: z.number().min(0, 'buyer_score must be 0 or more').max(100, 'buyer_score must be at most 100').optional(),
    is_active: z.boolean().optional(),
    primary_email: z.string().trim().toLowerCase().pipe(z.email('primary_email must be a valid email address')).nullable().optional(),
    primary_phone: phoneSchema.nullable().optional(),
    notes: z.string().trim().max(5000).nullable().optional(),
    buy_box: buyBoxSchema.optional(),
  })
  .strict();
export const updateBuyerBody = buyerWriteBody.partial().strict();

export const listBuyersQuery = z
  .object({
    active: z.enum(['true', 'false'], { error: 'active must be true or false' }).transform((v) => v === 'true').optional(),
    minScore: z.coerce.number({ error: 'minScore must be a number' }).min(0).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(25),
    offset: z.coerce.number().int().min(0).default(0),
  })
  .strict();
