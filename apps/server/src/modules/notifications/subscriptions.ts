import type { EventOutbox } from '../outbox/delivery';
import { notifyBuyerOfferReceived, notifyEnrichmentFinished, notifyImportFinished, notifyTextReceived } from './service';

/** The names the notifications' deliveries are recorded under. */
export const NOTIFICATION_SUBSCRIBERS = {
  import: 'notifications.import',
  enrichment: 'notifications.enrichment',
  text: 'notifications.text',
  buyerOffer: 'notifications.buyer_offer',
} as const;

/** Each event's notification is created in its delivery's transaction, so exactly once per event. */
export function subscribeNotifications(outbox: EventOutbox): void {
  outbox.subscribe('import.finished', NOTIFICATION_SUBSCRIBERS.import, (event, tx) => notifyImportFinished(tx, event));
  outbox.subscribe('enrichment.batch_finished', NOTIFICATION_SUBSCRIBERS.enrichment, (event, tx) => notifyEnrichmentFinished(tx, event));
  outbox.subscribe('text.received', NOTIFICATION_SUBSCRIBERS.text, (event, tx) => notifyTextReceived(tx, event));
  outbox.subscribe('buyer_offer.received', NOTIFICATION_SUBSCRIBERS.buyerOffer, (event, tx) => notifyBuyerOfferReceived(tx, event));
}
