import type { WebhookDelivery } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import type { OrgContext } from '../../http/context';
import { conflict, notFound } from '../../http/errors';
import { findDelivery, insertDeliveries, settleDelivery } from './deliveries-repo';
import { webhookBody } from './payloads';
import { readEndpoint } from './service';
import { newMessageId } from './signing';
import type { Webhooks } from './webhooks';

async function enabledEndpoint(tx: Tx, organizationId: string, id: string): Promise<void> {
  const endpoint = await readEndpoint(tx, organizationId, id);
  if (!endpoint.enabled) throw conflict('This endpoint is disabled: enable it first, then send again', 'ENDPOINT_DISABLED');
}

/** POST …/test: a `test.ping` delivery to the endpoint now, whatever it subscribes to; one attempt, no retries. */
export async function sendTestEvent(w: Webhooks, tx: Tx, ctx: OrgContext, endpointId: string): Promise<WebhookDelivery> {
  await enabledEndpoint(tx, ctx.organizationId, endpointId);
  const body = webhookBody('test.ping', w.clock(), { endpoint_id: endpointId, message: 'A test event from Wholesail' });
  const [id] = await insertDeliveries(tx, [{
    organization_id: ctx.organizationId, endpoint_id: endpointId, message_id: newMessageId(), event_type: 'test.ping', event_id: null, body,
  }]);
  await w.queueAttempts(tx, [{ organizationId: ctx.organizationId, deliveryId: id!, attempt: 1, manual: true, retries: false }]);
  return (await findDelivery(tx, ctx.organizationId, endpointId, id!))!;
}

/**
 * POST …/deliveries/:deliveryId/replay: one more attempt now, with the same body and webhook-id. A delivery still
 * being retried goes on with its schedule after it; a settled one gets this attempt only.
 */
export async function replayDelivery(w: Webhooks, tx: Tx, ctx: OrgContext, endpointId: string, deliveryId: string): Promise<WebhookDelivery> {
  await enabledEndpoint(tx, ctx.organizationId, endpointId);
  const row = await tx.selectFrom('webhook_deliveries').select(['status', 'attempt_count'])
    .where('organization_id', '=', ctx.organizationId).where('endpoint_id', '=', endpointId).where('id', '=', deliveryId)
    .forUpdate().executeTakeFirst();
  if (!row) throw notFound('Delivery not found');
  const now = w.clock();
  await settleDelivery(tx, ctx.organizationId, deliveryId, { status: 'pending', next_attempt_at: now });
  await w.queueAttempts(tx, [{
    organizationId: ctx.organizationId, deliveryId, attempt: row.attempt_count + 1, manual: true, retries: row.status === 'pending',
  }]);
  return (await findDelivery(tx, ctx.organizationId, endpointId, deliveryId))!;
}
