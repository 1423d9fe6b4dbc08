import { useSyncExternalStore } from 'react';
import { outbox, type Outbox, type OutboxEntry } from './outbox';

const NONE: readonly OutboxEntry[] = [];

/** The outbox entries (all of them); re-renders when one is added, changed or removed. */
export function useOutboxEntries(box: Outbox = outbox): readonly OutboxEntry[] {
  return useSyncExternalStore(box.subscribe, box.getEntries, () => NONE);
}
