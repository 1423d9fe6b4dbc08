import { z } from 'zod';

/** Bodies, queries and records of docs/api-conversations.md. */

/** A text is 1 to 1,600 characters after trimming (the Twilio Messages API limit). */
export const SMS_BODY_MAX = 1600;

export const SMS_MESSAGES = {
  bodyRequired: 'Type a message to send',
  bodyTooLong: `A text message can be at most ${SMS_BODY_MAX.toLocaleString('en-US')} characters`,
  noFromNumber: 'No phone numbers configured for your organization',
} as const;

export const sendTextBody = z
  .object({
    lead_id: z.uuid('expected a lead id'),
    body: z.string({ error: SMS_MESSAGES.bodyRequired }).trim().min(1, SMS_MESSAGES.bodyRequired).max(SMS_BODY_MAX, SMS_MESSAGES.bodyTooLong),
    from_e164: z.string().trim().min(1, 'expected a phone number').max(40).optional(),
  })
  .strict();
export type SendTextBody = z.infer<typeof sendTextBody>;

export const conversationsQuery = z.object({ lead_id: z.uuid('expected a lead id') }).strict();

export const THREADS_DEFAULT_LIMIT = 50;
export const THREADS_MAX_LIMIT = 200;
export const threadsQuery = z
  .object({
    search: z.string().trim().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(THREADS_MAX_LIMIT).default(THREADS_DEFAULT_LIMIT),
  })
  .strict();
export type ThreadsQuery = z.infer<typeof threadsQuery>;

export const CONVERSATION_STATUSES = ['queued', 'sent', 'delivered', 'failed', 'received'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];
const conversationDirection = z.enum(['inbound', 'outbound']);
export type ConversationDirection = z.infer<typeof conversationDirection>;
const conversationStatus = z.enum(CONVERSATION_STATUSES);

/** One text of a lead's thread. Outbound: queued → sent → delivered | failed; inbound: received. */
export const conversationMessageSchema = z.object({
  id: z.string(),
  lead_id: z.string(),
  body: z.string(),
  direction: conversationDirection,
  channel: z.literal('sms'),
  status: conversationStatus,
  /** Twilio's MessageSid (the demo line's own sid on the demo line); null until the provider accepted it. */
  provider_sid: z.string().nullable(),
  from_e164: z.string().nullable(),
  to_e164: z.string().nullable(),
  created_at: z.string(),
  /** When an agent opened the thread after this inbound text arrived; null while unread (always null outbound). */
  read_at: z.string().nullable(),
  /** Why sending failed, when status is failed. */
  error: z.string().nullable(),
});
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;
export const conversationListSchema = z.object({ items: z.array(conversationMessageSchema) });

/** One row per lead of the thread list. */
export const conversationThreadSchema = z.object({
  lead_id: z.string(),
  lead_name: z.string(),
  /** The lead's number in this conversation (E.164), else the lead's first textable number. */
  phone: z.string().nullable(),
  last_message: z.object({ body: z.string(), direction: conversationDirection, status: conversationStatus, created_at: z.string() }),
  unread_count: z.number(),
  dnc_status: z.boolean(),
});
export type ConversationThread = z.infer<typeof conversationThreadSchema>;
export const conversationThreadListSchema = z.object({ items: z.array(conversationThreadSchema) });

/** GET /api/conversations/check. */
export const textCheckResultSchema = z.object({ allowed: z.boolean(), reason: z.string().optional(), code: z.string().optional() });
export type TextCheckResult = z.infer<typeof textCheckResultSchema>;

/** POST /api/conversations/:leadId/read: how many inbound texts it marked read. */
export const markReadResultSchema = z.object({ lead_id: z.string(), read: z.number() });

