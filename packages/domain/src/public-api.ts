import { z } from 'zod';

/** The small public answers outside the tenant API: the health check, the Maps key and the address lookup. */

/**
 * GET /api/health: 200 while the database answers, 503 (same shape) when it does not. `storage` says where uploads
 * go (where exactly is for the start-up banner, not the public).
 */
export const serverHealthSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['ok', 'error']),
  storage: z.enum(['local', 's3']),
  version: z.string(),
  checked_at: z.string(),
});
export type ServerHealth = z.infer<typeof serverHealthSchema>;

/** GET /api/maps/key: the browser Maps key (404 MAPS_NOT_CONFIGURED without one). */
export const mapsKeySchema = z.object({ key: z.string() });
export type MapsKey = z.infer<typeof mapsKeySchema>;

/** A property as the address lookup finds it (dialer.md §7 batchdata-enrichment). */
export const enrichedPropertySchema = z.object({
  owner_1_name: z.string().nullable(),
  contact_1_phone1: z.string().nullable(),
  contact_1_email1: z.string().nullable(),
  estimated_value: z.number().nullable(),
  property_type: z.string().nullable(),
  total_bedrooms: z.number().nullable(),
  total_baths: z.number().nullable(),
  building_square_feet: z.number().nullable(),
  year_built: z.number().nullable(),
  last_sale_date: z.string().nullable(),
  last_sale_price: z.number().nullable(),
  mortgage_balance: z.number().nullable(),
  tax_delinquent: z.boolean().nullable(),
  motivation_score: z.number().nullable(),
});
export type EnrichedProperty = z.infer<typeof enrichedPropertySchema>;
export const ENRICHED_PROPERTY_FIELDS = enrichedPropertySchema.keyof().options;

/**
 * POST /api/enrichment/property: the provider's answer, or the day's cached copy of it. `skipped` without a provider;
 * `error` in words when it failed; `data` when it found the property. A cached copy is sent as it was stored, so
 * `data` may lack a field added since and keeps what the provider gave.
 */
export const propertyLookupSchema = z.object({
  success: z.boolean(),
  skipped: z.boolean().optional(),
  error: z.string().optional(),
  data: z.looseObject(enrichedPropertySchema.partial().shape).optional(),
});
export type PropertyLookup = z.infer<typeof propertyLookupSchema>;
/** The found property's fields, as the lookup answers them. */
export type LookedUpProperty = NonNullable<PropertyLookup['data']>;
