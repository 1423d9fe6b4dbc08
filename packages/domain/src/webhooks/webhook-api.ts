/** Outgoing webhooks (issue 24, docs/api-webhooks.md): endpoints, their secrets and their delivery log. */
import { z } from 'zod';
import { pageLimit } from '../paging';
import { TIME_ID_CURSOR } from '../activity/activity-api';

/**
 * The events an endpoint may subscribe to. All but `test.ping` come from the outbox's events of the same name,
 * except `offer.received`, which is the outbox's `buyer_offer.received` (a buyer's offer from a deal room).
 */
export const WEBHOOK_EVENT_TYPES = [
  'lead.created',
  'lead.updated',
  'lead.dnc_added',
  'call.completed',
  'text.received',
  'text.sent',
  'task.created',
  'deal.stage_changed',
  'offer.received',
  'test.ping',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_LIMITS = { url: 2000, description: 500, deliveriesPage: { default: 25, max: 100 } } as const;

/** The shape of a URL the form can check; the server also refuses private addresses (WEBHOOK_ALLOWED_HOSTS aside). */
export const webhookUrl = z
  .string({ error: 'url: expected a URL such as https://example.com/webhooks' })
  .trim()
  .max(WEBHOOK_LIMITS.url, `url: must be at most ${WEBHOOK_LIMITS.url} characters`)
  .superRefine((value, ctx) => {
    const problem = webhookUrlShapeProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: `url: ${problem}` });
  });

/** Why a URL cannot be an endpoint's, before its host is looked at; null when its shape is fine. */
export function webhookUrlShapeProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'expected a URL such as https://example.com/webhooks';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `expected an https:// URL, not ${url.protocol}//`;
  if (url.username || url.password) return 'must not carry a user name or password (put a token in the path or verify the signature instead)';
  if (url.hash) return 'must not have a #fragment';
  return null;
}

const events = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `events: expected event names among ${WEBHOOK_EVENT_TYPES.join(', ')}` }), { error: 'events: expected a list of event names' })
  .min(1, 'events: subscribe to at least one event')
  .max(WEBHOOK_EVENT_TYPES.length, `events: at most ${WEBHOOK_EVENT_TYPES.length} events`)
  .refine((list) => new Set(list).size === list.length, 'events: names an event twice');
const description = z
  .string({ error: 'description: expected text' })
  .trim()
  .max(WEBHOOK_LIMITS.description, `description: must be at most ${WEBHOOK_LIMITS.description} characters`);

/** POST /api/webhook-endpoints */
export const createWebhookEndpointBody = z.object({ url: webhookUrl, events, description: description.optional() }).strict();
export type CreateWebhookEndpoint = z.infer<typeof createWebhookEndpointBody>;

/** PATCH /api/webhook-endpoints/:id (enabled false disables the endpoint, true enables it again). */
export const updateWebhookEndpointBody = z
  .object({ url: webhookUrl, events, description: description.nullable(), enabled: z.boolean({ error: 'enabled: expected true or false' }) })
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'name a change: url, events, description or enabled');
export type WebhookEndpointPatch = z.infer<typeof updateWebhookEndpointBody>;

/** An endpoint as listed: never its secret. */
export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  /** Why it is disabled: by a member, or by the server after 3 days of failed deliveries. */
  disabled_reason: z.string().nullable(),
  disabled_at: z.string().nullable(),
  /** The first failed attempt since the last success; null while deliveries succeed. */
  failing_since: z.string().nullable(),
  /** Until then deliveries are signed with the secret rotated out too. */
  previous_secret_expires_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
export const webhookEndpointListSchema = z.object({ items: z.array(webhookEndpointSchema) });

/** The endpoint's signing secret (`whsec_` and base64), shown on create, reveal and rotate only. */
export const webhookSecretSchema = z.object({ secret: z.string(), previous_secret_expires_at: z.string().nullable() });
export type WebhookSecret = z.infer<typeof webhookSecretSchema>;
export const webhookEndpointCreatedSchema = webhookEndpointSchema.extend({ secret: z.string() });

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** One HTTP request of a delivery: its answer (status code, the first 2 KB of the body) or why there was none. */
export const webhookAttemptSchema = z.object({
  attempt: z.number(),
  /** A replay or test a member asked for, not the retry schedule. */
  manual: z.boolean(),
  at: z.string(),
  status_code: z.number().nullable(),
  duration_ms: z.number(),
  error: z.string().nullable(),
  response_body: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  endpoint_id: z.string(),
  /** The `webhook-id` header: the same on every attempt and replay. */
  message_id: z.string(),
  event_type: z.enum(WEBHOOK_EVENT_TYPES),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  /** The request body, exactly as signed and sent. */
  body: z.string(),
  attempts: z.array(webhookAttemptSchema),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryPageSchema = z.object({
  items: z.array(webhookDeliverySchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;

/** GET /api/webhook-endpoints/:id/deliveries */
export const listWebhookDeliveriesQuery = z
  .object({
    status: z.enum(WEBHOOK_DELIVERY_STATUSES, { error: `status: expected ${WEBHOOK_DELIVERY_STATUSES.join(', ')}` }).optional(),
    limit: pageLimit(WEBHOOK_LIMITS.deliveriesPage.max, WEBHOOK_LIMITS.deliveriesPage.default),
    cursor: z.string().regex(TIME_ID_CURSOR, 'cursor: expected the next_cursor of an earlier page').optional(),
  })
  .strict();
export type ListWebhookDeliveriesQuery = z.infer<typeof listWebhookDeliveriesQuery>;
