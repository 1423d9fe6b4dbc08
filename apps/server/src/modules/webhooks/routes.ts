import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createWebhookEndpointBody,
  listWebhookDeliveriesQuery,
  updateWebhookEndpointBody,
  webhookDeliveryPageSchema,
  webhookDeliverySchema,
  webhookEndpointCreatedSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookSecretSchema,
} from '@wholesail/domain';
import { ACCESS } from '../../http/access';
import { notFound } from '../../http/errors';
import { deliveryPage, findDelivery } from './deliveries-repo';
import { replayDelivery, sendTestEvent } from './manual';
import { listEndpoints } from './repo';
import { createEndpoint, deleteEndpoint, readEndpoint, revealSecret, rotateSecret, updateEndpoint } from './service';
import type { Webhooks } from './webhooks';

const idParams = z.object({ id: z.uuid('id: expected a webhook endpoint id') });
const deliveryParams = idParams.extend({ deliveryId: z.uuid('deliveryId: expected a delivery id') });

/** Outgoing webhooks' endpoints, secrets and delivery log, for owners and admins (docs/api-webhooks.md). */
export function registerWebhookRoutes(app: FastifyInstance, webhooks: Webhooks): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Owners and admins, and API keys with webhooks:write (an integration registers its own endpoint).
  const admin = ACCESS.adminOrKey('webhooks:write');
  const allowed = webhooks.deps.allowedHosts;
  const base = '/api/webhook-endpoints';

  r.get(base, { config: admin, schema: { response: { 200: webhookEndpointListSchema } } }, ({ ctx }) =>
    ctx.read(async (tx) => ({ items: await listEndpoints(tx, ctx.organizationId) })),
  );
  r.post(base, { config: admin, schema: { body: createWebhookEndpointBody, response: { 201: webhookEndpointCreatedSchema } } }, async ({ ctx, body }, reply) =>
    reply.status(201).send(await ctx.write((tx) => createEndpoint(tx, ctx, body, allowed))),
  );
  r.get(`${base}/:id`, { config: admin, schema: { params: idParams, response: { 200: webhookEndpointSchema } } }, ({ ctx, params }) =>
    ctx.read((tx) => readEndpoint(tx, ctx.organizationId, params.id)),
  );
  r.patch(`${base}/:id`, { config: admin, schema: { params: idParams, body: updateWebhookEndpointBody, response: { 200: webhookEndpointSchema } } }, ({ ctx, params, body }) =>
    ctx.write((tx) => updateEndpoint(tx, ctx, params.id, body, allowed)),
  );
  r.delete(`${base}/:id`, { config: admin, schema: { params: idParams } }, async ({ ctx, params }, reply) => {
    await ctx.write((tx) => deleteEndpoint(tx, ctx, params.id));
    return reply.status(204).send();
  });
  r.post(`${base}/:id/secret/reveal`, { config: admin, schema: { params: idParams, response: { 200: webhookSecretSchema } } }, ({ ctx, params }) =>
    ctx.write((tx) => revealSecret(tx, ctx, params.id)),
  );
  r.post(`${base}/:id/secret/rotate`, { config: admin, schema: { params: idParams, response: { 200: webhookSecretSchema } } }, ({ ctx, params }) =>
    ctx.write((tx) => rotateSecret(tx, ctx, params.id, webhooks.clock())),
  );
  r.post(`${base}/:id/test`, { config: admin, schema: { params: idParams, response: { 202: webhookDeliverySchema } } }, async ({ ctx, params }, reply) => {
    const delivery = await ctx.write((tx) => sendTestEvent(webhooks, tx, ctx, params.id));
    webhooks.wake();
    return reply.status(202).send(delivery);
  });
  r.get(`${base}/:id/deliveries`, { config: admin, schema: { params: idParams, querystring: listWebhookDeliveriesQuery, response: { 200: webhookDeliveryPageSchema } } }, ({ ctx, params, query }) =>
    ctx.read(async (tx) => {
      await readEndpoint(tx, ctx.organizationId, params.id);
      return deliveryPage(tx, ctx.organizationId, params.id, query);
    }),
  );
  r.get(`${base}/:id/deliveries/:deliveryId`, { config: admin, schema: { params: deliveryParams, response: { 200: webhookDeliverySchema } } }, ({ ctx, params }) =>
    ctx.read(async (tx) => {
      const delivery = await findDelivery(tx, ctx.organizationId, params.id, params.deliveryId);
      if (!delivery) throw notFound('Delivery not found');
      return delivery;
    }),
  );
  r.post(`${base}/:id/deliveries/:deliveryId/replay`, { config: admin, schema: { params: deliveryParams, response: { 202: webhookDeliverySchema } } }, async ({ ctx, params }, reply) => {
    const delivery = await ctx.write((tx) => replayDelivery(webhooks, tx, ctx, params.id, params.deliveryId));
    webhooks.wake();
    return reply.status(202).send(delivery);
  });
}
