import { z } from 'zod';
import { stateCode } from '../calls/time-zones';
import { csvPhoneProblem, importRowErrorSchema, normaliseHeader, parseCsvDate, parseCsvNumber } from '../leads/csv-mapping';
import { BUYER_STRATEGIES, buyBoxSchema, propertyKind, type BuyBox, type BuyerStrategy } from './buy-box';

/** The columns a buyers CSV may carry (docs/api-buyers.md "Import"): the buyer, then the buy box. */
export const BUYER_CSV_FIELDS = [
  'contact_name', 'first_name', 'last_name', 'company_name', 'primary_email', 'primary_phone', 'notes',
  'states', 'cities', 'zip_codes', 'property_kinds', 'price_min', 'price_max', 'min_beds', 'min_baths', 'max_repairs',
  'strategies', 'proof_of_funds', 'proof_of_funds_date', 'close_within_days',
] as const;
export type BuyerCsvField = (typeof BUYER_CSV_FIELDS)[number];

/** Header spellings (compared without case, spaces or punctuation) of each column. */
const HEADERS: Record<BuyerCsvField, string[]> = {
  contact_name: ['name', 'contact', 'contact name', 'full name', 'buyer', 'buyer name', 'investor', 'investor name'],
  first_name: ['first name', 'first', 'firstname', 'given name'],
  last_name: ['last name', 'last', 'lastname', 'surname'],
  company_name: ['company', 'company name', 'business', 'entity', 'llc', 'organization', 'organisation'],
  primary_email: ['email', 'e-mail', 'email address', 'primary email', 'mail'],
  primary_phone: ['phone', 'phone number', 'mobile', 'cell', 'cell phone', 'telephone', 'tel', 'primary phone'],
  notes: ['notes', 'note', 'comments', 'comment'],
  states: ['states', 'state', 'markets state', 'target states'],
  cities: ['cities', 'city', 'markets', 'market', 'target cities'],
  zip_codes: ['zips', 'zip', 'zip codes', 'zip code', 'zipcodes', 'postal codes', 'target zips'],
  property_kinds: ['property types', 'property type', 'types', 'asset types', 'asset type', 'property kinds'],
  price_min: ['min price', 'minimum price', 'price min', 'price from', 'min purchase price'],
  price_max: ['max price', 'maximum price', 'price max', 'price to', 'max purchase price'],
  min_beds: ['min beds', 'minimum beds', 'beds', 'bedrooms', 'min bedrooms'],
  min_baths: ['min baths', 'minimum baths', 'baths', 'bathrooms', 'min bathrooms'],
  max_repairs: ['max repairs', 'maximum repairs', 'max rehab', 'repair budget', 'rehab budget', 'max repair'],
  strategies: ['strategies', 'strategy', 'exit strategy', 'exit strategies', 'buying strategy', 'investment strategy'],
  proof_of_funds: ['proof of funds', 'proof of funds amount', 'pof', 'pof amount', 'funds'],
  proof_of_funds_date: ['proof of funds date', 'pof date', 'pof dated', 'funds date'],
  close_within_days: ['closes in days', 'close within days', 'closing days', 'days to close', 'close in days', 'closes within days', 'closing speed'],
};
const DICTIONARY = new Map(Object.entries(HEADERS).flatMap(([field, names]) => [field, ...names].map((n) => [normaliseHeader(n), field as BuyerCsvField])));

