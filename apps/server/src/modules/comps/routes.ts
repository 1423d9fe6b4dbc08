import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { compsQuery, compsResponseSchema } from '@wholesail/domain';
import { ACCESS } from '../../http/access';
import { recordingEnrichment } from '../integrations/recording';
import { leadComps } from './service';

const idParams = z.object({ id: z.uuid('id: expected a lead id') });

/** Comparable sales of a lead and the ARV they give (issue 20). */
export function registerCompsRoutes(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/leads/:id/comps',
    { config: ACCESS.member, schema: { params: idParams, querystring: compsQuery, response: { 200: compsResponseSchema } } },
    // The provider is read per request: tests stand a fake in for it on a running app. Its searches are recorded as
    // the organization's BatchData status (the Integrations screen).
    (request) => {
      const provider = recordingEnrichment(app.services.enrichment, app.services.database.db, request.ctx.organizationId, request.log);
      return leadComps(request.ctx, provider, request.params.id, request.query, (err) => request.log.warn({ err }, 'comparables search failed'));
    },
  );
}
