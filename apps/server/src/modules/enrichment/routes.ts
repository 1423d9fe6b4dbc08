import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { EnrichmentProvider } from '../../providers/enrichment';

const lookupBody = z
  .object({
    address: z.string({ error: 'address is required' }).trim().min(5, 'address must be at least 5 characters').max(300),
    organizationId: z.string().optional(),
  })
  .strict();

/**
 * POST /api/enrichment/property: a property lookup for the address search, open to visitors of the
 * landing page as well, so it is rate-limited per client. Provider failures are answers, not 500s.
 */
export function registerEnrichmentRoutes(app: FastifyInstance, provider: EnrichmentProvider): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/enrichment/property',
    { schema: { body: lookupBody }, config: { rateLimit: { max: 20, timeWindow: '1 minute' } } },
    async (request) => {
      try {
        return await provider.lookupProperty(request.body.address);
      } catch (error) {
        request.log.warn({ err: error }, 'enrichment lookup failed');
        return { success: false, error: 'The enrichment service did not answer. Please try again.' };
      }
    },
  );
}
