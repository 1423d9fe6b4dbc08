import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sourcesAnalyticsSchema, sourcesQuery, spendBody, spendQuery, spendSchema } from '@wholesail/domain';
import { ACCESS } from '../../http/access';
import { sourcesAnalytics } from './sources';
import { readSpend, saveSpend } from './spend';

/** Sources and lists, and the spend behind their costs (docs/api-analytics.md "Sources and lists"). */
export function registerSourceRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/analytics/sources', { config: ACCESS.member, schema: { querystring: sourcesQuery, response: { 200: sourcesAnalyticsSchema } } }, ({ ctx, query }) =>
    ctx.read((tx) => sourcesAnalytics(tx, ctx.organizationId, query)),
  );
  r.get('/api/analytics/spend', { config: ACCESS.member, schema: { querystring: spendQuery, response: { 200: spendSchema } } }, ({ ctx, query }) =>
    ctx.read((tx) => readSpend(tx, ctx.organizationId, query.year)),
  );
  r.put('/api/analytics/spend', { config: ACCESS.admin, schema: { body: spendBody, response: { 200: spendSchema } } }, ({ ctx, body }) =>
    ctx.write((tx) => saveSpend(tx, ctx, body)),
  );
}
