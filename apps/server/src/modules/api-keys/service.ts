import { API_KEY_MESSAGES, type ApiKey, type CreatedApiKey, type ApiKeyScope } from '@wholesail/domain';
import { notFound } from '../../http/errors';
import type { RequestContext } from '../../http/context';
import { audit } from '../audit/audit';
import * as repo from './repo';
import { newApiKeyToken } from './token';

export const API_KEY_ACTIONS = { created: 'api_key.created', revoked: 'api_key.revoked' } as const;

export function listApiKeys(ctx: RequestContext): Promise<ApiKey[]> {
  return ctx.read((tx) => repo.listKeys(tx, ctx.organizationId));
}

/** A new key: stored as its hash, answered whole this once; audited with its name, prefix and scopes (never the key). */
export function createApiKey(ctx: RequestContext, body: { name: string; scopes: ApiKeyScope[]; expires_at?: string | null }): Promise<CreatedApiKey> {
  const { token, prefix, hash } = newApiKeyToken();
  return ctx.write(async (tx) => {
    const id = await repo.insertKey(tx, ctx.organizationId, { name: body.name, prefix, hash, scopes: body.scopes, expiresAt: body.expires_at ?? null, createdBy: ctx.user.id });
    await audit(tx, ctx, API_KEY_ACTIONS.created, { type: 'api_key', id }, { name: body.name, prefix, scopes: body.scopes, expires_at: body.expires_at ?? null });
    const key = await repo.findKey(tx, ctx.organizationId, id);
    return { ...key!, key: token };
  });
}

/** Revokes a key at once on every instance (each request reads its key); audited. */
export function revokeApiKey(ctx: RequestContext, id: string): Promise<void> {
  return ctx.write(async (tx) => {
    const key = await repo.findKey(tx, ctx.organizationId, id);
    if (!key || !(await repo.revokeKey(tx, ctx.organizationId, id, ctx.user.id))) throw notFound(API_KEY_MESSAGES.notFound);
    if (key.revoked_at === null) await audit(tx, ctx, API_KEY_ACTIONS.revoked, { type: 'api_key', id }, { name: key.name, prefix: key.prefix });
  });
}
