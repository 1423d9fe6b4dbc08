import { z } from 'zod';
import { DNC_SOURCES } from '../dnc/dnc-api';
import { conversationMessageSchema } from '../sms/sms-api';
import { LEAD_FIELDS, LEAD_FIELD_NAMES, LEAD_LIST_FIELDS, type Lead, type LeadFieldType, type LeadListItem } from './lead-fields';
import type { ScoreTerm } from './score';

/**
 * The leads routes' response schemas, built from LEAD_FIELDS so a field added there is answered (the serializer
 * drops what a schema does not list). Dates and timestamps are ISO strings on the wire.
 */
const WIRE: Record<LeadFieldType, z.ZodType> = {
  text: z.string(),
  date: z.string(),
  timestamptz: z.string(),
  integer: z.number(),
  numeric: z.number(),
  boolean: z.boolean(),
  'text[]': z.array(z.string()),
};

const fieldShape = Object.fromEntries(
  LEAD_FIELD_NAMES.map((name) => [name, name === 'badges' ? z.array(z.string()) : WIRE[LEAD_FIELDS[name][0]].nullable()]),
) as Record<string, z.ZodType>;

const identity = { id: z.string(), organization_id: z.string(), created_at: z.string(), updated_at: z.string(), version: z.number() };
const leadShape = { ...fieldShape, ...identity };

/** A lead as a write that touches it answers (POST /api/calls/:id/complete): every field, without the listed numbers. */
export const leadSchema = z.object(leadShape) as unknown as z.ZodType<Lead>;

/** One of the lead's numbers on the organization's Do-Not-Contact list, and why (docs/api-dnc.md). */
export const leadDncNumberSchema = z.object({ phone_e164: z.string(), source: z.enum(DNC_SOURCES), reason: z.string().nullable(), created_at: z.string() });
export type LeadDncNumber = z.infer<typeof leadDncNumberSchema>;

/**
 * A lead as GET /api/leads/:id (and POST, PATCH, restore) answer it: every field, with `dnc_status` true when the
 * lead's own flag is set or one of its numbers is listed, and the listed numbers in `dnc_numbers` (list rows stay slim).
 */
export type LeadRecord = Lead & { dnc_numbers: LeadDncNumber[] };
export const leadRecordSchema = z.object({ ...leadShape, dnc_numbers: z.array(leadDncNumberSchema) }) as unknown as z.ZodType<LeadRecord>;

const leadListItemSchema = z.object({
  ...Object.fromEntries(LEAD_LIST_FIELDS.map((name) => [name, fieldShape[name]!])),
  ...identity,
}) as unknown as z.ZodType<LeadListItem>;
/** GET /api/leads: a page, its count and whether the count is exact (a large match is estimated). */
export const leadPageSchema = z.object({ items: z.array(leadListItemSchema), total: z.number(), total_exact: z.boolean() });

const scoreTermSchema: z.ZodType<ScoreTerm> = z.object({ term: z.string(), label: z.string(), points: z.number() });
/** GET /api/leads/top: whole leads with the composite score and the terms that made it. */
export const topLeadsSchema = z.object({
  items: z.array(z.object({ ...leadShape, composite_score: z.number(), score_breakdown: z.array(scoreTermSchema) }) as unknown as z.ZodType<Lead & { composite_score: number; score_breakdown: ScoreTerm[] }>),
});

export const leadStatsSchema = z.object({
  total_leads: z.number(),
  new_leads_count: z.number(),
  high_motivation_count: z.number(),
  avg_property_value: z.number().nullable(),
  leads_with_values: z.number(),
});
export type LeadStats = z.infer<typeof leadStatsSchema>;

/** What a bulk change did: leads changed, and ids skipped (unknown, deleted, another organization's, or already so). */
export const bulkLeadsResultSchema = z.object({ updated: z.number(), skipped: z.number() });
export type BulkLeadsResult = z.infer<typeof bulkLeadsResultSchema>;

/** The fields of a lead a call needs (GET /api/leads/:id/context). */
export const LEAD_CONTEXT_FIELDS = [
  'id', 'owner_1_name', 'property_address_full', 'estimated_value', 'mortgage_balance', 'motivation_score', 'status',
  'badges', 'property_type', 'total_bedrooms', 'total_baths', 'out_of_state_owner', 'vacant', 'tenant_occupied', 'notes',
  'last_contacted_at', 'owner_address_state', 'property_address_state', 'dnc_status',
] as const satisfies ReadonlyArray<keyof Lead>;
type LeadContextFields = Pick<Lead, (typeof LEAD_CONTEXT_FIELDS)[number]> & { equity: number | null };

/** GET /api/leads/:id/context: the lead's call fields with derived equity, and its 20 latest texts, newest first. */
export const leadContextSchema = z.object({
  lead: z.object({
    ...Object.fromEntries(LEAD_CONTEXT_FIELDS.map((name) => [name, name === 'id' ? identity.id : fieldShape[name]!])),
    equity: z.number().nullable(),
  }) as unknown as z.ZodType<LeadContextFields>,
  /** `channel` as stored (every text is written 'sms'; the column allows others). */
  conversations: z.array(conversationMessageSchema.pick({ id: true, body: true, direction: true, created_at: true }).extend({ channel: z.string() })),
});
export type LeadContext = z.infer<typeof leadContextSchema>;
