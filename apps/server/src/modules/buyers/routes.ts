import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { buyerWriteBody, listBuyersQuery, updateBuyerBody } from '@wholesail/domain';
import { withTenant, type Tx } from '../../db/scope';
import type { DB } from '../../db/types';
import type { Guards } from '../../http/context';
import { notFound } from '../../http/errors';
import * as repo from './repo';

const idParams = z.object({ id: z.uuid('id: expected a buyer id') });

/** Buyers are plain records scoped to the organization; the routes hold no rule beyond that. */
export function registerBuyerRoutes(app: FastifyInstance, db: Kysely<DB>, guards: Guards): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const inTenant = async <T>(request: FastifyRequest, fn: (tx: Tx, organizationId: string) => Promise<T>) => {
    const ctx = await guards.requireOrganization(request);
    return withTenant(db, ctx.organizationId, (tx) => fn(tx, ctx.organizationId));
  };
  const found = <T>(value: T | null | false): T => {
    if (!value) throw notFound('Buyer not found');
    return value;
  };

  r.get('/api/buyers', { schema: { querystring: listBuyersQuery } }, (request) =>
    inTenant(request, (tx, org) => repo.listBuyers(tx, org, request.query)),
  );
  r.get('/api/buyers/:id', { schema: { params: idParams } }, (request) =>
    inTenant(request, async (tx, org) => found(await repo.findBuyer(tx, org, request.params.id))),
  );
  r.post('/api/buyers', { schema: { body: buyerWriteBody } }, async (request, reply) =>
    reply.status(201).send(await inTenant(request, (tx, org) => repo.insertBuyer(tx, org, request.body))),
  );
  r.patch('/api/buyers/:id', { schema: { params: idParams, body: updateBuyerBody } }, (request) =>
    inTenant(request, async (tx, org) => found(await repo.updateBuyer(tx, org, request.params.id, request.body))),
  );
  r.delete('/api/buyers/:id', { schema: { params: idParams } }, async (request, reply) => {
    await inTenant(request, async (tx, org) => found(await repo.deleteBuyer(tx, org, request.params.id)));
    return reply.status(204).send();
  });
}
