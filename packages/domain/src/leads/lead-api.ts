import { z } from 'zod';
import { pageLimit } from '../paging';
import { INTEGER_RANGE, LEAD_FIELDS, LEAD_STATUSES, type Lead, type LeadFieldName } from './lead-fields';
import { phoneSchema } from './phone';
import { MAX_TAG_LENGTH, MAX_TAGS, normalizeTags } from './tags';

const PHONE_FIELDS = new Set<LeadFieldName>(['phone', 'phone_number', 'contact_1_phone1', 'contact_1_phone2', 'contact_1_phone3']);
const EMAIL_FIELDS = new Set<LeadFieldName>(['email', 'contact_1_email', 'contact_1_email1', 'contact_1_email2', 'contact_1_email3']);
const STATE_FIELDS = new Set<LeadFieldName>(['property_address_state', 'mailing_address_state', 'owner_address_state']);
/** Numbers that may be negative; every other number must be 0 or more. */
const SIGNED_FIELDS = new Set<LeadFieldName>([
  'property_lat', 'property_lng', 'latitude', 'longitude', 'lat', 'lng', 'cap_rate', 'cash_flow_estimate', 'appreciation_rate',
]);
const OUT_OF_TEN = new Set<LeadFieldName>(['school_rating', 'market_hotness']);

const text = z.string().trim().max(5000, 'must be at most 5000 characters');
/** A status a lead may be given: every status but 'deleted', which only DELETE sets. */
const liveStatus = z.enum(LEAD_STATUSES.filter((s) => s !== 'deleted') as [string, ...string[]]);
/** Tags as written: each stored normalised (tags.ts), so "Vacant" and "vacant" are one. */
const tags = z
  .array(z.string().trim().min(1, 'must not hold an empty tag').max(MAX_TAG_LENGTH, `must hold tags of at most ${MAX_TAG_LENGTH} characters`))
  .max(MAX_TAGS, `must have at most ${MAX_TAGS} tags`)
  .transform(normalizeTags);

function fieldSchema(name: LeadFieldName): z.ZodType {
  const [type] = LEAD_FIELDS[name];
  if (name === 'status') return liveStatus;
  if (name === 'motivation_score') return z.number().min(0, 'must be 0 or more').max(9, 'must be at most 9');
  if (PHONE_FIELDS.has(name)) return phoneSchema;
  if (EMAIL_FIELDS.has(name)) return z.string().trim().toLowerCase().pipe(z.email('must be a valid email address'));
  if (STATE_FIELDS.has(name)) return z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'must be a two-letter state code');
  switch (type) {
    case 'text':
      return text;
    case 'integer': {
      const n = z.number().int('must be a whole number').max(INTEGER_RANGE.max, `must be at most ${INTEGER_RANGE.max}`);
      return SIGNED_FIELDS.has(name) ? n.min(INTEGER_RANGE.min, `must be at least ${INTEGER_RANGE.min}`) : n.min(0, 'must be 0 or more');
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
      return tags;
  }
}

const SERVER_OWNED_FIELDS = [
  'created_by', 'enriched_at', 'enriched_by', 'contact_attempts', 'ai_score', 'ai_score_reasons', 'ai_score_source', 'ai_scored_at',
] as const satisfies readonly LeadFieldName[];
const SERVER_OWNED = new Set<LeadFieldName>(SERVER_OWNED_FIELDS);
type WritableLeadField = Exclude<LeadFieldName, (typeof SERVER_OWNED_FIELDS)[number]>;

/** Fields the leads table keeps NOT NULL: they may be changed, never cleared (badges is cleared to no tags). */
const REQUIRED_FIELDS = ['status', 'dnc_status'] as const;
type RequiredField = (typeof REQUIRED_FIELDS)[number];
const cannotBeCleared = z.any().refine((v) => v !== null, 'cannot be cleared');

/** A lead write as validated: each field of its type, null to clear it. */
export type LeadWrite = { [K in WritableLeadField]?: K extends RequiredField ? NonNullable<Lead[K]> : Lead[K] | null };
type LeadWriteShape = { [K in WritableLeadField]: z.ZodOptional<z.ZodType<LeadWrite[K]>> };

/**
 * Every writable lead field, each nullable but the required ones; unknown keys are refused. Each field's schema
 * is built from its registry type, so what passes is a LeadWrite.
 */
