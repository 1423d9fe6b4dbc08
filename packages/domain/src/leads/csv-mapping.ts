/**
 * CSV lead import: which of our lead fields a CSV column goes to (common PropStream, BatchLeads and
 * DealMachine export headers), how a cell's text becomes a field value, and the import API's shapes.
 */
import { z } from 'zod';
import { INTEGER_RANGE, LEAD_FIELD_NAMES, LEAD_FIELDS, type LeadFieldName } from './lead-fields';
import { PHONE_MESSAGES, isValidLeadPhone } from './phone';
import { MAX_TAGS, normalizeTags } from './tags';

/** Fields the server sets itself; a CSV column cannot be mapped to them. */
const NOT_IMPORTABLE = new Set<LeadFieldName>([
  'status', 'source', 'created_by', 'enriched_at', 'enriched_by', 'contact_attempts', 'ai_score', 'ai_score_reasons', 'ai_score_source', 'ai_scored_at',
]);
export const IMPORTABLE_FIELDS = (Object.keys(LEAD_FIELDS) as LeadFieldName[]).filter((f) => !NOT_IMPORTABLE.has(f));
const IMPORTABLE = new Set<string>(IMPORTABLE_FIELDS);
export const isImportableField = (name: string): name is LeadFieldName => IMPORTABLE.has(name);

/** 'Owner 1 First Name' → 'owner1firstname': lower-case, everything but letters and digits removed. */
export const normaliseHeader = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

const ALIASES: Record<LeadFieldName, string[]> = {} as Record<LeadFieldName, string[]>;
const alias = (field: LeadFieldName, ...headers: string[]) => (ALIASES[field] = [...(ALIASES[field] ?? []), ...headers]);

