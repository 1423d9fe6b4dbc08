import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activityPageSchema, activityQuery } from '@wholesail/domain';
import { ACCESS } from '../../http/access';
import { leadTimeline } from './service';

const idParams = z.object({ id: z.uuid('id: expected a lead id') });

export function registerActivityRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/leads/:id/activity', { config: ACCESS.memberOrKey('leads:read'), schema: { params: idParams, querystring: activityQuery, response: { 200: activityPageSchema } } }, async (request) =>
    leadTimeline(request.ctx, request.params.id, request.query),
  );
}
