import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { buyerMatchesSchema, buyerPageSchema, buyerSchema, buyerWriteBody, dealMatchesSchema, listBuyersQuery, updateBuyerBody } from '@wholesail/domain';
import { ACCESS } from '../../http/access';
import { notFound } from '../../http/errors';
import { buyerMatches, dealMatches } from './matches';
import * as repo from './repo';

const idParams = z.object({ id: z.uuid('id: expected a buyer id') });
const dealParams = z.object({ id: z.uuid('id: expected a deal id') });
const buyer = { 200: buyerSchema };

/** Buyers, scoped to the organization, and the matching of their buy boxes with deals (packages/domain fitBuyBox). */
export function registerBuyerRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const buyersRead = ACCESS.memberOrKey('buyers:read');
  const buyersWrite = ACCESS.memberOrKey('buyers:write');
  const dealsRead = ACCESS.memberOrKey('deals:read');
  const found = <T>(value: T | null | false): T => {
    if (!value) throw notFound('Buyer not found');
    return value;
  };

  r.get('/api/buyers', { config: buyersRead, schema: { querystring: listBuyersQuery, response: { 200: buyerPageSchema } } }, ({ ctx, query }) =>
    ctx.read((tx) => repo.listBuyers(tx, ctx.organizationId, query)),
  );
  r.get('/api/buyers/:id', { config: buyersRead, schema: { params: idParams, response: buyer } }, ({ ctx, params }) =>
    ctx.read(async (tx) => found(await repo.findBuyer(tx, ctx.organizationId, params.id))),
  );
  r.post('/api/buyers', { config: buyersWrite, schema: { body: buyerWriteBody, response: { 201: buyerSchema } } }, async ({ ctx, body }, reply) =>
    reply.status(201).send(await ctx.write((tx) => repo.insertBuyer(tx, ctx.organizationId, body))),
  );
  r.patch('/api/buyers/:id', { config: buyersWrite, schema: { params: idParams, body: updateBuyerBody, response: buyer } }, ({ ctx, params, body }) =>
    ctx.write(async (tx) => found(await repo.updateBuyer(tx, ctx.organizationId, params.id, body))),
  );
  r.get('/api/buyers/:id/matches', { config: buyersRead, schema: { params: idParams, response: { 200: buyerMatchesSchema } } }, ({ ctx, params }) =>
    ctx.read((tx) => buyerMatches(tx, ctx.organizationId, params.id)),
  );
  r.get('/api/deals/:id/matches', { config: dealsRead, schema: { params: dealParams, response: { 200: dealMatchesSchema } } }, ({ ctx, params }) =>
    ctx.read((tx) => dealMatches(tx, ctx.organizationId, params.id)),
  );
  r.delete('/api/buyers/:id', { config: buyersWrite, schema: { params: idParams } }, async ({ ctx, params }, reply) => {
    await ctx.write(async (tx) => found(await repo.deleteBuyer(tx, ctx.organizationId, params.id)));
    return reply.status(204).send();
  });
}
