/**
 * The outbox of updates made offline: post-call outcomes (with their notes) kept in IndexedDB in the order they
 * were saved, so a reload loses nothing, and sent in that order when the connection returns (outbox-sync.ts).
 * Each entry belongs to the user who saved it and is only ever sent with that user's session.
 */
import { OFFLINE_SUPPORT } from '@wholesail/domain';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { completeCall, type CompleteCallBody, type CompleteCallResult } from '@/features/post-call/post-call-api';
import { isNetworkError } from '@/lib/api';
import { isOnline } from './connectivity';

/** pending: waits to be sent; conflict: the lead changed meanwhile (409 LEAD_CHANGED); failed: refused otherwise. */
export type OutboxStatus = 'pending' | 'conflict' | 'failed';

export type OutboxEntry = {
  /** The key: increasing, so it is also the order of sending. */
  seq: number;
  userId: string;
  kind: 'call-complete';
  callId: string;
  lead: { id: string; name: string };
  /** With `leadVersion`, the lead's version the agent saw, unless the agent chose to send it anyway. */
  body: CompleteCallBody;
  savedAt: string;
  status: OutboxStatus;
  /** The server's message for a conflict or a refusal. */
  error?: string;
};

export type NewOutboxEntry = Pick<OutboxEntry, 'userId' | 'callId' | 'lead' | 'body'>;

/** Where entries are kept: IndexedDB in the app; tests may use another. */
export interface OutboxStorage {
  list(): Promise<OutboxEntry[]>;
  add(entry: Omit<OutboxEntry, 'seq'>): Promise<OutboxEntry>;
  put(entry: OutboxEntry): Promise<void>;
  remove(seq: number): Promise<void>;
  close(): void;
}

interface OutboxSchema extends DBSchema {
  outbox: { key: number; value: OutboxEntry };
}

export const OUTBOX_DB_NAME = 'wholesail-offline';

/** The outbox in the IndexedDB database `name`, opened on first use. */
export function indexedDbStorage(name = OUTBOX_DB_NAME): OutboxStorage {
  let db: Promise<IDBPDatabase<OutboxSchema>> | null = null;
  const open = () =>
    (db ??= openDB<OutboxSchema>(name, 1, {
      upgrade(database) {
        database.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
      },
    }).catch((error: unknown) => {
      db = null;
      throw error;
    }));
  return {
    list: async () => (await open()).getAll('outbox'),
    async add(entry) {
      // The key path fills `seq`; the entry is stored without one.
      const seq = await (await open()).add('outbox', entry as OutboxEntry);
      return { ...entry, seq };
    },
    put: async (entry) => void (await (await open()).put('outbox', entry)),
    remove: async (seq) => (await open()).delete('outbox', seq),
    close() {
      void db?.then((d) => d.close(), () => undefined);
      db = null;
    },
  };
}

/**
 * The outbox as a store: the entries in memory (in order) over the storage, with change listeners for the
 * components that show them. Every change is written to the storage before it is shown.
 */
export function createOutbox(storage: OutboxStorage) {
  let entries: readonly OutboxEntry[] = [];
  let loaded: Promise<void> | null = null;
  const listeners = new Set<() => void>();
  const set = (next: readonly OutboxEntry[]) => {
    entries = [...next].sort((a, b) => a.seq - b.seq);
    for (const listener of listeners) listener();
  };

  /** Reads the stored entries (once; again with `force`, to see what another tab saved). */
  const load = (force = false): Promise<void> => {
    if (!loaded || force) {
      loaded = storage.list().then(set, (error: unknown) => {
        loaded = null;
        throw error;
      });
    }
    return loaded;
  };

  return {
    getEntries: (): readonly OutboxEntry[] => entries,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load,
    async enqueue(entry: NewOutboxEntry): Promise<OutboxEntry> {
      await load().catch(() => undefined);
      const stored = await storage.add({ ...entry, kind: 'call-complete', savedAt: new Date().toISOString(), status: 'pending' });
      set([...entries.filter((e) => e.seq !== stored.seq), stored]);
      return stored;
    },
    async update(entry: OutboxEntry): Promise<void> {
      await storage.put(entry);
      set(entries.map((e) => (e.seq === entry.seq ? entry : e)));
    },
    async remove(seq: number): Promise<void> {
      await storage.remove(seq);
      set(entries.filter((e) => e.seq !== seq));
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;

/** The app's outbox, in IndexedDB. */
export const outbox: Outbox = createOutbox(indexedDbStorage());

export type CallCompletion = {
  callId: string;
  body: CompleteCallBody;
  lead: { id: string; name: string };
  /** The lead's version as the dialer knew it: a queued outcome carries it, so a later change is a conflict. */
  leadVersion?: number | null;
  /** The signed-in user; without one nothing is queued. */
  userId: string | null;
};

/**
 * Completes the call, or, offline (or when the request cannot reach the server), queues the outcome and
 * answers null. An outcome sent at once carries no version check: the agent is looking at the lead now.
 */
export async function completeCallOrQueue({ callId, body, lead, leadVersion, userId }: CallCompletion, box: Outbox = outbox): Promise<CompleteCallResult | null> {
  const canQueue = OFFLINE_SUPPORT.offlineMode && Boolean(userId);
  const queue = async () => {
    await box.enqueue({ userId: userId!, callId, lead, body: leadVersion ? { ...body, leadVersion } : body });
    return null;
  };
  if (canQueue && !isOnline()) return queue();
  try {
    return await completeCall(callId, body);
  } catch (error) {
    if (!canQueue || !isNetworkError(error)) throw error;
    // Not stored either (no IndexedDB): the agent sees that the outcome could not be saved.
    return queue().catch(() => Promise.reject(error));
  }
}
