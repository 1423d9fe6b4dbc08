import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signalLeadsQuery, signalLeadsSchema, signalsAnalyticsSchema } from '@wholesail/domain';
import { ACCESS } from '../../http/access';
import { signalsAnalytics } from './signals';
import { signalLeads } from './signals-drill';

/** The signals analytics and the leads behind its numbers (docs/api-signals-analytics.md). */
export function registerSignalsAnalyticsRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/analytics/signals', { config: ACCESS.member, schema: { response: { 200: signalsAnalyticsSchema } } }, ({ ctx }) =>
    ctx.read((tx) => signalsAnalytics(tx, ctx.organizationId)),
  );
  r.get('/api/analytics/signals/leads', { config: ACCESS.member, schema: { querystring: signalLeadsQuery, response: { 200: signalLeadsSchema } } }, ({ ctx, query }) =>
    ctx.read((tx) => signalLeads(tx, ctx.organizationId, query)),
  );
}
