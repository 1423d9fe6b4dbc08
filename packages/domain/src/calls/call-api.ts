import { z } from 'zod';
import { phoneSchema, toE164ForCall } from '../leads/phone';
import { CALL_LIMIT } from './call-limit';
import { CALL_OUTCOMES } from './outcomes';
import { DEFAULT_OUTCOME_STATUS, outcomeStatusPatch, outcomeStatusSchema } from './outcome-status';
import { isTimeZone } from '../time';
import { leadSchema } from '../leads/lead-schemas';
import { VOICE_PROVIDER_CHOICES, VOICE_PROVIDERS } from './voice';

/** Bodies and queries of docs/api-calls.md. */

export const CALL_MESSAGES = {
  outcomeRequired: 'Status required: Please select a call outcome before continuing',
  notE164: 'Phone number must be a 10-digit US number or +1 followed by 10 digits',
  followUpNotAllowed: 'A follow-up date can only be set for the outcomes interested, maybe and callback requested',
  followUpInPast: 'Follow-up date cannot be in the past',
  followUpInvalid: 'Follow-up date is not a valid date and time',
  callLimitRange: `must be a whole number from ${CALL_LIMIT.min} to ${CALL_LIMIT.max}`,
  timeZoneInvalid: 'expected an IANA time zone such as America/Chicago',
  leadVersionInvalid: 'expected the version of the lead as it was seen (a whole number)',
  leadChanged: 'This lead was changed after you last saw it, so the call outcome was not saved. Review the lead, then send the outcome again to save it anyway.',
} as const;

export const CALL_STATUSES = ['initiated', 'ringing', 'in-progress', 'completed', 'failed', 'busy', 'no-answer', 'canceled'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];
export const LIVE_CALL_STATUSES: readonly CallStatus[] = ['initiated', 'ringing', 'in-progress'];

/** A phone number normalised to E.164 with the phone messages of dialer.md §5. */
export const e164Schema = phoneSchema
  .refine((v) => !phoneSchema.safeParse(v).success || toE164ForCall(v) !== null, CALL_MESSAGES.notE164)
  .transform((v) => toE164ForCall(v) ?? v);

export const phoneNumberCreateBody = z
  .object({
    phone_number: e164Schema,
    label: z.string().trim().max(100).nullable().optional(),
    is_primary: z.boolean().optional(),
    is_active: z.boolean().optional(),
  })
  .strict();
export const phoneNumberUpdateBody = phoneNumberCreateBody.omit({ phone_number: true }).strict();
export const defaultAssignmentBody = z.object({ phone_number: e164Schema }).strict();

export const organizationPhoneNumberSchema = z.object({
  id: z.string(),
  phone_number: z.string(),
  label: z.string().nullable(),
  is_active: z.boolean(),
  is_primary: z.boolean(),
  created_at: z.string(),
});
export type OrganizationPhoneNumber = z.infer<typeof organizationPhoneNumberSchema>;
export const phoneNumberListSchema = z.object({ items: z.array(organizationPhoneNumberSchema) });
/** GET /api/phone-assignments: the member's numbers, the default first; PUT …/default answers the one it set. */
export const phoneAssignmentSchema = z.object({ phone_number: z.string(), is_default: z.boolean() });
export const phoneAssignmentListSchema = z.object({ items: z.array(phoneAssignmentSchema) });

export const callerIdQuery = z.object({ leadId: z.uuid('leadId: expected a lead id').optional() }).strict();
/** `to`: the number about to be dialled (its per-number limit is checked); without it, any of the lead's numbers. */
export const callCheckQuery = z
  .object({ leadId: z.uuid('leadId: expected a lead id'), to: z.string().trim().min(1, 'to: expected a phone number').max(40, 'to: expected a phone number').optional() })
  .strict();

export const startCallBody = z
  .object({
    lead_id: z.uuid('lead_id: expected a lead id'),
    from_e164: z.string().trim().min(1, 'Please ensure phone numbers are configured').max(40),
    to_e164: z.string().trim().min(1, 'Please ensure phone numbers are configured').max(40),
    connection_sid: z.string().trim().max(200).nullable().optional(),
  })
  .strict();
export type StartCallBody = z.infer<typeof startCallBody>;

export const completeCallBody = z.object({
  outcome: z.enum(CALL_OUTCOMES, { error: CALL_MESSAGES.outcomeRequired }),
  followUpAt: z
    .string()
    .refine((v) => !Number.isNaN(Date.parse(v)), CALL_MESSAGES.followUpInvalid)
    .nullable()
    .optional(),
  notes: z.string().max(10_000).transform((v) => v.trim()).nullable().optional(),
  dnc: z.boolean().optional(),
  durationMs: z.number().min(0).max(24 * 3600 * 1000).optional(),
  /** The lead's version as the agent saw it (an outcome saved offline): a later change answers 409 LEAD_CHANGED. */
  leadVersion: z.number({ error: CALL_MESSAGES.leadVersionInvalid }).int(CALL_MESSAGES.leadVersionInvalid).positive(CALL_MESSAGES.leadVersionInvalid).nullable().optional(),
  /** The member's time zone (the browser's IANA zone): the note line is stamped in it; UTC without it. */
  timeZone: z.string({ error: CALL_MESSAGES.timeZoneInvalid }).refine(isTimeZone, CALL_MESSAGES.timeZoneInvalid).optional(),
});
export type CompleteCallBody = z.infer<typeof completeCallBody>;

