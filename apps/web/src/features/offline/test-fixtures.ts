/** Outboxes and entries for the offline tests (tests only). */
import { createOutbox, type NewOutboxEntry, type Outbox, type OutboxEntry, type OutboxStorage } from './outbox';
import type { CompleteCallResult } from '@wholesail/domain';

export const SEEN_VERSION = 3;

/** A queued post-call outcome for call-n of lead-n ('Lead n'), saved by user-1 against SEEN_VERSION. */
export function queuedEntry(n: number, extra: Partial<NewOutboxEntry> = {}): NewOutboxEntry {
  return {
    userId: 'user-1',
    callId: `call-${n}`,
    lead: { id: `lead-${n}`, name: `Lead ${n}` },
    body: { outcome: 'interested', notes: `note ${n}`, dnc: false, durationMs: n * 1000, leadVersion: SEEN_VERSION },
    ...extra,
  };
}

/** An outbox kept in memory, as the IndexedDB one behaves. */
export function memoryOutbox(): Outbox {
  const rows = new Map<number, OutboxEntry>();
  let next = 1;
  const storage: OutboxStorage = {
    list: async () => [...rows.values()].map((e) => structuredClone(e)),
    async add(entry) {
      const stored = { ...structuredClone(entry), seq: next++ };
      rows.set(stored.seq, stored);
      return stored;
    },
    put: async (entry) => void rows.set(entry.seq, structuredClone(entry)),
    remove: async (seq) => void rows.delete(seq),
    close() {},
  };
  return createOutbox(storage);
}

/** The server's answer to a completed call, with only the ids and the lead's version the outbox reads. */
export function completedCall(callId: string, leadId: string, version: number): CompleteCallResult {
  return { call: { id: callId }, lead: { id: leadId, version }, task: null } as unknown as CompleteCallResult;
}
