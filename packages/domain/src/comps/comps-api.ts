import { z } from 'zod';

/** The search's defaults (issue 20) and the bounds a request may set. */
export const COMPS_DEFAULTS = { radius_miles: 0.5, months: 12, sqft_pct: 20 } as const;
export const COMPS_BOUNDS = { radius_miles: [0.1, 5], months: [1, 36], sqft_pct: [5, 50] } as const;
/** At most this many comps come back, nearest first before ranking (a radius of 5 miles in a city holds thousands). */
export const COMPS_LIMIT = 100;

/** A comp's id: a lead's uuid for the organization's records, `batchdata:<id>` for the provider's. */
const COMP_ID = /^[A-Za-z0-9][A-Za-z0-9:_-]{0,99}$/;
const MAX_IDS = 100;

const bounded = (field: keyof typeof COMPS_BOUNDS, unit: string, int: boolean) => {
  const [min, max] = COMPS_BOUNDS[field];
  const n = z.coerce.number({ error: `${field} must be a number` }).finite(`${field} must be a number`);
  return (int ? n.int(`${field} must be a whole number of ${unit}`) : n)
    .min(min, `${field} must be at least ${min} ${unit}`)
    .max(max, `${field} must be at most ${max} ${unit}`)
    .default(COMPS_DEFAULTS[field]);
};

const compIds = (field: string) =>
  z
    .string({ error: `${field}: expected comp ids separated by commas` })
    .max(MAX_IDS * 101, `${field}: at most ${MAX_IDS} comp ids`)
    .transform((s) => [...new Set(s.split(',').map((id) => id.trim()).filter(Boolean))])
    .pipe(
      z
        .array(z.string().regex(COMP_ID, `${field}: expected comp ids separated by commas`))
        .max(MAX_IDS, `${field}: at most ${MAX_IDS} comp ids`),
    )
    .default([]);

/** GET /api/leads/:id/comps */
export const compsQuery = z
  .object({
    radius_miles: bounded('radius_miles', 'miles', false),
    months: bounded('months', 'months', true),
    sqft_pct: bounded('sqft_pct', 'percent', true),
    /** Comps always used in the ARV (even an outlier). */
    pin: compIds('pin'),
    /** Comps never used in the ARV. */
    exclude: compIds('exclude'),
  })
  .strict()
  .superRefine((q, ctx) => {
    const both = q.pin.filter((id) => q.exclude.includes(id));
    if (both.length) ctx.addIssue({ code: 'custom', path: ['exclude'], message: `exclude: a comp cannot be pinned and excluded at once (${both.join(', ')})` });
  });
export type CompsQuery = z.infer<typeof compsQuery>;
export type CompsSearch = Pick<CompsQuery, 'radius_miles' | 'months' | 'sqft_pct'>;

/** Each adjustment in dollars, added to the comp's sale price: negative when the comp is better than the subject. */
export const compAdjustmentsSchema = z.object({
  sqft: z.number(),
  bedrooms: z.number(),
  bathrooms: z.number(),
  age: z.number(),
  total: z.number(),
});
export type CompAdjustmentBreakdown = z.infer<typeof compAdjustmentsSchema>;

export const compsSubjectSchema = z.object({
  id: z.string(),
  address: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  building_square_feet: z.number(),
  total_bedrooms: z.number().nullable(),
  total_baths: z.number().nullable(),
  year_built: z.number().nullable(),
  property_type: z.string().nullable(),
  estimated_value: z.number().nullable(),
});
export type CompsSubject = z.infer<typeof compsSubjectSchema>;

export const compSchema = z.object({
  id: z.string(),
  address: z.string(),
  distance_miles: z.number(),
  sale_date: z.string(),
  sale_price: z.number(),
  building_square_feet: z.number().nullable(),
  total_bedrooms: z.number().nullable(),
  total_baths: z.number().nullable(),
  year_built: z.number().nullable(),
  price_per_sqft: z.number().nullable(),
  adjustments: compAdjustmentsSchema,
  adjusted_price: z.number(),
  /** 0–100: how alike the comp is (distance, size, beds/baths, age, recency). */
  similarity: z.number(),
  pinned: z.boolean(),
  excluded: z.boolean(),
  /** Price per square foot beyond 2 standard deviations of the comps': left out of the ARV unless pinned. */
  outlier: z.boolean(),
});
export type Comp = z.infer<typeof compSchema>;

export const arvSchema = z.object({
  /** Median adjusted price of the comps used; null when none is. */
  value: z.number().nullable(),
  /** The 25th and 75th percentiles of the adjusted prices used (linear interpolation). */
  low: z.number().nullable(),
  high: z.number().nullable(),
  /** The sentence that says how the value was reached. */
  method: z.string(),
  /** How many comps the value uses. */
  used: z.number(),
});
export type ArvEstimate = z.infer<typeof arvSchema>;

export const COMP_SOURCES = ['records', 'records+batchdata'] as const;
export type CompSourceKind = (typeof COMP_SOURCES)[number];
export const compsSourceSchema = z.object({
  kind: z.enum(COMP_SOURCES),
  /** For the screen: which sources were searched, and why the provider was not. */
  message: z.string(),
});
export type CompsSource = z.infer<typeof compsSourceSchema>;

export const compsResponseSchema = z.object({
  subject: compsSubjectSchema,
  comps: z.array(compSchema),
  arv: arvSchema,
  source: compsSourceSchema,
});
export type CompsResponse = z.infer<typeof compsResponseSchema>;

/** The 400 code of a subject that cannot be compared (no coordinates or no square footage). */
export const COMPS_MISSING_DATA = 'COMPS_MISSING_DATA';
