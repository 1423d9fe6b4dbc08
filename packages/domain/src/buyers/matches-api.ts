import { z } from 'zod';
import { DEAL_STAGES } from '../deals/deal-api';
import { MATCH_CRITERIA } from './matching';

const criterionFitSchema = z.object({ criterion: z.enum(MATCH_CRITERIA), met: z.boolean().nullable(), off: z.number(), detail: z.string() });
export const buyBoxFitSchema = z.object({
  fit: z.number(),
  met: z.number(),
  missed: z.number(),
  unknown: z.number(),
  criteria: z.array(criterionFitSchema),
  reason: z.string(),
});

export const matchPropertySchema = z.object({
  state: z.string().nullable(),
  city: z.string().nullable(),
  zip: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  property_type: z.string().nullable(),
  beds: z.number().nullable(),
  baths: z.number().nullable(),
  price: z.number().nullable(),
  repairs: z.number().nullable(),
});

/** GET /api/deals/:id/matches: the organization's active buyers, best fit first. */
export const dealMatchesSchema = z.object({
  property: matchPropertySchema,
  items: z.array(
    z.object({
      buyer: z.object({ id: z.string(), contact_name: z.string(), company_name: z.string().nullable(), buyer_score: z.number(), primary_email: z.string().nullable(), primary_phone: z.string().nullable() }),
      fit: buyBoxFitSchema,
      /** Deals this buyer took from the organization: assigned or closed, and closed alone. */
      deals_taken: z.number(),
      closes: z.number(),
    }),
  ),
});
export type DealMatches = z.infer<typeof dealMatchesSchema>;

/** GET /api/buyers/:id/matches: the organization's open deals, best fit for the buyer first. */
export const buyerMatchesSchema = z.object({
  items: z.array(
    z.object({
      deal: z.object({ id: z.string(), lead_name: z.string(), property_address: z.string().nullable(), stage: z.enum(DEAL_STAGES), price: z.number().nullable() }),
      fit: buyBoxFitSchema,
    }),
  ),
});
export type BuyerMatches = z.infer<typeof buyerMatchesSchema>;