// Owner
alias('owner_1_name', 'Owner Name', 'Owner 1 Name', 'Owner 1 Full Name', 'Owner Full Name', 'Owner', 'Full Name', 'Owner(s)');
alias('owner_1_first_name', 'Owner 1 First Name', 'Owner First Name', 'First Name', 'Owner 1 First', 'First');
alias('owner_1_last_name', 'Owner 1 Last Name', 'Owner Last Name', 'Last Name', 'Owner 1 Last', 'Last');
alias('owner_2_name', 'Owner 2 Name', 'Owner 2 Full Name', 'Second Owner Name');
alias('owner_2_first_name', 'Owner 2 First Name', 'Owner 2 First');
alias('owner_2_last_name', 'Owner 2 Last Name', 'Owner 2 Last');
alias('owner_type', 'Owner Type', 'Ownership Type');
alias('ownership_length', 'Length of Ownership', 'Years Owned', 'Ownership Length', 'Years of Ownership', 'Owned Since Years');
alias('out_of_state_owner', 'Out of State Owner', 'Out-of-State Owner', 'Out of State', 'Out Of State Absentee');
// Contact
alias('contact_1_name', 'Contact Name', 'Contact 1 Name', 'Contact 1 Full Name');
alias('contact_1_phone1', 'Phone 1', 'Phone1', 'Phone Number 1', 'Primary Phone', 'Mobile', 'Mobile 1', 'Mobile Phone', 'Cell', 'Cell Phone', 'Cell 1', 'Wireless 1', 'Contact 1 Phone 1', 'Contact 1 Phone1', 'Owner Phone', 'Owner 1 Phone');
alias('contact_1_phone2', 'Phone 2', 'Phone2', 'Phone Number 2', 'Mobile 2', 'Cell 2', 'Wireless 2', 'Landline 1', 'Contact 1 Phone 2', 'Contact 1 Phone2', 'Secondary Phone');
alias('contact_1_phone3', 'Phone 3', 'Phone3', 'Phone Number 3', 'Mobile 3', 'Cell 3', 'Wireless 3', 'Landline 2', 'Contact 1 Phone 3', 'Contact 1 Phone3');
alias('contact_1_email1', 'Email 1', 'Email1', 'Email Address', 'Email Address 1', 'Primary Email', 'Owner Email', 'Contact 1 Email 1', 'Contact 1 Email1', 'Emails');
alias('contact_1_email2', 'Email 2', 'Email2', 'Email Address 2', 'Contact 1 Email 2', 'Contact 1 Email2');
alias('contact_1_email3', 'Email 3', 'Email3', 'Email Address 3', 'Contact 1 Email 3', 'Contact 1 Email3');
// Property address
alias('property_address_full', 'Property Address Full', 'Full Property Address', 'Full Address', 'Property Full Address', 'Site Address Full');
alias('property_address', 'Property Address', 'Address', 'Property Street', 'Property Street Address', 'Street Address', 'Site Address', 'Situs Address');
alias('property_address_city', 'Property City', 'City', 'Property Address City', 'Site City', 'Situs City');
alias('property_address_state', 'Property State', 'State', 'Property Address State', 'Site State', 'Situs State');
alias('property_address_zipcode', 'Property Zip', 'Property Zip Code', 'Property Zipcode', 'Zip', 'Zip Code', 'Zipcode', 'Postal Code', 'Property Address Zipcode', 'Site Zip', 'Situs Zip');
alias('property_address_county', 'Property County', 'Property Address County');
alias('county', 'County', 'County Name');
// Mailing address
alias('mailing_address_full', 'Mailing Address Full', 'Full Mailing Address', 'Owner Mailing Address Full');
alias('mailing_address_line_1', 'Mailing Address', 'Mailing Street', 'Mailing Street Address', 'Mailing Address Line 1', 'Owner Mailing Address', 'Mail Address');
alias('mailing_address_city', 'Mailing City', 'Mail City', 'Owner Mailing City');
alias('mailing_address_state', 'Mailing State', 'Mail State', 'Owner Mailing State');
alias('mailing_address_zip', 'Mailing Zip', 'Mailing Zip Code', 'Mailing Zipcode', 'Mail Zip', 'Owner Mailing Zip');
alias('latitude', 'Latitude', 'Property Latitude');
alias('longitude', 'Longitude', 'Property Longitude', 'Lon', 'Long');
// Property
alias('property_type', 'Property Type', 'Property Use', 'Land Use', 'Property Class', 'Use Code', 'Property Type Detail');
alias('total_bedrooms', 'Bedrooms', 'Beds', 'Bed', 'Total Bedrooms', 'Bedroom Count', 'Number of Bedrooms');
alias('total_baths', 'Bathrooms', 'Baths', 'Bath', 'Total Bathrooms', 'Total Baths', 'Bathroom Count', 'Number of Bathrooms');
alias('building_square_feet', 'Building Sqft', 'Building Sq Ft', 'Building Square Feet', 'Living Square Feet', 'Living Sqft', 'Living Sq Ft', 'Living Area', 'Square Feet', 'Square Footage', 'Sqft', 'Sq Ft', 'Building Size');
alias('lot_square_feet', 'Lot Size Sqft', 'Lot Size Sq Ft', 'Lot Square Feet', 'Lot Sqft', 'Lot Sq Ft', 'Lot Size Square Feet');
alias('year_built', 'Year Built', 'Effective Year Built', 'Built Year', 'Yr Built');
alias('stories', 'Stories', 'Number of Stories', 'Floors');
alias('garage_spaces', 'Garage Spaces', 'Garage Parking Spaces');
alias('apn_parcel_id', 'APN', 'APN Parcel ID', 'Parcel ID', 'Parcel Number', 'Parcel', 'Assessor Parcel Number', 'Tax ID');
alias('occupancy_status', 'Owner Occupied', 'Occupancy', 'Occupancy Status', 'Owner Occupancy');
alias('tenant_occupied', 'Tenant Occupied', 'Renter Occupied', 'Non Owner Occupied');
alias('subdivision', 'Subdivision', 'Subdivision Name');
// Financial
alias('estimated_value', 'Est. Value', 'Est Value', 'Estimated Value', 'AVM', 'Est. Market Value', 'Estimated Market Value', 'Market Value', 'Property Value', 'Value', 'Zestimate');
alias('equity_amount', 'Est. Equity', 'Est Equity', 'Equity', 'Estimated Equity', 'Equity Amount', 'Equity ($)', 'Estimated Equity Amount');
alias('mortgage_balance', 'Open Mortgage Balance', 'Mortgage Balance', 'Est. Mortgage Balance', 'Est. Remaining balance of Open Loans', 'Estimated Mortgage Balance', 'Loan Balance', 'Total Loan Balance', 'Open Loan Balance', 'Remaining Balance');
alias('mortgage_amount', 'Mortgage Amount', 'Loan Amount', 'Original Loan Amount', 'Mortgage 1 Amount', 'First Mortgage Amount');
alias('second_mortgage_amount', 'Second Mortgage Amount', 'Mortgage 2 Amount', '2nd Mortgage Amount');
alias('assessed_value', 'Assessed Value', 'Total Assessed Value', 'Tax Assessed Value');
alias('annual_taxes', 'Annual Taxes', 'Tax Amount', 'Property Tax', 'Annual Tax Amount', 'Taxes');
alias('tax_delinquent', 'Tax Delinquent', 'Tax Default', 'Tax Delinquency', 'Delinquent Taxes', 'Tax Delinquent Flag');
alias('tax_delinquent', 'Is Tax Delinquent');
alias('tax_year', 'Tax Year', 'Assessment Year');
alias('tax_lien_amount', 'Lien Amount', 'Tax Lien Amount');
alias('hoa_monthly', 'HOA', 'HOA Fee', 'HOA Monthly', 'HOA Dues');
alias('monthly_mortgage_payment', 'Monthly Mortgage Payment', 'Mortgage Payment', 'Monthly Payment');
// Distress
alias('pre_foreclosure', 'Pre-Foreclosure', 'Preforeclosure', 'Pre Foreclosure', 'Foreclosure', 'In Foreclosure', 'Pre-Foreclosure Flag', 'Notice of Default');
alias('foreclosure_filing_date', 'Foreclosure Date', 'Foreclosure Filing Date', 'Default Date', 'NOD Date', 'Pre-Foreclosure Date');
alias('vacant', 'Vacant', 'Vacant Flag', 'Vacancy', 'Is Vacant', 'Property Vacant');
// Sales
alias('last_sale_date', 'Last Sale Date', 'Sale Date', 'Last Sold Date', 'Date of Last Sale');
alias('last_sale_price', 'Last Sale Price', 'Sale Price', 'Last Sold Price', 'Sale Amount', 'Last Sold Amount');
alias('prior_sale_date', 'Prior Sale Date', 'Previous Sale Date');
alias('prior_sale_price', 'Prior Sale Price', 'Prior Sale Amount', 'Previous Sale Price');
// Schools and market
alias('school_district_name', 'School District', 'School District Name');
alias('rental_estimate', 'Rent', 'Monthly Rent', 'Estimated Rent', 'Est. Rent', 'Rental Estimate', 'Rent Estimate', 'Rent Zestimate');
alias('days_on_market', 'Days on Market', 'DOM');
// Scoring
alias('motivation_score', 'Motivation', 'Motivation Score', 'Seller Motivation');
alias('badges', 'Tags', 'Lists', 'Marketing Lists', 'Badges', 'Labels');
alias('dnc_status', 'DNC', 'Do Not Call', 'DNC Status', 'Litigator');
alias('notes', 'Notes', 'Note', 'Comments');

