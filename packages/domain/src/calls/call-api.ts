import { z } from 'zod';
import { phoneSchema, toE164ForCall } from '../leads/phone';
import { CALL_OUTCOMES } from './outcomes';
import { VOICE_PROVIDER_CHOICES } from './voice';

/** Bodies and queries of docs/api-calls.md. */

export const CALL_MESSAGES = {
  outcomeRequired: 'Status required: Please select a call outcome before continuing',
  notE164: 'Phone number must be a 10-digit US number or +1 followed by 10 digits',
  followUpNotAllowed: 'A follow-up date can only be set for the outcomes interested, maybe and callback requested',
  followUpInPast: 'Follow-up date cannot be in the past',
  followUpInvalid: 'Follow-up date is not a valid date and time',
  leadUpdatedAtInvalid: 'expected the ISO date and time of the lead as it was seen',
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

export interface OrganizationPhoneNumber {
  id: string;
  phone_number: string;
  label: string | null;
  is_active: boolean;
  is_primary: boolean;
  created_at: string;
}

export const callerIdQuery = z.object({ leadId: z.uuid('leadId: expected a lead id').optional() }).strict();
export const callCheckQuery = z.object({ leadId: z.uuid('leadId: expected a lead id') }).strict();

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
  /** The lead's updated_at as the agent saw it (an outcome saved offline): a later change answers 409 LEAD_CHANGED. */
  leadUpdatedAt: z.iso.datetime({ offset: true, error: CALL_MESSAGES.leadUpdatedAtInvalid }).nullable().optional(),
});
export type CompleteCallBody = z.infer<typeof completeCallBody>;

export const callSettingsBody = z
  .object({
    enforceHours: z.boolean({ error: 'enforceHours: expected true or false' }).optional(),
    voiceProvider: z.enum(VOICE_PROVIDER_CHOICES, { error: 'voiceProvider: expected auto, twilio or demo' }).optional(),
  })
  .strict()
  .refine((b) => b.enforceHours !== undefined || b.voiceProvider !== undefined, 'Nothing to change: send enforceHours or voiceProvider');
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

export interface CallRecord {
  id: string;
  lead_id: string;
  user_id: string | null;
  from_e164: string;
  to_e164: string;
  call_sid: string;
  provider: 'demo' | 'twilio';
  status: CallStatus;
  started_at: string;
  answered_at: string | null;
  ended_at: string | null;
  duration_sec: number | null;
  disposition: string | null;
  notes: string | null;
  completed_at: string | null;
}

export interface FollowUpTask {
  id: string;
  lead_id: string;
  lead_name: string;
  call_id: string | null;
  task_type: 'follow_up';
  proposed_time: string | null;
  status: 'pending' | 'done';
  suggested_message: string | null;
  reason: string | null;
  created_at: string;
}