/** Each header's column (the first of two with the same meaning wins; unknown headers are null and ignored). */
export function buyerCsvColumns(headers: readonly string[]): Array<BuyerCsvField | null> {
  const taken = new Set<BuyerCsvField>();
  return headers.map((h) => {
    const field = DICTIONARY.get(normaliseHeader(h)) ?? null;
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}

const STRATEGY_WORDS: ReadonlyArray<[BuyerStrategy, RegExp]> = [
  ['new_build', /new\s*-?\s*build|new\s*construction|build|develop/],
  ['rental', /rent|hold|landlord|brrrr|section\s*8|buy\s*(and|&)\s*hold/],
  ['flip', /flip|fix|rehab|wholetail|resale/],
];

/** A cell of several values: "TX; OK", "Dallas, Fort Worth", "flip/rental". */
const parts = (raw: string, separators = /[;,|/]/) => raw.split(separators).map((p) => p.trim()).filter(Boolean);

export interface BuyerCsvValues {
  contact_name: string;
  company_name: string | null;
  primary_email: string | null;
  primary_phone: string | null;
  notes: string | null;
  /** Only the criteria the row fills: an existing buyer's other criteria stay as they are. */
  buy_box: Partial<BuyBox>;
}
export type BuyerCsvRow = { ok: true; values: BuyerCsvValues } | { ok: false; reason: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * One CSV record → the buyer it describes, or why it cannot be imported ("row N: …", N the file's line). `today`
 * dates proof of funds given without a date.
 */
export function buyerCsvRow(cells: readonly string[], columns: ReadonlyArray<BuyerCsvField | null>, row: number, today: string): BuyerCsvRow {
  const cell: Partial<Record<BuyerCsvField, string>> = {};
  columns.forEach((field, i) => {
    const value = cells[i]?.trim();
    if (field && value) cell[field] = value;
  });
  const fail = (reason: string): BuyerCsvRow => ({ ok: false, reason: `row ${row}: ${reason}` });
  const name = cell.contact_name ?? ([cell.first_name, cell.last_name].filter(Boolean).join(' ') || cell.company_name);
  if (!name) return fail('no name (a Name, First name/Last name or Company column)');
  const email = cell.primary_email?.toLowerCase() ?? null;
  if (email && !EMAIL.test(email)) return fail(`"${cell.primary_email}" is not an email address`);
  const phoneProblem = cell.primary_phone ? csvPhoneProblem(cell.primary_phone) : null;
  if (phoneProblem) return fail(`phone "${cell.primary_phone}": ${phoneProblem}`);

  const box: Record<string, unknown> = {};
  const number = (field: BuyerCsvField, label: string): number | null | string => {
    if (!cell[field]) return null;
    const n = parseCsvNumber(cell[field]!);
    return n === null || n < 0 ? `${label} "${cell[field]}" is not a number` : n;
  };
  const numbers: Array<[BuyerCsvField, keyof BuyBox, string]> = [
    ['price_min', 'price_min', 'min price'], ['price_max', 'price_max', 'max price'], ['min_beds', 'min_beds', 'min beds'],
    ['min_baths', 'min_baths', 'min baths'], ['max_repairs', 'max_repairs', 'max repairs'], ['close_within_days', 'close_within_days', 'closes in days'],
  ];
  for (const [field, key, label] of numbers) {
    const n = number(field, label);
    if (typeof n === 'string') return fail(n);
    if (n !== null) box[key] = n;
  }
  if (cell.states) {
    const codes = parts(cell.states).map((s) => [s, stateCode(s)] as const);
    const bad = codes.find(([, c]) => !c);
    if (bad) return fail(`"${bad[0]}" is not a US state`);
    box.states = [...new Set(codes.map(([, c]) => c!))];
  }
  if (cell.cities) box.cities = parts(cell.cities, /[;|,]/);
  if (cell.zip_codes) box.zip_codes = parts(cell.zip_codes, /[;,|/\s]+/);
  if (cell.property_kinds) {
    const kinds = parts(cell.property_kinds).map((p) => [p, propertyKind(p)] as const);
    const bad = kinds.find(([, k]) => !k);
    if (bad) return fail(`"${bad[0]}" is not a property type (single family, multi-family, condo, townhouse, mobile home, land, commercial)`);
    box.property_kinds = [...new Set(kinds.map(([, k]) => k!))];
  }
  if (cell.strategies) {
    const found = parts(cell.strategies).map((p) => [p, STRATEGY_WORDS.find(([, re]) => re.test(p.toLowerCase()))?.[0]] as const);
    const bad = found.find(([, s]) => !s);
    if (bad) return fail(`"${bad[0]}" is not a strategy (${BUYER_STRATEGIES.map((s) => s.replace('_', ' ')).join(', ')})`);
    box.strategies = [...new Set(found.map(([, s]) => s!))];
  }
  const funds = number('proof_of_funds', 'proof of funds');
  if (typeof funds === 'string') return fail(funds);
  if (funds !== null) {
    const dated = cell.proof_of_funds_date ? parseCsvDate(cell.proof_of_funds_date) : today;
    if (!dated) return fail(`proof of funds date "${cell.proof_of_funds_date}" is not a date (YYYY-MM-DD or M/D/YYYY)`);
    box.proof_of_funds = { amount: funds, dated, document: null };
  }
  // The buy box's own rules (ranges, limits), with its messages.
  const checked = buyBoxSchema.safeParse(box);
  if (!checked.success) return fail(checked.error.issues[0]!.message);
  const filled = Object.fromEntries(Object.keys(box).map((k) => [k, checked.data[k as keyof BuyBox]])) as Partial<BuyBox>;
  return {
    ok: true,
    values: {
      contact_name: name.slice(0, 200),
      company_name: cell.company_name?.slice(0, 200) ?? null,
      primary_email: email,
      primary_phone: cell.primary_phone ?? null,
      notes: cell.notes?.slice(0, 5000) ?? null,
      buy_box: filled,
    },
  };
}

/** Rows a buyers file may have (a buyers list, not a lead list: read in the request). */
export const BUYER_IMPORT_MAX_ROWS = 5000;

/** POST /api/buyers/import: what the file did, and the columns it was read by. */
export const buyerImportResultSchema = z.object({
  filename: z.string(),
  total_rows: z.number(),
  inserted: z.number(),
  updated: z.number(),
  skipped: z.number(),
  errors: z.array(importRowErrorSchema),
  columns: z.array(z.object({ header: z.string(), field: z.enum(BUYER_CSV_FIELDS).nullable() })),
});
export type BuyerImportResult = z.infer<typeof buyerImportResultSchema>;
