import { LRUCache } from 'lru-cache';
import type { Database } from '../db/database';

/** Migration 0012 notifies it on any change to sessions, users or user_profiles. */
export const SESSIONS_CHANNEL = 'wholesail_sessions';
/**
 * The longest a looked-up session is reused. Notifications clear it sooner; this bounds how long a change
 * could go unseen if the LISTEN connection died without the process noticing.
 */
export const SESSION_CACHE_MS = 2000;

/**
 * Session lookups by token, kept for a moment so a request costs one database round trip instead of two.
 * Only used while this process is listening for session changes; a change clears everything (they are
 * rare), and a lookup that was under way when it happened is not kept, so a stale row is never stored.
 * Cleared by the change notification (any process, any SQL) and, in this process, by the code that changes
 * sessions once its change is committed (better-auth's database hooks, auth/auth.ts; joining an organization,
 * modules/organizations): the client's next request sees the change without waiting for the notification.
 */
export class SessionCache<Row extends NonNullable<unknown>> {
  readonly #entries: LRUCache<string, Row>;
  #generation = 0;
  #listening = false;
  readonly #onClear: Array<() => void> = [];

  constructor(now: () => number = () => performance.now(), ttlMs = SESSION_CACHE_MS) {
    this.#entries = new LRUCache<string, Row>({ max: 10_000, ttl: ttlMs, ttlResolution: 0, perf: { now } });
  }

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
    if (kept) return kept;
    const generation = this.#generation;
    const row = await load();
    if (row !== null && this.#listening && generation === this.#generation) this.#entries.set(token, row);
    return row;
  }

  clear(): void {
    this.#generation += 1;
    this.#entries.clear();
    for (const listener of this.#onClear) listener();
  }

  /** `listener` runs after every clear: something about sessions, users or memberships changed. */
  onClear(listener: () => void): void {
    this.#onClear.push(listener);
  }

  /** Nothing is kept while notifications could be missed. */
  setListening(listening: boolean): void {
    this.#listening = listening;
    this.clear();
  }
}

/** A cache that listens on SESSIONS_CHANNEL; resolves to it and the function that stops listening. */
export async function listeningSessionCache<Row extends NonNullable<unknown>>(database: Database): Promise<{ cache: SessionCache<Row>; stop: () => Promise<void> }> {
  const cache = new SessionCache<Row>();
  const stop = await database.listen(SESSIONS_CHANNEL, () => cache.clear(), (listening) => cache.setListening(listening));
  return { cache, stop };
}
