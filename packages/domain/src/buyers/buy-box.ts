import { z } from 'zod';

/** The kinds of property a buy box names; a lead's free-text property type is read into one of them. */
export const PROPERTY_KINDS = ['single_family', 'multi_family', 'condo', 'townhouse', 'mobile', 'land', 'commercial'] as const;
export type PropertyKind = (typeof PROPERTY_KINDS)[number];
export const PROPERTY_KIND_LABELS: { readonly [K in PropertyKind]: string } = {
  single_family: 'Single family',
  multi_family: 'Multi-family',
  condo: 'Condo',
  townhouse: 'Townhouse',
  mobile: 'Mobile home',
  land: 'Land',
  commercial: 'Commercial',
};

export const BUYER_STRATEGIES = ['flip', 'rental', 'new_build'] as const;
export type BuyerStrategy = (typeof BUYER_STRATEGIES)[number];
export const BUYER_STRATEGY_LABELS: { readonly [S in BuyerStrategy]: string } = { flip: 'Flip', rental: 'Rental', new_build: 'New build' };

// Order matters: "multi-family" and "townhouse" must not be read as single family.
const KIND_WORDS: ReadonlyArray<[PropertyKind, RegExp]> = [
  ['multi_family', /multi|duplex|triplex|fourplex|quadplex|2-4|apartment/],
  ['townhouse', /town\s*-?house|townhome|row\s*house/],
  ['condo', /condo|co-?op/],
  ['mobile', /mobile|manufactured|trailer/],
  ['land', /land|lot|acre|vacant/],
  ['commercial', /commercial|retail|office|industrial|warehouse|mixed/],
  ['single_family', /single|sfr|sfh|residential|house|detached/],
];

/** The kind of a property from its recorded type ("SFR", "Single Family Residence", "Duplex"…), or null. */
export function propertyKind(type: string | null | undefined): PropertyKind | null {
  const t = (type ?? '').toLowerCase();
  if (!t.trim()) return null;
  return KIND_WORDS.find(([, re]) => re.test(t))?.[0] ?? null;
}

const US_STATE = /^[A-Z]{2}$/;
const ZIP = /^\d{5}$/;
const amount = (field: string) =>
  z.number({ error: `${field}: expected an amount in dollars` }).finite(`${field}: expected an amount in dollars`).min(0, `${field}: must be 0 or more`).max(1_000_000_000, `${field}: must be at most 1,000,000,000`);
const list = <T extends z.ZodType>(item: T, field: string, max: number) => z.array(item, { error: `${field}: expected a list` }).max(max, `${field}: at most ${max}`).default([]);

/** What a buyer buys (issue 21): every criterion optional; an empty box matches every deal. */
export const buyBoxSchema = z
  .object({
    states: list(z.string().trim().toUpperCase().regex(US_STATE, 'states: each must be a two-letter state code such as TX'), 'states', 60),
    cities: list(z.string().trim().min(1, 'cities: a city cannot be blank').max(80, 'cities: each at most 80 characters'), 'cities', 200),
    zip_codes: list(z.string().trim().regex(ZIP, 'zip_codes: each must be a 5-digit ZIP code'), 'zip_codes', 500),
    radius: z
      .object({
        latitude: z.number({ error: 'radius.latitude: expected a number' }).min(-90, 'radius.latitude: between -90 and 90').max(90, 'radius.latitude: between -90 and 90'),
        longitude: z.number({ error: 'radius.longitude: expected a number' }).min(-180, 'radius.longitude: between -180 and 180').max(180, 'radius.longitude: between -180 and 180'),
        miles: z.number({ error: 'radius.miles: expected a number' }).min(0.5, 'radius.miles: at least 0.5').max(250, 'radius.miles: at most 250'),
        label: z.string().trim().max(200, 'radius.label: at most 200 characters').nullable().default(null),
      })
      .strict()
      .nullable()
      .default(null),
    property_kinds: list(z.enum(PROPERTY_KINDS, { error: `property_kinds: each one of ${PROPERTY_KINDS.join(', ')}` }), 'property_kinds', PROPERTY_KINDS.length),
    price_min: amount('price_min').nullable().default(null),
    price_max: amount('price_max').nullable().default(null),
    min_beds: z.number({ error: 'min_beds: expected a number' }).int('min_beds: a whole number').min(0).max(50, 'min_beds: at most 50').nullable().default(null),
    min_baths: z.number({ error: 'min_baths: expected a number' }).min(0).max(50, 'min_baths: at most 50').nullable().default(null),
    max_repairs: amount('max_repairs').nullable().default(null),
    strategies: list(z.enum(BUYER_STRATEGIES, { error: `strategies: each one of ${BUYER_STRATEGIES.join(', ')}` }), 'strategies', BUYER_STRATEGIES.length),
    proof_of_funds: z
      .object({
        amount: amount('proof_of_funds.amount'),
        dated: z.iso.date('proof_of_funds.dated: must be a date (YYYY-MM-DD)'),
        document: z.string().trim().max(300, 'proof_of_funds.document: at most 300 characters').nullable().default(null),
      })
      .strict()
      .nullable()
      .default(null),
    close_within_days: z.number({ error: 'close_within_days: expected a number of days' }).int('close_within_days: a whole number of days').min(1, 'close_within_days: at least 1').max(365, 'close_within_days: at most 365').nullable().default(null),
  })
  .strict()
  .refine((b) => b.price_min === null || b.price_max === null || b.price_min <= b.price_max, { message: 'price_min: the minimum price must not be above the maximum', path: ['price_min'] });
export type BuyBox = z.output<typeof buyBoxSchema>;

export const EMPTY_BUY_BOX: BuyBox = buyBoxSchema.parse({});
