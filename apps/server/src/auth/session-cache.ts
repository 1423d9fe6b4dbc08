import type { Database } from '../db/database';

/** Migration 0012 notifies it on any change to sessions, users or user_profiles. */
export const SESSIONS_CHANNEL = 'wholesail_sessions';
/**
 * The longest a looked-up session is reused. Notifications clear it sooner; this bounds how long a change
 * could go unseen if the LISTEN connection died without the process noticing.
 */
export const SESSION_CACHE_MS = 2000;
const MAX_ENTRIES = 10_000;

/**
 * Session lookups by token, kept for a moment so a request costs one database round trip instead of two.
 * Only used while this process is listening for session changes; a change clears everything (they are
 * rare), and a lookup that was under way when it happened is not kept, so a stale row is never stored.
 */
export class SessionCache<Row> {
  readonly #entries = new Map<string, { row: Row; storedAt: number }>();
  #generation = 0;
  #listening = false;

  constructor(private readonly now: () => number = Date.now, private readonly ttlMs = SESSION_CACHE_MS) {}

  /** Bumped on every clear: a test can wait for it to move after a change made behind the app's back. */
  get generation(): number {
    return this.#generation;
  }

  /** Whether it keeps anything now (it is told of every change). */
  get listening(): boolean {
    return this.#listening;
  }

  /** `load`'s row for the token, or a kept one no older than the time limit. */
  async lookup(token: string, load: () => Promise<Row | null>): Promise<Row | null> {
    const kept = this.#entries.get(token);
    if (kept && this.now() - kept.storedAt < this.ttlMs) return kept.row;
    const generation = this.#generation;
    const row = await load();
    if (row !== null && this.#listening && generation === this.#generation) {
      this.#entries.delete(token);
      this.#entries.set(token, { row, storedAt: this.now() });
      if (this.#entries.size > MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value!);
    }
    return row;
  }

  clear(): void {
    this.#generation += 1;
    this.#entries.clear();
  }

  /** Nothing is kept while notifications could be missed. */
  setListening(listening: boolean): void {
    this.#listening = listening;
    this.clear();
  }
}

/**
 * Requests that change sessions, users or memberships through this process clear the cache when they start
 * and again before they answer, so the client's next request sees the change even if the notification has
 * not arrived yet. Anything else that changes them (another process, a direct SQL update) is seen once its
 * notification arrives.
 */
export function changesSessions(method: string, url: string): boolean {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return false;
  return url.startsWith('/api/auth/') || url.startsWith('/api/organizations') || url.startsWith('/api/invitations/');
}

/** A cache that listens on SESSIONS_CHANNEL; resolves to it and the function that stops listening. */
export async function listeningSessionCache<Row>(database: Database): Promise<{ cache: SessionCache<Row>; stop: () => Promise<void> }> {
  const cache = new SessionCache<Row>();
  const stop = await database.listen(SESSIONS_CHANNEL, () => cache.clear(), (listening) => cache.setListening(listening));
  return { cache, stop };
}
