import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  analyticsQuery,
  callsAnalyticsSchema,
  drillQuery,
  drillSchema,
  funnelAnalyticsSchema,
  reportingSettingsBody,
  reportingSettingsSchema,
  textsAnalyticsSchema,
} from '@wholesail/domain';
import { ACCESS } from '../../http/access';
import { audit } from '../audit/audit';
import { mergeSection, readSection } from '../settings/repo';
import { drill } from './drill';
import { callsAnalytics, funnelAnalytics, textsAnalytics } from './service';

/** The analytics reports, the records behind their numbers and the organization's reporting settings (docs/api-analytics.md). */
export function registerAnalyticsRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const member = ACCESS.member;

  r.get('/api/analytics/calls', { config: member, schema: { querystring: analyticsQuery, response: { 200: callsAnalyticsSchema } } }, ({ ctx, query }) =>
    ctx.read((tx) => callsAnalytics(tx, ctx.organizationId, query)),
  );
  r.get('/api/analytics/texts', { config: member, schema: { querystring: analyticsQuery, response: { 200: textsAnalyticsSchema } } }, ({ ctx, query }) =>
    ctx.read((tx) => textsAnalytics(tx, ctx.organizationId, query)),
  );
  r.get('/api/analytics/funnel', { config: member, schema: { querystring: analyticsQuery, response: { 200: funnelAnalyticsSchema } } }, ({ ctx, query }) =>
    ctx.read((tx) => funnelAnalytics(tx, ctx.organizationId, query)),
  );
  r.get('/api/analytics/drill', { config: member, schema: { querystring: drillQuery, response: { 200: drillSchema } } }, ({ ctx, query }) =>
    ctx.read((tx) => drill(tx, ctx.organizationId, query)),
  );
  r.get('/api/settings/reporting', { config: member, schema: { response: { 200: reportingSettingsSchema } } }, ({ ctx }) =>
    ctx.read((tx) => readSection(tx, ctx.organizationId, 'reporting')),
  );
  r.patch('/api/settings/reporting', { config: ACCESS.admin, schema: { body: reportingSettingsBody, response: { 200: reportingSettingsSchema } } }, ({ ctx, body }) =>
    ctx.write(async (tx) => {
      const saved = await mergeSection(tx, ctx.organizationId, 'reporting', body);
      await audit(tx, ctx, 'settings.updated', { type: 'organization_settings', id: ctx.organizationId }, { reporting: body });
      return saved;
    }),
  );
}
