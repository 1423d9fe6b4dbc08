import { own200, type RouteSpec } from './route-spec';

const base = '/api/webhook-endpoints';

/** The route table's entries for outgoing webhooks (issue 24): endpoints, secrets, the delivery log, replay and test. */
export const WEBHOOK_ROUTES: Record<string, RouteSpec> = {
  [`GET ${base}`]: { calls: () => own200(base) },
  [`POST ${base}`]: {
    calls: () => [{ url: base, body: { url: 'https://proof-new.webhooks.invalid/in', events: ['lead.created'], description: 'Proof' }, cross: 201, why: "an endpoint of the caller's own organization" }],
  },
  [`GET ${base}/:id`]: { calls: (b) => [{ url: `${base}/${b.webhookEndpointId}` }] },
  [`PATCH ${base}/:id`]: { calls: (b) => [{ url: `${base}/${b.webhookEndpointId}`, body: { description: 'changed by A', events: ['offer.received'] } }] },
  [`DELETE ${base}/:id`]: { calls: (b) => [{ url: `${base}/${b.webhookEndpointId}` }] },
  [`POST ${base}/:id/secret/reveal`]: { calls: (b) => [{ url: `${base}/${b.webhookEndpointId}/secret/reveal` }] },
  [`POST ${base}/:id/secret/rotate`]: { calls: (b) => [{ url: `${base}/${b.webhookEndpointId}/secret/rotate` }] },
  [`POST ${base}/:id/test`]: { calls: (b) => [{ url: `${base}/${b.webhookEndpointId}/test` }] },
  [`GET ${base}/:id/deliveries`]: { calls: (b) => [{ url: `${base}/${b.webhookEndpointId}/deliveries?status=failed&limit=10` }] },
  [`GET ${base}/:id/deliveries/:deliveryId`]: { calls: (b) => [{ url: `${base}/${b.webhookEndpointId}/deliveries/${b.webhookDeliveryId}` }] },
  [`POST ${base}/:id/deliveries/:deliveryId/replay`]: { calls: (b) => [{ url: `${base}/${b.webhookEndpointId}/deliveries/${b.webhookDeliveryId}/replay` }] },
};
