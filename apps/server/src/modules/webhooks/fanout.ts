import type { Tx } from '../../db/scope';
import type { EventOutbox } from '../outbox/delivery';
import { insertDeliveries } from './deliveries-repo';
import { eventData, WEBHOOK_EVENT_OF, webhookBody, type WebhookSourceEvent } from './payloads';
import { subscribedEndpoints } from './repo';
import { newMessageId } from './signing';
import type { Webhooks } from './webhooks';

/** The name the webhooks' outbox deliveries are recorded under. */
export const WEBHOOKS_SUBSCRIBER = 'webhooks.fanout';

/**
 * An event to every enabled endpoint of its organization subscribed to it: one delivery each and its first attempt
 * queued, in the outbox delivery's transaction (so once per event, and only for a change that committed). The body
 * is built once, with the record as it is now, and sent byte for byte on every attempt.
 */
export async function fanOut(webhooks: Webhooks, tx: Tx, event: WebhookSourceEvent, eventId: string): Promise<void> {
  const type = WEBHOOK_EVENT_OF[event.type];
  const organizationId = event.organizationId;
  const endpoints = await subscribedEndpoints(tx, organizationId, type);
  if (endpoints.length === 0) return;
  const body = webhookBody(type, webhooks.clock(), await eventData(tx, event));
  const ids = await insertDeliveries(tx, endpoints.map((e) => ({
    organization_id: organizationId, endpoint_id: e.id, message_id: newMessageId(), event_type: type, event_id: eventId, body,
  })));
  await webhooks.queueAttempts(tx, ids.map((deliveryId) => ({ organizationId, deliveryId, attempt: 1, manual: false, retries: true })));
}

/** Subscribes the fan-out to every outbox event that has a webhook; the workers are woken once a delivery committed. */
export function subscribeWebhooks(outbox: EventOutbox, webhooks: Webhooks): void {
  for (const type of Object.keys(WEBHOOK_EVENT_OF) as Array<keyof typeof WEBHOOK_EVENT_OF>) {
    outbox.subscribe(type, WEBHOOKS_SUBSCRIBER, (event, tx, eventId) => fanOut(webhooks, tx, event, eventId), () => webhooks.wake());
  }
}
