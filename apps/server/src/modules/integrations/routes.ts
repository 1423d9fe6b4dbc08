import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { integrationListSchema, integrationParams, integrationTestBody, integrationTestResultSchema } from '@wholesail/domain';
import { ACCESS } from '../../http/access';
import { tooManyRequests } from '../../http/errors';
import { listIntegrations, testIntegration, type IntegrationsDeps } from './service';

/** Tests reach outside services: a few a minute per organization, whichever admin presses the button. */
export const INTEGRATION_TESTS_PER_MINUTE = 10;

/**
 * The Integrations screen (docs/integrations.md): members read each outside service's configuration and status
 * (no secret is ever in the answer); owners and admins test a connection.
 */
export function registerIntegrationRoutes(app: FastifyInstance, deps: Omit<IntegrationsDeps, 'log'>): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const withLog = { ...deps, log: app.log };
  r.get('/api/integrations', { config: ACCESS.member, schema: { response: { 200: integrationListSchema } } }, async ({ ctx }) => ({
    items: await listIntegrations(withLog, ctx),
  }));
  r.post(
    '/api/integrations/:id/test',
    {
      config: {
        ...ACCESS.admin,
        // The access hook runs first, so the organization is known here.
        rateLimit: {
          max: INTEGRATION_TESTS_PER_MINUTE,
          timeWindow: '1 minute',
          keyGenerator: (request: FastifyRequest) => `integration-test:${request.ctx.organizationId}`,
          errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) => {
            const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
            return tooManyRequests(`Your organization tested ${INTEGRATION_TESTS_PER_MINUTE} connections in the last minute. Try again in ${seconds} s.`, 'RATE_LIMITED', seconds);
          },
        },
      },
      schema: { params: integrationParams, body: integrationTestBody.nullish(), response: { 200: integrationTestResultSchema } },
    },
    async ({ ctx, params, body }) => testIntegration(withLog, ctx, params.id, body),
  );
}
