import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiKeyListSchema, createApiKeyBody, createdApiKeySchema } from '@wholesail/domain';
import { ACCESS } from '../../http/access';
import { createApiKey, listApiKeys, revokeApiKey } from './service';

const keyParams = z.object({ id: z.uuid('id: expected an API key id') });

/**
 * API keys (docs/api-keys.md): owners and admins list, create and revoke them. These routes name no key scope, so a
 * key can never make or revoke keys.
 */
export function registerApiKeyRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/api-keys', { config: ACCESS.admin, schema: { response: { 200: apiKeyListSchema } } }, async ({ ctx }) => ({ items: await listApiKeys(ctx) }));
  r.post('/api/api-keys', { config: ACCESS.admin, schema: { body: createApiKeyBody, response: { 201: createdApiKeySchema } } }, async ({ ctx, body }, reply) =>
    reply.status(201).header('cache-control', 'no-store').send(await createApiKey(ctx, body)),
  );
  r.delete('/api/api-keys/:id', { config: ACCESS.admin, schema: { params: keyParams } }, async ({ ctx, params }, reply) => {
    await revokeApiKey(ctx, params.id);
    return reply.status(204).send();
  });
}