/**
 * Normalised header → field. Our own field names (as DealMachine exports them, 'contact_1_phone1'
 * → 'contact1phone1') map to themselves; the aliases above are checked first.
 */
export const HEADER_DICTIONARY: ReadonlyMap<string, LeadFieldName> = (() => {
  const map = new Map<string, LeadFieldName>();
  for (const [field, headers] of Object.entries(ALIASES) as Array<[LeadFieldName, string[]]>) {
    for (const h of headers) {
      const key = normaliseHeader(h);
      if (!map.has(key)) map.set(key, field);
    }
  }
  for (const field of IMPORTABLE_FIELDS) {
    const key = normaliseHeader(field);
    if (!map.has(key)) map.set(key, field);
  }
  return map;
})();

export type ImportMapping = Record<string, LeadFieldName | null>;

/**
 * The mapping the server proposes for a header row: each known header to its field (the first
 * column wins when two would go to the same field), the rest to null and listed as unknown.
 */
export function proposeMapping(headers: readonly string[]): { mapping: ImportMapping; unknown: string[] } {
  const mapping: ImportMapping = {};
  const unknown: string[] = [];
  const taken = new Set<LeadFieldName>();
  for (const header of headers) {
    const field = HEADER_DICTIONARY.get(normaliseHeader(header));
    if (field && !taken.has(field)) {
      mapping[header] = field;
      taken.add(field);
    } else {
      mapping[header] = null;
      if (!field) unknown.push(header);
    }
  }
  return { mapping, unknown };
}

