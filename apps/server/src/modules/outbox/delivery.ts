import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DomainEvent, DomainEventType, EventOf } from '@wholesail/domain';
import { withSystem, withTenant, type Tx } from '../../db/scope';
import type { DB } from '../../db/types';
import * as repo from './repo';

/** The pg-boss queue whose job delivers pending events ('stately': one running, one waiting, across instances). */
export const OUTBOX_QUEUE = 'outbox.deliver';
/** Holds the delayed wake-up of a subscriber's retry (a job of OUTBOX_QUEUE could not wait without holding up new events). */
export const OUTBOX_RETRY_QUEUE = 'outbox.retry';

const PAGE = 200;

export interface Subscription<T extends DomainEventType = DomainEventType> {
  type: T;
  /** Stable across restarts: the per-subscriber delivery record is kept under it. */
  name: string;
  /**
   * Runs in a transaction of the event's organization; the delivery record commits with it. Throw to be retried.
   * `eventId` is the stored event's id: unique, so a subscriber may key what it records by it.
   */
  handle: (event: EventOf<T>, tx: Tx, eventId: string) => Promise<void>;
  /** After that transaction committed (e.g. wake the workers of jobs it queued). */
  committed?: (event: EventOf<T>) => void;
}

export interface OutboxOptions {
  db: Kysely<DB>;
  log: FastifyBaseLogger;
  /** How long delivered events are kept (default 7 days). */
  retentionMs?: number;
  /** The first retry's delay, doubled for each further one up to an hour (default 5 s). */
  retryBaseMs?: number;
  /** Attempts per subscriber before it gives up on an event (default 10). */
  maxAttempts?: number;
}

export interface DeliveryPass {
  delivered: number;
  failed: number;
  /** When the earliest failed delivery is due again, if any is waiting. */
  retryAt: Date | null;
}

const MAX_RETRY_DELAY_MS = 3_600_000;

/**
 * In-process subscribers and the delivery pass the outbox job runs. Events go to each subscriber in id order; a
 * subscriber that fails is retried with a growing delay, and until then gets no later event of that organization
 * (its order is kept), while every other subscriber goes on.
 */
export class EventOutbox {
  readonly #subscriptions = new Map<DomainEventType, Subscription[]>();
  readonly #db: Kysely<DB>;
  readonly #log: FastifyBaseLogger;
  readonly #retentionMs: number;
  readonly #retryBaseMs: number;
  readonly #maxAttempts: number;

  constructor(options: OutboxOptions) {
    this.#db = options.db;
    this.#log = options.log;
    this.#retentionMs = options.retentionMs ?? 7 * 86_400_000;
    this.#retryBaseMs = options.retryBaseMs ?? 5_000;
    this.#maxAttempts = options.maxAttempts ?? 10;
  }

  subscribe<T extends DomainEventType>(type: T, name: string, handle: Subscription<T>['handle'], committed?: Subscription<T>['committed']): void {
    const list = this.#subscriptions.get(type) ?? [];
    if (list.some((s) => s.name === name)) throw new Error(`${name} already subscribes to ${type}`);
    list.push({ type, name, handle, committed } as unknown as Subscription);
    this.#subscriptions.set(type, list);
  }

  /** One pass over the pending events (the job's handler); then delivered events past the retention are deleted. */
  async deliver(now = new Date()): Promise<DeliveryPass> {
    const pass: DeliveryPass = { delivered: 0, failed: 0, retryAt: null };
    // Subscriber and organization pairs held back for the rest of the pass by an earlier event still to be retried.
    const held = new Set<string>();
    const waitUntil = (at: Date) => {
      if (!pass.retryAt || at < pass.retryAt) pass.retryAt = at;
    };
    let after = '0';
    for (;;) {
      const { events, records } = await withSystem(this.#db, (tx) => repo.pendingEvents(tx, after, PAGE));
      if (events.length === 0) break;
      const done: string[] = [];
      for (const { id, event } of events) {
        let complete = true;
        for (const sub of this.#subscriptions.get(event.type) ?? []) {
          const record = records.find((r) => r.event_id === id && r.subscriber === sub.name);
          if (record?.delivered_at || record?.gave_up_at) continue;
          const key = `${sub.name}\n${event.organizationId}`;
          const due = !record?.next_attempt_at || record.next_attempt_at <= now;
          if (!due) waitUntil(record!.next_attempt_at!);
          const outcome = held.has(key) || !due ? 'held' : await this.#handOver(sub, id, event, record?.attempts ?? 0, now);
          if (outcome === 'delivered') pass.delivered++;
          if (outcome instanceof Date) {
            pass.failed++;
            waitUntil(outcome);
          }
          if (outcome === 'held' || outcome instanceof Date) {
            held.add(key);
            complete = false;
          }
        }
        if (complete) done.push(id);
      }
      await withSystem(this.#db, (tx) => repo.markDelivered(tx, done));
      after = events[events.length - 1]!.id;
    }
    await withSystem(this.#db, (tx) => repo.pruneDelivered(tx, new Date(now.getTime() - this.#retentionMs)));
    return pass;
  }

  /** 'delivered' (now, or by someone else before), when to retry after a failure, 'gave_up' after the last attempt failed. */
  async #handOver(sub: Subscription, eventId: string, event: DomainEvent, attempts: number, now: Date): Promise<'delivered' | Date | 'gave_up'> {
    try {
      const handled = await withTenant(this.#db, event.organizationId, async (tx) => {
        if (!(await repo.claimDelivery(tx, eventId, sub.name, event.organizationId))) return false;
        await sub.handle(event, tx, eventId);
        return true;
      });
      if (handled) sub.committed?.(event);
      return 'delivered';
    } catch (error) {
      const tried = attempts + 1;
      const last = tried >= this.#maxAttempts;
      const retryAt = new Date(now.getTime() + Math.min(this.#retryBaseMs * 2 ** attempts, MAX_RETRY_DELAY_MS));
      const message = error instanceof Error ? error.message : String(error);
      const log = { err: error, subscriber: sub.name, eventId, type: event.type, attempts: tried };
      if (last) this.#log.error(log, 'event subscriber failed its last attempt: the event is passed over for it');
      else this.#log.warn(log, 'event subscriber failed: retried later');
      await withSystem(this.#db, (tx) =>
        repo.recordFailure(tx, {
          eventId, subscriber: sub.name, organizationId: event.organizationId, attempts: tried, error: message,
          nextAttemptAt: last ? null : retryAt,
        }),
      );
      return last ? 'gave_up' : retryAt;
    }
  }
}
