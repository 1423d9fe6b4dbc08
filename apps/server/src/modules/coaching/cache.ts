import { LRUCache } from 'lru-cache';

/**
 * A small time-limited cache of answers being computed or computed: a request identical to one in flight or
 * answered within the TTL shares its answer. Entries are dropped when they expire or fail, or when `keep`
 * rejects the answer (a failed language-model call is not remembered); past `maxEntries` the least recently
 * used goes.
 */
export class AnswerCache<T> {
  private readonly entries: LRUCache<string, { value: Promise<T> }>;

  constructor(ttlMs: number, maxEntries = 5_000) {
    this.entries = new LRUCache({ max: maxEntries, ttl: ttlMs });
  }

  get(key: string, compute: () => Promise<T>, keep: (value: T) => boolean = () => true): Promise<T> {
    const hit = this.entries.get(key);
    if (hit) return hit.value;
    const entry = { value: compute() };
    this.entries.set(key, entry);
    const forget = () => {
      if (this.entries.peek(key) === entry) this.entries.delete(key);
    };
    entry.value.then((v) => (keep(v) ? undefined : forget()), forget);
    return entry.value;
  }
}
