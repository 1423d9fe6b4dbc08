import type { CreateWebhookEndpoint, WebhookEndpoint, WebhookEndpointPatch, WebhookSecret } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import { iso } from '../../db/timestamps';
import type { OrgContext } from '../../http/context';
import { badRequest, notFound } from '../../http/errors';
import { audit } from '../audit/audit';
import { endpointUrlProblem, type AllowedHost } from './addresses';
import * as repo from './repo';
import { newSecret, PREVIOUS_SECRET_MS } from './signing';

const ENDPOINT_NOT_FOUND = 'Webhook endpoint not found';
const target = (id: string) => ({ type: 'webhook_endpoint', id });

function checkUrl(url: string, allowed: readonly AllowedHost[]): void {
  const problem = endpointUrlProblem(url, allowed);
  if (problem) throw badRequest(`url: ${problem}`, 'WEBHOOK_URL_REFUSED');
}

/** The endpoint of the organization, or 404 (another organization's endpoint is not found either). */
export async function readEndpoint(tx: Tx, organizationId: string, id: string): Promise<WebhookEndpoint> {
  const endpoint = await repo.findEndpoint(tx, organizationId, id);
  if (!endpoint) throw notFound(ENDPOINT_NOT_FOUND);
  return endpoint;
}

/** POST /api/webhook-endpoints: the endpoint with its new secret, the one time it is shown besides a reveal. */
export async function createEndpoint(tx: Tx, ctx: OrgContext, body: CreateWebhookEndpoint, allowed: readonly AllowedHost[]): Promise<WebhookEndpoint & { secret: string }> {
  checkUrl(body.url, allowed);
  const secret = newSecret();
  const endpoint = await repo.insertEndpoint(tx, {
    organization_id: ctx.organizationId, url: body.url, events: body.events, description: body.description || null, secret, created_by: ctx.user?.id ?? null,
  });
  await audit(tx, ctx, 'webhook_endpoint.created', target(endpoint.id), { url: endpoint.url, events: endpoint.events });
  return { ...endpoint, secret };
}

/** PATCH: url, events, description; `enabled` false disables it (with the member's reason), true enables it again. */
export async function updateEndpoint(tx: Tx, ctx: OrgContext, id: string, patch: WebhookEndpointPatch, allowed: readonly AllowedHost[]): Promise<WebhookEndpoint> {
  const before = await readEndpoint(tx, ctx.organizationId, id);
  if (patch.url !== undefined) checkUrl(patch.url, allowed);
  const { enabled, description, ...rest } = patch;
  const switched = enabled !== undefined && enabled !== before.enabled;
  const updated = await repo.updateEndpoint(tx, ctx.organizationId, id, {
    ...rest,
    ...(description !== undefined ? { description: description || null } : {}),
    // Enabling starts afresh: the failing period that disabled it is over.
    ...(switched && enabled ? { enabled: true, disabled_reason: null, disabled_at: null, failing_since: null } : {}),
    ...(switched && !enabled ? { enabled: false, disabled_reason: 'Disabled by a member', disabled_at: new Date() } : {}),
  });
  const action = !switched ? 'webhook_endpoint.updated' : enabled ? 'webhook_endpoint.enabled' : 'webhook_endpoint.disabled';
  await audit(tx, ctx, action, target(id), { fields: Object.keys(patch), ...(patch.url !== undefined ? { url: { from: before.url, to: patch.url } } : {}) });
  return updated!;
}

export async function deleteEndpoint(tx: Tx, ctx: OrgContext, id: string): Promise<void> {
  const endpoint = await readEndpoint(tx, ctx.organizationId, id);
  await repo.deleteEndpoint(tx, ctx.organizationId, id);
  await audit(tx, ctx, 'webhook_endpoint.deleted', target(id), { url: endpoint.url });
}

/** POST …/secret/reveal: the current secret, audited (a reveal is an act, hence a POST). */
export async function revealSecret(tx: Tx, ctx: OrgContext, id: string): Promise<WebhookSecret> {
  const row = await repo.findEndpointSecrets(tx, ctx.organizationId, id);
  if (!row) throw notFound(ENDPOINT_NOT_FOUND);
  await audit(tx, ctx, 'webhook_endpoint.secret_revealed', target(id));
  return { secret: row.secret, previous_secret_expires_at: iso(row.previous_secret_expires_at) };
}

/**
 * POST …/secret/rotate: a new secret; the one it replaces keeps signing beside it for 24 hours, so receivers can
 * switch without losing a delivery. A second rotation within that time drops the oldest secret at once.
 */
export async function rotateSecret(tx: Tx, ctx: OrgContext, id: string, now: Date): Promise<WebhookSecret> {
  const row = await repo.findEndpointSecrets(tx, ctx.organizationId, id, true);
  if (!row) throw notFound(ENDPOINT_NOT_FOUND);
  const secret = newSecret();
  const expires = new Date(now.getTime() + PREVIOUS_SECRET_MS);
  await repo.updateEndpoint(tx, ctx.organizationId, id, { secret, previous_secret: row.secret, previous_secret_expires_at: expires });
  await audit(tx, ctx, 'webhook_endpoint.secret_rotated', target(id), { previous_secret_expires_at: expires.toISOString() });
  return { secret, previous_secret_expires_at: expires.toISOString() };
}