export const leadWriteBody = z
  .object(
    Object.fromEntries(
      (Object.keys(LEAD_FIELDS) as LeadFieldName[])
        .filter((f) => !SERVER_OWNED.has(f))
        .map((f) => [f, ((REQUIRED_FIELDS as readonly string[]).includes(f) ? cannotBeCleared.pipe(fieldSchema(f)) : fieldSchema(f).nullable()).optional()]),
    ) as unknown as LeadWriteShape,
  )
  .strict();

export const LEAD_MESSAGES = {
  versionInvalid: 'expected the version of the lead as it was seen (a whole number)',
  leadChanged: 'Someone else changed this lead after you opened it. Reload it to see their changes, or save yours again to overwrite them.',
  bulkNoIds: 'choose at least one lead',
  bulkTooMany: 'at most 500 leads at a time',
  bulkNoChange: 'name a change: status, add_tags or remove_tags',
} as const;

const version = z.number({ error: LEAD_MESSAGES.versionInvalid }).int(LEAD_MESSAGES.versionInvalid).positive(LEAD_MESSAGES.versionInvalid);

/**
 * PATCH /api/leads/:id: a lead write and, when the client edited what it saw, that lead's `version`; the server
 * compares it exactly and answers 409 LEAD_CHANGED, writing nothing, when the lead has moved on.
 */
export const updateLeadBody = leadWriteBody.extend({ version: version.optional() });
export type UpdateLead = z.infer<typeof updateLeadBody>;

/** Leads one bulk change may name. */
export const BULK_LEADS_MAX = 500;

/** POST /api/leads/bulk: one status and/or tags to add and remove, for up to 500 leads of the caller's organization. */
export const bulkLeadsBody = z
  .object({
    ids: z.array(z.uuid('expected a lead id')).min(1, LEAD_MESSAGES.bulkNoIds).max(BULK_LEADS_MAX, LEAD_MESSAGES.bulkTooMany),
    status: liveStatus.optional(),
    add_tags: tags.optional(),
    remove_tags: tags.optional(),
  })
  .strict()
  .refine((b) => b.status !== undefined || Boolean(b.add_tags?.length) || Boolean(b.remove_tags?.length), LEAD_MESSAGES.bulkNoChange);
export type BulkLeadsChange = z.infer<typeof bulkLeadsBody>;

export const createLeadBody = leadWriteBody.refine(
  (b) => Boolean(b.property_address_full || b.property_address || b.address || b.owner_1_name || b.name),
  { message: 'A lead needs a property address or an owner name', path: ['property_address_full'] },
);

/** A query parameter holding an instant, such as created_after; from 1900: every instant after it is one both databases store (year 0 is not). */
export function instantParam(name: string) {
  const message = `${name}: expected a date and time such as 2026-04-14T04:00:00Z, from 1900 on`;
  return z.string({ error: message }).refine((v) => z.iso.datetime({ offset: true }).safeParse(v).success && Date.parse(v) >= Date.UTC(1900, 0, 1), message);
}
const createdAfter = instantParam('created_after');

const optionalNumber = (label: string) =>
  z.coerce.number({ error: `${label} must be a number` }).min(0, `${label} must be 0 or more`).optional();

export const listLeadsQuery = z
  .object({
    status: liveStatus.optional(),
    minValue: optionalNumber('minValue'),
    maxValue: optionalNumber('maxValue'),
    badges: z
      .string()
      .transform((s) => normalizeTags(s.split(',')))
      .optional(),
    search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
    /** Leads created at or after this instant (the dashboard's "new since yesterday" opens the list with it). */
    created_after: createdAfter.optional(),
    /** `true`: the deleted leads an owner or admin may still restore, most recently deleted first (other filters ignored). */
    deleted: z.enum(['true', 'false'], { error: 'deleted must be true or false' }).transform((v) => v === 'true').optional(),
    limit: pageLimit(200, 50),
    offset: z.coerce.number().int().min(0, 'offset must be 0 or more').max(10_000_000).default(0),
  })
  .strict();
export type ListLeadsQuery = z.infer<typeof listLeadsQuery>;

export const topLeadsQuery = z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) }).strict();

/** A deleted lead can be restored this long; the purge job removes it afterwards. */
export const LEAD_RESTORE_DAYS = 30;

/** "New" in the statistics: created in the last 7 days. "High motivation": motivation_score of 7 or more. */
export const STATS_NEW_DAYS = 7;
export const STATS_HIGH_MOTIVATION = 7;
