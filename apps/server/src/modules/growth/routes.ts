import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { drillSchema, growthAnalyticsSchema, growthDrillQuery, growthQuery } from '@wholesail/domain';
import { ACCESS } from '../../http/access';
import { growthDrill } from './drill';
import { growthAnalytics } from './service';

/** The growth report and the records behind its numbers (docs/api-growth.md). */
export function registerGrowthRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/analytics/growth', { config: ACCESS.member, schema: { querystring: growthQuery, response: { 200: growthAnalyticsSchema } } }, ({ ctx, query }) =>
    ctx.read((tx) => growthAnalytics(tx, ctx.organizationId, query)),
  );
  r.get('/api/analytics/growth/drill', { config: ACCESS.member, schema: { querystring: growthDrillQuery, response: { 200: drillSchema } } }, ({ ctx, query }) =>
    ctx.read((tx) => growthDrill(tx, ctx.organizationId, query)),
  );
}
