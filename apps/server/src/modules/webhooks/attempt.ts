import { withTenant, type Tx } from '../../db/scope';
import { deliveryForAttempt, insertAttempt, settleDelivery } from './deliveries-repo';
import { mailDisabled, noteFailure, noteSuccess, type DisabledEndpoint } from './disable';
import { postWebhook, type AttemptResult } from './outgoing';
import { signingSecrets, webhookHeaders } from './signing';
import type { AttemptJob, Webhooks } from './webhooks';

type Loaded = NonNullable<Awaited<ReturnType<typeof deliveryForAttempt>>>;
export type AttemptOutcome = 'succeeded' | 'retrying' | 'failed' | 'skipped';

const succeeded = (result: AttemptResult) => result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;

/**
 * The attempt job: signs and POSTs the delivery (outside any transaction: up to 10 s), then records the attempt and
 * what follows from it. A job for an attempt already made (a retry overtaken by a replay, a job run twice) does nothing.
 */
export async function runAttempt(w: Webhooks, job: AttemptJob): Promise<{ outcome: AttemptOutcome }> {
  const { db } = w.deps;
  const delivery = await withTenant(db, job.organizationId, (tx) => deliveryForAttempt(tx, job.organizationId, job.deliveryId));
  if (!delivery || delivery.status !== 'pending' || delivery.attempt_count >= job.attempt) return { outcome: 'skipped' };
  const at = w.clock();
  const result: AttemptResult = delivery.enabled
    ? await postWebhook(
      { url: delivery.url, body: delivery.body, headers: webhookHeaders(signingSecrets(delivery, at), delivery.message_id, at, delivery.body) },
      { allowed: w.deps.allowedHosts, resolve: w.resolve, timeoutMs: w.timeoutMs },
    )
    : { statusCode: null, durationMs: 0, error: 'Not sent: the endpoint is disabled', responseBody: null };
  const recorded = await withTenant(db, job.organizationId, (tx) => recordAttempt(w, tx, job, delivery, at, result));
  if (recorded.disabled) await mailDisabled(w, recorded.disabled);
  return { outcome: recorded.outcome };
}

async function recordAttempt(
  w: Webhooks, tx: Tx, job: AttemptJob, delivery: Loaded, at: Date, result: AttemptResult,
): Promise<{ outcome: AttemptOutcome; disabled?: DisabledEndpoint | null }> {
  const org = job.organizationId;
  if (!(await insertAttempt(tx, org, delivery.id, { number: job.attempt, manual: job.manual, at, result }))) return { outcome: 'skipped' };
  if (succeeded(result)) {
    await settleDelivery(tx, org, delivery.id, { status: 'succeeded', attempt_count: job.attempt, next_attempt_at: null });
    await noteSuccess(tx, org, delivery.endpoint_id);
    return { outcome: 'succeeded' };
  }
  const delay = job.retries && delivery.enabled ? w.schedule[job.attempt - 1] : undefined;
  if (delay === undefined) {
    await settleDelivery(tx, org, delivery.id, { status: 'failed', attempt_count: job.attempt, next_attempt_at: null });
  } else {
    const next = new Date(at.getTime() + w.jitter(delay));
    await settleDelivery(tx, org, delivery.id, { status: 'pending', attempt_count: job.attempt, next_attempt_at: next });
    await w.queueAttempts(tx, [{ ...job, attempt: job.attempt + 1, manual: false }], next);
  }
  const disabled = delivery.enabled ? await noteFailure(w, tx, org, delivery.endpoint_id, at) : null;
  return { outcome: delay === undefined ? 'failed' : 'retrying', disabled };
}
