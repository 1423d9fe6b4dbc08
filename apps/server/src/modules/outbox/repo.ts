import { sql } from 'kysely';
import type { DomainEvent } from '@wholesail/domain';
import type { Tx } from '../../db/scope';

export interface StoredEvent {
  id: string;
  event: DomainEvent;
}

export interface DeliveryRecord {
  event_id: string;
  subscriber: string;
  attempts: number;
  next_attempt_at: Date | null;
  delivered_at: Date | null;
  gave_up_at: Date | null;
}

/** Undelivered events after `after`, oldest first, with what each subscriber has done with them. System role. */
export async function pendingEvents(tx: Tx, after: string, limit: number): Promise<{ events: StoredEvent[]; records: DeliveryRecord[] }> {
  const rows = await tx
    .selectFrom('outbox')
    .select(['id', 'organization_id', 'type', 'payload'])
    .where('delivered_at', 'is', null)
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
  const events = rows.map((r) => ({ id: r.id, event: { ...(r.payload as object), type: r.type, organizationId: r.organization_id } as DomainEvent }));
  if (events.length === 0) return { events, records: [] };
  const records = await tx
    .selectFrom('outbox_deliveries')
    .select(['event_id', 'subscriber', 'attempts', 'next_attempt_at', 'delivered_at', 'gave_up_at'])
    .where('event_id', 'in', events.map((e) => e.id))
    .execute();
  return { events, records };
}

/**
 * Claims the event for the subscriber in the subscriber's own transaction: the record commits with the
 * subscriber's work or not at all. False when it was delivered (or given up) already, e.g. by another instance.
 */
export async function claimDelivery(tx: Tx, eventId: string, subscriber: string, organizationId: string): Promise<boolean> {
  const row = await tx
    .insertInto('outbox_deliveries')
    .values({ event_id: eventId, subscriber, organization_id: organizationId, attempts: 1, delivered_at: new Date() })
    .onConflict((oc) =>
      oc.columns(['event_id', 'subscriber']).doUpdateSet({ attempts: sql`outbox_deliveries.attempts + 1`, delivered_at: new Date() })
        .where('outbox_deliveries.delivered_at', 'is', null)
        .where('outbox_deliveries.gave_up_at', 'is', null),
    )
    .returning('event_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** A failed attempt: when to try again, or (nextAttemptAt null) that the subscriber gave up on the event. */
export async function recordFailure(
  tx: Tx,
  failure: { eventId: string; subscriber: string; organizationId: string; attempts: number; nextAttemptAt: Date | null; error: string },
): Promise<void> {
  const values = {
    attempts: failure.attempts,
    next_attempt_at: failure.nextAttemptAt,
    last_error: failure.error.slice(0, 2000),
    gave_up_at: failure.nextAttemptAt ? null : new Date(),
  };
  await tx
    .insertInto('outbox_deliveries')
    .values({ event_id: failure.eventId, subscriber: failure.subscriber, organization_id: failure.organizationId, ...values })
    .onConflict((oc) => oc.columns(['event_id', 'subscriber']).doUpdateSet(values).where('outbox_deliveries.delivered_at', 'is', null))
    .execute();
}

export async function markDelivered(tx: Tx, ids: string[]): Promise<void> {
  if (ids.length > 0) await tx.updateTable('outbox').set({ delivered_at: new Date() }).where('id', 'in', ids).execute();
}

/** Delivered events older than the retention, with their delivery records (ON DELETE CASCADE). */
export async function pruneDelivered(tx: Tx, before: Date): Promise<number> {
  const result = await tx.deleteFrom('outbox').where('delivered_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
