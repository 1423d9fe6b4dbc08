import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { withSystem, type Tx } from '../../db/scope';
import type { DB } from '../../db/types';
import type { JobQueue } from '../../jobs/queue';
import { transactionExecutor } from '../../jobs/transaction-executor';
import type { MailProvider } from '../../providers/mail';
import type { AllowedHost } from './addresses';
import { pruneDeliveries } from './deliveries-repo';
import { systemResolver, type Resolver } from './outgoing';

export const WEBHOOK_QUEUES = { attempt: 'webhooks.attempt', prune: 'webhooks.prune' } as const;

/** The wait after each failed attempt (Svix's schedule): 8 attempts over about 28 hours. */
export const RETRY_SCHEDULE_MS: readonly number[] = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];
/** Each wait is moved by up to this share either way, so endpoints that failed together are not retried together. */
const JITTER = 0.2;
/** An endpoint whose deliveries have failed for this long without a success is disabled. */
export const DISABLE_AFTER_MS = 3 * 86_400_000;
/** Deliveries (and their attempts) are kept this long. */
export const DELIVERY_RETENTION_MS = 30 * 86_400_000;
export const ATTEMPT_TIMEOUT_MS = 10_000;

/** One HTTP attempt of a delivery (a job each, keyed by delivery, attempt and kind, so a second send is ignored). */
export interface AttemptJob {
  organizationId: string;
  deliveryId: string;
  attempt: number;
  /** Asked for by a member (a replay or a test event). */
  manual: boolean;
  /** A failure schedules the next attempt (false for a test event and for a replay of a settled delivery). */
  retries: boolean;
}

const attemptKey = (job: AttemptJob) => `${job.deliveryId}:${job.attempt}:${job.manual ? 'manual' : 'auto'}`;

export interface WebhooksDeps {
  db: Kysely<DB>;
  log: FastifyBaseLogger;
  mail: MailProvider;
  allowedHosts: readonly AllowedHost[];
  publicUrl: string;
}

/**
 * The webhooks' delivery machinery and what tests replace: the retry schedule and its jitter, the clock (secret
 * expiry, timestamps, the 3-day rule) and the name resolver. Endpoint use cases are in service.ts, the outbox's
 * fan-out in fanout.ts, one attempt in attempt.ts.
 */
export class Webhooks {
  schedule: readonly number[] = RETRY_SCHEDULE_MS;
  jitter = (ms: number) => Math.round(ms * (1 + (Math.random() * 2 - 1) * JITTER));
  clock = () => new Date();
  resolve: Resolver = systemResolver;
  timeoutMs = ATTEMPT_TIMEOUT_MS;
  disableAfterMs = DISABLE_AFTER_MS;
  #queue: JobQueue | null = null;

  constructor(readonly deps: WebhooksDeps) {}

  attach(queue: JobQueue): void {
    this.#queue = queue;
  }

  private get queue(): JobQueue {
    if (!this.#queue) throw new Error('The job queue is not started');
    return this.#queue;
  }

  /** Tells this instance's workers that attempts were queued (after the transaction that queued them committed). */
  wake(): void {
    this.#queue?.wake(WEBHOOK_QUEUES.attempt);
  }

  /** Queues attempts in `tx`, so they exist if and only if it commits; `startAfter` holds them until then. */
  async queueAttempts(tx: Tx, jobs: readonly AttemptJob[], startAfter?: Date): Promise<void> {
    await this.queue.insertWith(transactionExecutor(tx), WEBHOOK_QUEUES.attempt, jobs.map((job) => ({ data: job, key: attemptKey(job), startAfter })));
  }

  /** The retention job: deliveries older than 30 days go, with their attempts. */
  async prune(): Promise<{ deleted: number }> {
    const before = new Date(this.clock().getTime() - DELIVERY_RETENTION_MS);
    return { deleted: await withSystem(this.deps.db, (tx) => pruneDeliveries(tx, before)) };
  }
}
