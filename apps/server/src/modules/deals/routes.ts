import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  analysisBody,
  createDealBody,
  dealAnalysisSchema,
  dealEventSchema,
  dealPageSchema,
  dealSchema,
  dealSettingsSchema,
  dueDealsSchema,
  listDealsQuery,
  offerBody,
  offerSchema,
  revenueQuery,
  revenueSchema,
  stageChangeBody,
  updateDealBody,
  updateDealSettingsBody,
  updateOfferBody,
} from '@wholesail/domain';
import { ACCESS } from '../../http/access';
import { audit } from '../audit/audit';
import { mergeSection, readSection } from '../settings/repo';
import { listAnalyses, saveAnalysis } from './analyses';
import { listEvents } from './events';
import { dueDeals, listDeals } from './list';
import { addOffer, updateOffer } from './offers';
import { revenue } from './revenue';
import { changeStage, createDeal, readDeal, updateDeal } from './service';

const idParams = z.object({ id: z.uuid('id: expected a deal id') });
const offerParams = idParams.extend({ offerId: z.uuid('offerId: expected an offer id') });

/** Deals, their offers, analyses and timeline, the organization's deal settings and the revenue figures (docs/api-deals.md). */
export function registerDealRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const dealsRead = ACCESS.memberOrKey('deals:read');
  const dealsWrite = ACCESS.memberOrKey('deals:write');
  const member = ACCESS.member;

  r.get('/api/deals', { config: dealsRead, schema: { querystring: listDealsQuery, response: { 200: dealPageSchema } } }, ({ ctx, query }) =>
    ctx.read((tx) => listDeals(tx, ctx.organizationId, query)),
  );
  r.post('/api/deals', { config: dealsWrite, schema: { body: createDealBody, response: { 201: dealSchema } } }, async ({ ctx, body }, reply) =>
    reply.status(201).send(await ctx.write((tx) => createDeal(tx, ctx, body))),
  );
  r.get('/api/deals/settings', { config: member, schema: { response: { 200: dealSettingsSchema } } }, ({ ctx }) =>
    ctx.read((tx) => readSection(tx, ctx.organizationId, 'deals')),
  );
  r.put('/api/deals/settings', { config: ACCESS.admin, schema: { body: updateDealSettingsBody, response: { 200: dealSettingsSchema } } }, ({ ctx, body }) =>
    ctx.write(async (tx) => {
      const saved = await mergeSection(tx, ctx.organizationId, 'deals', body);
      await audit(tx, ctx, 'settings.updated', { type: 'organization_settings', id: ctx.organizationId }, { deals: body });
      return saved;
    }),
  );
  r.get('/api/deals/revenue', { config: member, schema: { querystring: revenueQuery, response: { 200: revenueSchema } } }, ({ ctx, query }) =>
    ctx.read((tx) => revenue(tx, ctx.organizationId, query)),
  );
  r.get('/api/deals/due', { config: dealsRead, schema: { response: { 200: dueDealsSchema } } }, ({ ctx }) =>
    ctx.read(async (tx) => ({ items: await dueDeals(tx, ctx.organizationId) })),
  );
  r.get('/api/deals/:id', { config: dealsRead, schema: { params: idParams, response: { 200: dealSchema } } }, ({ ctx, params }) =>
    ctx.read((tx) => readDeal(tx, ctx.organizationId, params.id, true)),
  );
  r.patch('/api/deals/:id', { config: dealsWrite, schema: { params: idParams, body: updateDealBody, response: { 200: dealSchema } } }, ({ ctx, params, body }) =>
    ctx.write((tx) => updateDeal(tx, ctx, params.id, body)),
  );
  r.post('/api/deals/:id/stage', { config: dealsWrite, schema: { params: idParams, body: stageChangeBody, response: { 200: dealSchema } } }, ({ ctx, params, body }) =>
    ctx.write((tx) => changeStage(tx, ctx, params.id, body)),
  );
  r.post('/api/deals/:id/seller-offers', { config: dealsWrite, schema: { params: idParams, body: offerBody, response: { 201: offerSchema } } }, async ({ ctx, params, body }, reply) =>
    reply.status(201).send(await ctx.write((tx) => addOffer(tx, ctx, params.id, body))),
  );
  r.patch('/api/deals/:id/seller-offers/:offerId', { config: dealsWrite, schema: { params: offerParams, body: updateOfferBody, response: { 200: offerSchema } } }, ({ ctx, params, body }) =>
    ctx.write((tx) => updateOffer(tx, ctx, params.id, params.offerId, body)),
  );
  r.get('/api/deals/:id/timeline', { config: dealsRead, schema: { params: idParams, response: { 200: z.object({ items: z.array(dealEventSchema) }) } } }, ({ ctx, params }) =>
    ctx.read(async (tx) => {
      await readDeal(tx, ctx.organizationId, params.id);
      return { items: await listEvents(tx, ctx.organizationId, params.id) };
    }),
  );
  r.get('/api/deals/:id/analyses', { config: dealsRead, schema: { params: idParams, response: { 200: z.object({ items: z.array(dealAnalysisSchema) }) } } }, ({ ctx, params }) =>
    ctx.read(async (tx) => {
      await readDeal(tx, ctx.organizationId, params.id);
      return { items: await listAnalyses(tx, ctx.organizationId, params.id) };
    }),
  );
  r.post('/api/deals/:id/analyses', { config: dealsWrite, schema: { params: idParams, body: analysisBody, response: { 201: dealAnalysisSchema } } }, async ({ ctx, params, body }, reply) =>
    reply.status(201).send(await ctx.write((tx) => saveAnalysis(tx, ctx, params.id, body))),
  );
}
