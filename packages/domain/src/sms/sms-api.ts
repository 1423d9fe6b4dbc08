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
export type ConversationDirection = 'inbound' | 'outbound';

/** One text of a lead's thread. Outbound: queued → sent → delivered | failed; inbound: received. */
export interface ConversationMessage {
  id: string;
  lead_id: string;
  body: string;
  direction: ConversationDirection;
  channel: 'sms';
  status: ConversationStatus;
  /** Twilio's MessageSid (the demo line's own sid on the demo line); null until the provider accepted it. */
  provider_sid: string | null;
  from_e164: string | null;
  to_e164: string | null;
  created_at: string;
  /** When an agent opened the thread after this inbound text arrived; null while unread (always null outbound). */
  read_at: string | null;
  /** Why sending failed, when status is failed. */
  error: string | null;
}

/** One row per lead of the thread list. */
export interface ConversationThread {
  lead_id: string;
  lead_name: string;
  /** The lead's number in this conversation (E.164), else the lead's first textable number. */
  phone: string | null;
  last_message: { body: string; direction: ConversationDirection; status: ConversationStatus; created_at: string };
  unread_count: number;
  dnc_status: boolean;
}

/** GET /api/conversations/check. */
export interface TextCheckResult {
  allowed: boolean;
  reason?: string;
  code?: string;
}
