import { z } from 'zod';

/** How a deal is sent to a buyer. */
export const SEND_CHANNELS = ['email', 'sms'] as const;
export type SendChannel = (typeof SEND_CHANNELS)[number];
export const SEND_CHANNEL_LABELS: { readonly [C in SendChannel]: string } = { email: 'email', sms: 'text' };

/** The line every text to a buyer ends with. */
export const SEND_STOP_LINE = 'Reply STOP to opt out.';
export const SEND_MESSAGE_MAX = 1000;

/** POST /api/deals/:id/send: the buyers, the channels, the agent's note; resend to send again to those already sent. */
export const sendToBuyersBody = z
  .object({
    buyer_ids: z
      .array(z.uuid('buyer_ids: each must be a buyer id'), { error: 'buyer_ids: expected a list of buyer ids' })
      .min(1, 'buyer_ids: choose at least one buyer')
      .max(200, 'buyer_ids: at most 200 buyers at a time'),
    channels: z
      .array(z.enum(SEND_CHANNELS, { error: "channels: each must be 'email' or 'sms'" }), { error: "channels: expected a list ('email', 'sms')" })
      .min(1, 'channels: choose email, text (sms) or both')
      .max(2, "channels: at most 'email' and 'sms'"),
    message: z.string({ error: 'message: expected text' }).trim().max(SEND_MESSAGE_MAX, `message: at most ${SEND_MESSAGE_MAX} characters`).optional(),
    resend: z.boolean({ error: 'resend: expected true or false' }).default(false),
  })
  .strict();
export type SendToBuyersBody = z.input<typeof sendToBuyersBody>;

/** One buyer and channel of a send: sent, refused (the gate, an opt-out), failed (the provider), or skipped (sent before). */
export const buyerSendOutcomeSchema = z.object({
  buyer_id: z.string(),
  buyer_name: z.string(),
  channel: z.enum(SEND_CHANNELS),
  status: z.enum(['sent', 'refused', 'failed', 'skipped']),
  reason: z.string().nullable(),
  link: z.string().nullable(),
});
export type BuyerSendOutcome = z.infer<typeof buyerSendOutcomeSchema>;
export const sendToBuyersResultSchema = z.object({ items: z.array(buyerSendOutcomeSchema) });
export type SendToBuyersResult = z.infer<typeof sendToBuyersResultSchema>;

/** GET /api/deals/:id/sends: every recorded send of the deal, newest first. */
export const buyerSendSchema = z.object({
  id: z.string(),
  buyer_id: z.string(),
  buyer_name: z.string(),
  channel: z.enum(SEND_CHANNELS),
  status: z.enum(['sent', 'refused', 'failed']),
  reason: z.string().nullable(),
  link: z.string().nullable(),
  sent_by_name: z.string().nullable(),
  created_at: z.string(),
});
export type BuyerSend = z.infer<typeof buyerSendSchema>;
export const buyerSendsSchema = z.object({ items: z.array(buyerSendSchema) });
export type BuyerSends = z.infer<typeof buyerSendsSchema>;
