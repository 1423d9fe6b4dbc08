import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { buyerSendsSchema, sendToBuyersBody, sendToBuyersResultSchema } from '@wholesail/domain';
import { ACCESS } from '../../http/access';
import { notFound } from '../../http/errors';
import { findDealRow } from '../deals/repo';
import { listSends, sendToBuyers } from './sends';
import { registerBuyerUnsubscribeRoute } from './unsubscribe';

const dealParams = z.object({ id: z.uuid('id: expected a deal id') });

/** "Send to matched buyers" (docs/api-buyers.md): the send, the deal's sends, and the public unsubscribe link. */
export function registerBuyerSendRoutes(app: FastifyInstance, secret: string): void {
  const { database, mail, conversations, config } = app.services;
  const deps = { mail, conversations, publicUrl: config.publicUrl, secret };
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/deals/:id/send', { config: ACCESS.member, schema: { params: dealParams, body: sendToBuyersBody, response: { 200: sendToBuyersResultSchema } } }, async ({ ctx, params, body }) => ({
    items: await sendToBuyers(deps, ctx, params.id, body),
  }));
  r.get('/api/deals/:id/sends', { config: ACCESS.memberOrKey('deals:read'), schema: { params: dealParams, response: { 200: buyerSendsSchema } } }, ({ ctx, params }) =>
    ctx.read(async (tx) => {
      if (!(await findDealRow(tx, ctx.organizationId, params.id))) throw notFound('Deal not found');
      return { items: await listSends(tx, ctx.organizationId, params.id) };
    }),
  );
  registerBuyerUnsubscribeRoute(app, { db: database.db, secret });
}
