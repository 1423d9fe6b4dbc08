import type { ListWebhookDeliveriesQuery, WebhookAttempt, WebhookDelivery, WebhookDeliveryPage, WebhookDeliveryStatus, WebhookEventType } from '@wholesail/domain';
import { beforeCursor, cursorPosition, keysetPage } from '../../db/keyset';
import type { Tx } from '../../db/scope';
import { iso } from '../../db/timestamps';
import type { AttemptResult } from './outgoing';

const DELIVERY_COLUMNS = ['id', 'endpoint_id', 'message_id', 'event_type', 'status', 'body', 'next_attempt_at', 'created_at', 'updated_at'] as const;

export interface NewDelivery {
  organization_id: string;
  endpoint_id: string;
  message_id: string;
  event_type: WebhookEventType;
  event_id: string | null;
  body: string;
}

/** Inserts deliveries; one an event already has for its endpoint is skipped. Resolves to the ids inserted. */
export async function insertDeliveries(tx: Tx, rows: readonly NewDelivery[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await tx
    .insertInto('webhook_deliveries')
    .values([...rows])
    .onConflict((oc) => oc.columns(['organization_id', 'endpoint_id', 'event_id']).doNothing())
    .returning('id')
    .execute();
  return inserted.map((r) => r.id);
}

type DeliveryRow = {
  id: string; endpoint_id: string; message_id: string; event_type: string; status: WebhookDeliveryStatus; body: string;
  next_attempt_at: Date | string | null; created_at: Date | string; updated_at: Date | string;
};

/** Each delivery with its attempts, oldest attempt first. */
async function withAttempts(tx: Tx, organizationId: string, rows: DeliveryRow[]): Promise<WebhookDelivery[]> {
  if (rows.length === 0) return [];
  const attempts = await tx
    .selectFrom('webhook_delivery_attempts')
    .select(['delivery_id', 'attempt', 'manual', 'started_at', 'status_code', 'duration_ms', 'error', 'response_body'])
    .where('organization_id', '=', organizationId)
    .where('delivery_id', 'in', rows.map((r) => r.id))
    .orderBy('delivery_id')
    .orderBy('attempt')
    .execute();
  const byDelivery = new Map<string, WebhookAttempt[]>();
  for (const { delivery_id, started_at, ...a } of attempts) {
    byDelivery.set(delivery_id, [...(byDelivery.get(delivery_id) ?? []), { ...a, at: iso(started_at) }]);
  }
  return rows.map((r) => ({
    ...r,
    event_type: r.event_type as WebhookEventType,
    attempts: byDelivery.get(r.id) ?? [],
    next_attempt_at: iso(r.next_attempt_at),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  }));
}

export async function findDelivery(tx: Tx, organizationId: string, endpointId: string, id: string): Promise<WebhookDelivery | undefined> {
  const row = await tx.selectFrom('webhook_deliveries').select(DELIVERY_COLUMNS)
    .where('organization_id', '=', organizationId).where('endpoint_id', '=', endpointId).where('id', '=', id).executeTakeFirst();
  return row ? (await withAttempts(tx, organizationId, [row]))[0] : undefined;
}

/** An endpoint's deliveries, newest first, `query.limit` a page; the cursor is the last one's time and id. */
export async function deliveryPage(tx: Tx, organizationId: string, endpointId: string, query: ListWebhookDeliveriesQuery): Promise<WebhookDeliveryPage> {
  let q = tx
    .selectFrom('webhook_deliveries')
    .select(DELIVERY_COLUMNS)
    .select(cursorPosition('created_at'))
    .where('organization_id', '=', organizationId)
    .where('endpoint_id', '=', endpointId);
  if (query.status) q = q.where('status', '=', query.status);
  if (query.cursor) q = q.where(beforeCursor('created_at', 'id', query.cursor));
  const { page, next_cursor } = keysetPage(await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(query.limit + 1).execute(), query.limit);
  return { items: await withAttempts(tx, organizationId, page), next_cursor };
}

/** A delivery with its endpoint, as an attempt needs them. */
export function deliveryForAttempt(tx: Tx, organizationId: string, id: string) {
  return tx
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', (j) => j.onRef('e.organization_id', '=', 'd.organization_id').onRef('e.id', '=', 'd.endpoint_id'))
    .select([
      'd.id', 'd.endpoint_id', 'd.message_id', 'd.body', 'd.status', 'd.attempt_count',
      'e.url', 'e.enabled', 'e.secret', 'e.previous_secret', 'e.previous_secret_expires_at',
    ])
    .where('d.organization_id', '=', organizationId)
    .where('d.id', '=', id)
    .executeTakeFirst();
}

/** Records attempt number `attempt`; false when it is already recorded (the job ran twice). */
export async function insertAttempt(tx: Tx, organizationId: string, deliveryId: string, attempt: { number: number; manual: boolean; at: Date; result: AttemptResult }): Promise<boolean> {
  const { result } = attempt;
  const row = await tx
    .insertInto('webhook_delivery_attempts')
    .values({
      organization_id: organizationId, delivery_id: deliveryId, attempt: attempt.number, manual: attempt.manual, started_at: attempt.at,
      status_code: result.statusCode, duration_ms: result.durationMs, error: result.error, response_body: result.responseBody,
    })
    .onConflict((oc) => oc.columns(['organization_id', 'delivery_id', 'attempt']).doNothing())
    .returning('attempt')
    .executeTakeFirst();
  return Boolean(row);
}

export async function settleDelivery(tx: Tx, organizationId: string, id: string, values: { status: WebhookDeliveryStatus; attempt_count?: number; next_attempt_at: Date | null }): Promise<void> {
  await tx.updateTable('webhook_deliveries').set({ ...values, updated_at: new Date() }).where('organization_id', '=', organizationId).where('id', '=', id).execute();
}

/** Deletes deliveries (and their attempts) older than `before`, in every organization; resolves to how many. */
export async function pruneDeliveries(tx: Tx, before: Date): Promise<number> {
  const deleted = await tx.deleteFrom('webhook_deliveries').where('created_at', '<', before).executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
