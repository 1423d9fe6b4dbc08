import { z } from 'zod';
import { LEAD_FIELDS, LEAD_STATUSES, type LeadFieldName } from './lead-fields';
import { phoneSchema } from './phone';

const PHONE_FIELDS = new Set<LeadFieldName>(['phone', 'phone_number', 'contact_1_phone1', 'contact_1_phone2', 'contact_1_phone3']);
const EMAIL_FIELDS = new Set<LeadFieldName>(['email', 'contact_1_email', 'contact_1_email1', 'contact_1_email2', 'contact_1_email3']);
const STATE_FIELDS = new Set<LeadFieldName>(['property_address_state', 'mailing_address_state', 'owner_address_state']);
/** Numbers that may be negative; every other number must be 0 or more. */
const SIGNED_FIELDS = new Set<LeadFieldName>([
  'property_lat', 'property_lng', 'latitude', 'longitude', 'lat', 'lng', 'cap_rate', 'cash_flow_estimate', 'appreciation_rate',
]);
const OUT_OF_TEN = new Set<LeadFieldName>(['school_rating', 'market_hotness']);

const text = z.string().trim().max(5000, 'must be at most 5000 characters');

function fieldSchema(name: LeadFieldName): z.ZodType {
  const [type] = LEAD_FIELDS[name];
  if (name === 'status') return z.enum(LEAD_STATUSES.filter((s) => s !== 'deleted') as [string, ...string[]]);
  if (name === 'motivation_score') return z.number().min(0, 'must be 0 or more').max(9, 'must be at most 9');
  if (PHONE_FIELDS.has(name)) return phoneSchema;
  if (EMAIL_FIELDS.has(name)) return z.string().trim().toLowerCase().pipe(z.email('must be a valid email address'));
  if (STATE_FIELDS.has(name)) return z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'must be a two-letter state code');
  switch (type) {
    case 'text':
      return text;
    case 'integer': {
      const n = z.number().int('must be a whole number');
      return SIGNED_FIELDS.has(name) ? n : n.min(0, 'must be 0 or more');
    }
    case 'numeric': {
      const n = z.number().finite();
      if (OUT_OF_TEN.has(name)) return n.min(0, 'must be 0 or more').max(10, 'must be at most 10');
      return SIGNED_FIELDS.has(name) ? n : n.min(0, 'must be 0 or more');
    }
    case 'boolean':
      return z.boolean();
    case 'date':
      return z.iso.date('must be a date (YYYY-MM-DD)');
    case 'timestamptz':
      return z.iso.datetime({ offset: true, message: 'must be a date-time (ISO 8601)' });
    case 'text[]':
      return z.array(z.string().trim().min(1).max(60)).max(50, 'must have at most 50 tags');
  }
}

const SERVER_OWNED = new Set<LeadFieldName>([
  'created_by', 'enriched_at', 'enriched_by', 'contact_attempts', 'ai_score', 'ai_score_reasons', 'ai_score_source', 'ai_scored_at',
]);

/** Every writable lead field, each nullable; unknown keys are refused. */
export const leadWriteBody = z
  .object(
    Object.fromEntries(
      (Object.keys(LEAD_FIELDS) as LeadFieldName[]).filter((f) => !SERVER_OWNED.has(f)).map((f) => [f, fieldSchema(f).nullable().optional()]),
    ) as Record<LeadFieldName, z.ZodOptional<z.ZodNullable<z.ZodType>>>,
  )
  .strict();
export type LeadWrite = Partial<Record<LeadFieldName, unknown>>;

export const createLeadBody = leadWriteBody.refine(
  (b) => Boolean(b.property_address_full || b.property_address || b.address || b.owner_1_name || b.name),
  { message: 'A lead needs a property address or an owner name', path: ['property_address_full'] },
);

const optionalNumber = (label: string) =>
  z.coerce.number({ error: `${label} must be a number` }).min(0, `${label} must be 0 or more`).optional();

export const listLeadsQuery = z
  .object({
    status: z.enum(LEAD_STATUSES.filter((s) => s !== 'deleted') as [string, ...string[]]).optional(),
    minValue: optionalNumber('minValue'),
    maxValue: optionalNumber('maxValue'),
    badges: z
      .string()
      .transform((s) => s.split(',').map((b) => b.trim()).filter(Boolean))
      .optional(),
    search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
    limit: z.coerce.number().int().min(1, 'limit must be 1 or more').max(200, 'limit must be at most 200').default(50),
    offset: z.coerce.number().int().min(0, 'offset must be 0 or more').max(10_000_000).default(0),
  })
  .strict();
export type ListLeadsQuery = z.infer<typeof listLeadsQuery>;

export const topLeadsQuery = z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) }).strict();

export interface LeadStats {
  total_leads: number;
  new_leads_count: number;
  high_motivation_count: number;
  avg_property_value: number | null;
  leads_with_values: number;
}

/** "New" in the statistics: created in the last 7 days. "High motivation": motivation_score of 7 or more. */
export const STATS_NEW_DAYS = 7;
export const STATS_HIGH_MOTIVATION = 7;
