import type { DomainEvent } from '@wholesail/domain';
import type { Tx } from '../../db/scope';

/**
 * Stores an event in the transaction that makes the change it tells of: it is delivered if and only if that
 * transaction commits (the outbox's insert trigger wakes delivery at commit). Emit after the change itself, so an
 * event stored after another event committed is always delivered after it.
 */
export async function emit(tx: Tx, event: DomainEvent): Promise<void> {
  await emitEach(tx, [event]);
}

/** Several events in one statement (a batch of texts), delivered in the order given. */
export async function emitEach(tx: Tx, events: readonly DomainEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tx
    .insertInto('outbox')
    .values(events.map(({ type, organizationId, ...payload }) => ({ organization_id: organizationId, type, payload: JSON.stringify(payload) })))
    .execute();
}
