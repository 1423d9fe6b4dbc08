/**
 * A small time-limited cache of answers being computed or computed: a request identical to one in flight
 * or answered within the TTL shares its answer. Entries are dropped when they expire or fail, or when
 * `keep` rejects the answer (a failed language-model call is not remembered).
 */
export class AnswerCache<T> {
  private readonly entries = new Map<string, { at: number; value: Promise<T> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 5_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, compute: () => Promise<T>, keep: (value: T) => boolean = () => true): Promise<T> {
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value;
    this.entries.delete(key);
    this.prune(now);
    const value = compute();
    const entry = { at: now, value };
    this.entries.set(key, entry);
    const forget = () => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    };
    value.then((v) => (keep(v) ? undefined : forget()), forget);
    return value;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Entries are in insertion order, oldest first: drop expired ones, and the oldest above the limit. */
  private prune(now: number): void {
    for (const [key, entry] of this.entries) {
      if (now - entry.at < this.ttlMs && this.entries.size < this.maxEntries) break;
      this.entries.delete(key);
    }
  }
}