/** Problems of a user's mapping for these headers: unknown columns or fields, one field from two columns. */
export function mappingProblems(headers: readonly string[], mapping: Record<string, string | null>): string[] {
  const problems: string[] = [];
  const known = new Set(headers);
  const from = new Map<string, string>();
  for (const [header, field] of Object.entries(mapping)) {
    if (!known.has(header)) {
      problems.push(`mapping: the file has no column '${header}'`);
      continue;
    }
    if (field === null) continue;
    if (!isImportableField(field)) {
      problems.push(`mapping.${header}: unknown field '${field}'`);
      continue;
    }
    const other = from.get(field);
    if (other !== undefined) problems.push(`mapping: field '${field}' is mapped from two columns, '${other}' and '${header}'`);
    else from.set(field, header);
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Cell values

export type CellResult<T = unknown> =
  /** The value to store (null for an empty cell). */
  | { ok: true; value: T | null }
  /** The row cannot be imported: the reason names the problem. */
  | { ok: false; drop: false; reason: string }
  /** Only this value is dropped (an unusable phone or email); the rest of the row is imported. */
  | { ok: false; drop: true; reason: string };

const PHONE_FIELDS: ReadonlySet<LeadFieldName> = new Set(['phone', 'phone_number', 'contact_1_phone1', 'contact_1_phone2', 'contact_1_phone3']);
const EMAIL_FIELDS: ReadonlySet<LeadFieldName> = new Set(['email', 'contact_1_email', 'contact_1_email1', 'contact_1_email2', 'contact_1_email3']);
const STATE_FIELDS: ReadonlySet<LeadFieldName> = new Set(['property_address_state', 'mailing_address_state', 'owner_address_state']);
const SIGNED_FIELDS = new Set<LeadFieldName>(['property_lat', 'property_lng', 'latitude', 'longitude', 'lat', 'lng', 'cap_rate', 'cash_flow_estimate', 'appreciation_rate']);

const STATE_NAMES: Record<string, string> = {
  alabama: 'AL', alaska: 'AK', arizona: 'AZ', arkansas: 'AR', california: 'CA', colorado: 'CO', connecticut: 'CT',
  delaware: 'DE', districtofcolumbia: 'DC', florida: 'FL', georgia: 'GA', hawaii: 'HI', idaho: 'ID', illinois: 'IL',
  indiana: 'IN', iowa: 'IA', kansas: 'KS', kentucky: 'KY', louisiana: 'LA', maine: 'ME', maryland: 'MD',
  massachusetts: 'MA', michigan: 'MI', minnesota: 'MN', mississippi: 'MS', missouri: 'MO', montana: 'MT',
  nebraska: 'NE', nevada: 'NV', newhampshire: 'NH', newjersey: 'NJ', newmexico: 'NM', newyork: 'NY',
  northcarolina: 'NC', northdakota: 'ND', ohio: 'OH', oklahoma: 'OK', oregon: 'OR', pennsylvania: 'PA',
  puertorico: 'PR', rhodeisland: 'RI', southcarolina: 'SC', southdakota: 'SD', tennessee: 'TN', texas: 'TX',
  utah: 'UT', vermont: 'VT', virginia: 'VA', washington: 'WA', westvirginia: 'WV', wisconsin: 'WI', wyoming: 'WY',
};

const TRUE_WORDS = new Set(['yes', 'y', 'true', 't', '1', 'x']);
const FALSE_WORDS = new Set(['no', 'n', 'false', 'f', '0']);
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_CHARS_RE = /^[\d\s\-().+]*$/;
const PLAIN_NUMBER_RE = /^-?\d{1,15}(\.\d+)?$/;
const NUMBER_RE = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

/** '$1,234.50' → 1234.5, '12%' → 12, '(1,000)' → -1000, '350K' → 350000, '1.2M' → 1200000; otherwise null. */
export function parseCsvNumber(raw: string): number | null {
  if (PLAIN_NUMBER_RE.test(raw)) return Number(raw);
  let s = raw.trim().replace(/[$,\s%]/g, '');
  let sign = 1;
  if (/^\(.*\)$/.test(s)) {
    sign = -1;
    s = s.slice(1, -1);
  }
  let scale = 1;
  const suffix = s.slice(-1).toLowerCase();
  if (suffix === 'k' || suffix === 'm') {
    scale = suffix === 'k' ? 1_000 : 1_000_000;
    s = s.slice(0, -1);
  }
  if (!NUMBER_RE.test(s)) return null;
  const n = sign * Number(s) * scale;
  return Number.isFinite(n) ? n : null;
}

export function parseCsvBoolean(raw: string): boolean | null {
  const s = raw.trim().toLowerCase();
  if (TRUE_WORDS.has(s)) return true;
  if (FALSE_WORDS.has(s)) return false;
  return null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' (a time part is ignored) or 'M/D/YYYY' (also M/D/YY) → 'YYYY-MM-DD' of a real date; otherwise null. */
export function parseCsvDate(raw: string): string | null {
  const s = raw.trim();
  let y: number, m: number, d: number;
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(s);
  if (match) {
    [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  } else if ((match = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})(?: .*)?$/.exec(s))) {
    [m, d, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
    if (match[3]!.length === 2) y += y >= 50 ? 1900 : 2000;
  } else {
    return null;
  }
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${pad(m)}-${pad(d)}`;
}

/** The problem with a phone for a lead (dialer.md §5 rules), or null when it is usable. */
export function csvPhoneProblem(value: string): string | null {
  if (!PHONE_CHARS_RE.test(value)) return PHONE_MESSAGES.invalidCharacters;
  if (value.replace(/\D/g, '').length < 10) return PHONE_MESSAGES.tooShort;
  if (value.length > 20) return PHONE_MESSAGES.tooLong;
  if (!isValidLeadPhone(value)) return 'Phone number is not a real number';
  return null;
}

const MAX_TEXT = 5000;

/**
 * One CSV cell → the value of `field`. `column` names the column in reasons. Empty cells are null.
 * Unusable phones and emails drop only that value; any other unreadable value makes the row unusable.
 */
export function coerceCell(field: LeadFieldName, raw: string, column: string): CellResult {
  return cellCoercer(field, column)(raw);
}

const EMPTY: CellResult = { ok: true, value: null };
const ok = (value: unknown): CellResult => ({ ok: true, value });

/** coerceCell for one column, with the field's rules chosen once (an import runs it for every row). */
export function cellCoercer(field: LeadFieldName, column: string): (raw: string) => CellResult {
  const bad = (s: string, what: string): CellResult => ({ ok: false, drop: false, reason: `column '${column}' has '${clip(s)}', ${what}` });
  const convert = valueConverter(field, column, bad);
  return (raw) => {
    const s = raw.trim();
    return s === '' ? EMPTY : convert(s);
  };
}

function valueConverter(field: LeadFieldName, column: string, bad: (s: string, what: string) => CellResult): (s: string) => CellResult {
  if (PHONE_FIELDS.has(field)) {
    return (s) => {
      const problem = csvPhoneProblem(s);
      return problem ? { ok: false, drop: true, reason: `column '${column}' phone '${clip(s)}' dropped: ${problem}` } : ok(s);
    };
  }
  if (EMAIL_FIELDS.has(field)) {
    return (s) => {
      const email = s.toLowerCase();
      return EMAIL_RE.test(email) && email.length <= 254
        ? ok(email)
        : { ok: false, drop: true, reason: `column '${column}' email '${clip(s)}' dropped: not a valid email address` };
    };
  }
  if (STATE_FIELDS.has(field)) {
    return (s) => {
      const code = s.length === 2 && /^[a-z]{2}$/i.test(s) ? s.toUpperCase() : STATE_NAMES[normaliseHeader(s)];
      return code ? ok(code) : bad(s, 'not a two-letter state code');
    };
  }
  const [type] = LEAD_FIELDS[field];
  switch (type) {
    case 'text':
      return (s) => ok(s.length > MAX_TEXT ? s.slice(0, MAX_TEXT) : s);
    case 'integer':
    case 'numeric': {
      const signed = SIGNED_FIELDS.has(field);
      const max = field === 'motivation_score' ? 9 : field === 'school_rating' || field === 'market_hotness' ? 10 : Infinity;
      const integer = type === 'integer';
      return (s) => {
        const n = parseCsvNumber(s);
        if (n === null) return bad(s, 'not a number');
        if (n < 0 && !signed) return { ok: false, drop: true, reason: `column '${column}' value '${clip(s)}' dropped: must be 0 or more` };
        if (n > max) return bad(s, `above ${max}`);
        if (!integer) return ok(n);
        const i = Math.round(n);
        return i > INTEGER_RANGE.max || i < INTEGER_RANGE.min ? bad(s, 'too large') : ok(i);
      };
    }
    case 'boolean':
      return (s) => {
        const b = parseCsvBoolean(s);
        return b === null ? bad(s, 'not yes/no, true/false or 1/0') : ok(b);
      };
    case 'date':
      return (s) => {
        const d = parseCsvDate(s);
        return d === null ? bad(s, 'not a date (YYYY-MM-DD or M/D/YYYY)') : ok(d);
      };
    case 'timestamptz':
      return (s) => {
        const d = parseCsvDate(s);
        if (d !== null && !/[T ]\d/.test(s)) return ok(`${d}T00:00:00.000Z`);
        const t = Date.parse(s);
        return Number.isNaN(t) ? bad(s, 'not a date') : ok(new Date(t).toISOString());
      };
    case 'text[]':
      return (s) => {
        const tags = normalizeTags(s.split(/[,;|]/)).slice(0, MAX_TAGS);
        return ok(tags.length > 0 ? tags : null);
      };
  }
}

const clip = (s: string) => (s.length > 40 ? `${s.slice(0, 40)}…` : s);

// ---------------------------------------------------------------------------------------------
// API shapes (docs/api-leads.md, "CSV import")

export const IMPORT_STATUSES = ['awaiting_mapping', 'queued', 'running', 'completed', 'failed'] as const;
export type ImportState = (typeof IMPORT_STATUSES)[number];

/** The largest CSV upload, in bytes. */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;
/** How many row errors an import keeps; `skipped` still counts all. */
export const IMPORT_MAX_ERRORS = 200;

/** POST /api/leads/import: the upload's preview and the mapping the server proposes (confirmed by …/start). */
export const importPreviewSchema = z.object({
  id: z.string(),
  status: z.literal('awaiting_mapping'),
  filename: z.string(),
  total_rows: z.number(),
  headers: z.array(z.string()),
  proposed_mapping: z.record(z.string(), z.enum(LEAD_FIELD_NAMES).nullable()),
  unknown_columns: z.array(z.string()),
  sample_rows: z.array(z.array(z.string())),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importRowErrorSchema = z.object({ row: z.number(), reason: z.string() });
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

/** GET /api/leads/import/:id and …/start: where the import is. */
export const importStatusSchema = z.object({
  id: z.string(),
  status: z.enum(IMPORT_STATUSES),
  filename: z.string(),
  total_rows: z.number(),
  rows_read: z.number(),
  inserted: z.number(),
  updated: z.number(),
  skipped: z.number(),
  errors: z.array(importRowErrorSchema),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ImportStatus = z.infer<typeof importStatusSchema>;

export const startImportBody = z
  .object({
    mapping: z.record(z.string(), z.string().nullable(), { error: 'mapping: expected an object of column → field name or null' }),
  })
  .strict();
export type StartImportBody = z.infer<typeof startImportBody>;