/** The calling section of the organization's settings (settings.ts), as stored. */
export const callingSettingsSchema = z
  .object({
    enforceHours: z.boolean({ error: 'enforceHours: expected true or false' }),
    voiceProvider: z.enum(VOICE_PROVIDER_CHOICES, { error: 'voiceProvider: expected auto, twilio or demo' }),
    callsPerNumberPer24h: z
      .number({ error: CALL_MESSAGES.callLimitRange })
      .int(CALL_MESSAGES.callLimitRange)
      .min(CALL_LIMIT.min, CALL_MESSAGES.callLimitRange)
      .max(CALL_LIMIT.max, CALL_MESSAGES.callLimitRange),
    /** The status a lead takes when each call outcome is logged (outcome-status.ts). */
    outcomeStatus: outcomeStatusSchema,
  })
  .strict();
export type CallingSettings = z.infer<typeof callingSettingsSchema>;
/** GET and PUT /api/calls/settings: the settings, the line they call on now (null: Twilio chosen but not configured) and whether Twilio is. */
export const callSettingsViewSchema = z.object({
  ...callingSettingsSchema.shape,
  activeProvider: z.enum(VOICE_PROVIDERS).nullable(),
  twilioConfigured: z.boolean(),
});
export const DEFAULT_CALLING_SETTINGS: CallingSettings = {
  enforceHours: true, voiceProvider: 'auto', callsPerNumberPer24h: CALL_LIMIT.default, outcomeStatus: DEFAULT_OUTCOME_STATUS,
};

export const callSettingsBody = z
  .object({
    enforceHours: callingSettingsSchema.shape.enforceHours.optional(),
    voiceProvider: callingSettingsSchema.shape.voiceProvider.optional(),
    callsPerNumberPer24h: callingSettingsSchema.shape.callsPerNumberPer24h.optional(),
    outcomeStatus: outcomeStatusPatch.optional(),
  })
  .strict()
  .refine(
    (b) => b.enforceHours !== undefined || b.voiceProvider !== undefined || b.callsPerNumberPer24h !== undefined || b.outcomeStatus !== undefined,
    'Nothing to change: send enforceHours, voiceProvider, callsPerNumberPer24h or outcomeStatus',
  );
export type CallSettingsBody = z.infer<typeof callSettingsBody>;

export const TASK_STATUSES = ['pending', 'done'] as const;
export const listTasksQuery = z
  .object({
    status: z.enum(['pending', 'done', 'all'], { error: 'status must be pending, done or all' }).default('pending'),
    leadId: z.uuid('leadId: expected a lead id').optional(),
    limit: z.coerce.number().int().min(1).max(200).default(100),
  })
  .strict();
export const updateTaskBody = z.object({ status: z.enum(TASK_STATUSES, { error: 'status must be pending or done' }) }).strict();

/** A call as the API returns it (the routes' response schema). */
export const callRecordSchema = z.object({
  id: z.string(),
  lead_id: z.string(),
  user_id: z.string().nullable(),
  from_e164: z.string(),
  to_e164: z.string(),
  call_sid: z.string(),
  provider: z.enum(['demo', 'twilio']),
  status: z.enum(CALL_STATUSES),
  started_at: z.string(),
  answered_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  duration_sec: z.number().nullable(),
  disposition: z.string().nullable(),
  notes: z.string().nullable(),
  completed_at: z.string().nullable(),
});
export type CallRecord = z.infer<typeof callRecordSchema>;

/** A follow-up task as the API returns it (the routes' response schema). */
export const followUpTaskSchema = z.object({
  id: z.string(),
  lead_id: z.string(),
  lead_name: z.string(),
  call_id: z.string().nullable(),
  /** A deal's deadline task (earnest money, inspection, closing) names its deal. */
  deal_id: z.string().nullable(),
  task_type: z.enum(['follow_up', 'deal_deadline']),
  proposed_time: z.string().nullable(),
  status: z.enum(TASK_STATUSES),
  suggested_message: z.string().nullable(),
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type FollowUpTask = z.infer<typeof followUpTaskSchema>;

/**
 * GET /api/calls/check: the gate's answer without dialling. Refused: the reason and its code; with the lead's
 * calling window when it is known (its local time and today's hours), and when calling may resume.
 */
export const callCheckSchema = z.object({
  allowed: z.boolean(),
  reason: z.string().optional(),
  code: z.string().optional(),
  local_time: z.string().optional(),
  time_zone: z.string().optional(),
  zone: z.string().optional(),
  opens_at: z.string().nullable().optional(),
  closes_at: z.string().nullable().optional(),
  next_allowed_at: z.string().nullable().optional(),
});
export type CallCheck = z.infer<typeof callCheckSchema>;

/** POST /api/calls (201): the call placed. */
export const startCallResultSchema = z.object({ call_id: z.string(), call_sid: z.string() });
export type StartCallResult = z.infer<typeof startCallResultSchema>;

/** POST /api/calls/:id/mute: the state recorded. */
export const muteResultSchema = z.object({ muted: z.boolean() });

/** POST /api/calls/:id/complete: the completed call, the lead as updated, the follow-up task (or null). */
export const completeCallResultSchema = z.object({ call: callRecordSchema, lead: leadSchema, task: followUpTaskSchema.nullable() });
export type CompleteCallResult = z.infer<typeof completeCallResultSchema>;
