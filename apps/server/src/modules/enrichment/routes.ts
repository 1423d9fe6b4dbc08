import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { propertyLookupSchema } from '@wholesail/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { publicRoute } from '../../http/access';
import { isDatabaseUnavailable } from '../../db/unavailable';
import { AppError } from '../../http/errors';
import type { EnrichmentProvider } from '../../providers/enrichment';
import { recordingEnrichment } from '../integrations/recording';
import { limitedLookup, type LookupCaps } from './lookup-limits';

const lookupBody = z
  .object({
    address: z.string({ error: 'address is required' }).trim().min(5, 'address must be at least 5 characters').max(300),
    organizationId: z.string().optional(),
  })
  .strict();

/**
 * POST /api/enrichment/property: a property lookup for the address search, open to visitors of the landing page
 * as well, so it is limited per client and capped per day (lookup-limits.ts, in the database: every instance
 * counts together). Limits answer 429 with Retry-After; provider failures are answers, not 500s.
 */
export function registerEnrichmentRoutes(app: FastifyInstance, deps: { db: Kysely<DB>; provider: EnrichmentProvider; caps: LookupCaps }): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/enrichment/property',
    { schema: { body: lookupBody, response: { 200: propertyLookupSchema } }, config: publicRoute("the landing page looks addresses up for visitors (limited per client and capped per day); the answer is the provider's, no tenant data") },
    async (request) => {
      const organizationId = (await request.lookUpSession())?.organizationId ?? null;
      try {
        // A member's lookup is recorded as the organization's BatchData status (the Integrations screen).
        const provider = organizationId ? recordingEnrichment(deps.provider, deps.db, organizationId, request.log) : deps.provider;
        return await limitedLookup(deps.db, provider, deps.caps, { ip: request.ip, organizationId }, request.body.address);
      } catch (error) {
        // A limit (429 with Retry-After) and a lost database are answered as such.
        if (error instanceof AppError || isDatabaseUnavailable(error)) throw error;
        request.log.warn({ err: error }, 'enrichment lookup failed');
        return { success: false, error: 'The enrichment service did not answer. Please try again.' };
      }
    },
  );
}
