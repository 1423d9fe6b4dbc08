import type { DomainEvent } from '@wholesail/domain';
import type { Tx } from '../../db/scope';

/**
 * Stores an event in the transaction that makes the change it tells of: it is delivered if and only if that
 * transaction commits (the outbox's insert trigger wakes delivery at commit). Emit after the change itself, so an
 * event stored after another event committed is always delivered after it.
 */
export async function emit(tx: Tx, event: DomainEvent): Promise<void> {
  const { type, organizationId, ...payload } = event;
  await tx.insertInto('outbox').values({ organization_id: organizationId, type, payload: JSON.stringify(payload) }).execute();
}
