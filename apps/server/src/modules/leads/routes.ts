import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { createLeadBody, leadWriteBody, listLeadsQuery, topLeadsQuery } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import type { DB } from '../../db/types';
import type { Guards } from '../../http/context';
import { createLead, deleteLead, getLead, leadContext, leadStats, listLeads, topLeads, updateLead } from './service';

const idParams = z.object({ id: z.uuid('id: expected a lead id') });

/** What happens around a lead's creation: `onCreated` in its transaction, `afterCreated` once it committed. */
export interface LeadCreationHooks {
  onCreated(tx: Tx, organizationId: string, leadId: string): Promise<void>;
  afterCreated(): void;
}

export function registerLeadRoutes(app: FastifyInstance, db: Kysely<DB>, guards: Guards, hooks?: LeadCreationHooks): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/leads', { schema: { querystring: listLeadsQuery } }, async (request) =>
    listLeads(db, await guards.requireOrganization(request), request.query),
  );
  r.get('/api/leads/top', { schema: { querystring: topLeadsQuery } }, async (request) => ({
    items: await topLeads(db, await guards.requireOrganization(request), request.query.limit),
  }));
  r.get('/api/leads/stats', async (request) => leadStats(db, await guards.requireOrganization(request)));
  r.get('/api/leads/:id', { schema: { params: idParams } }, async (request) =>
    getLead(db, await guards.requireOrganization(request), request.params.id),
  );
  r.get('/api/leads/:id/context', { schema: { params: idParams } }, async (request) =>
    leadContext(db, await guards.requireOrganization(request), request.params.id),
  );
  r.post('/api/leads', { schema: { body: createLeadBody } }, async (request, reply) => {
    const lead = await createLead(db, await guards.requireOrganization(request), request.body, hooks && ((tx, l) => hooks.onCreated(tx, l.organization_id, l.id)));
    hooks?.afterCreated();
    return reply.status(201).send(lead);
  });
  r.patch('/api/leads/:id', { schema: { params: idParams, body: leadWriteBody } }, async (request) =>
    updateLead(db, await guards.requireOrganization(request), request.params.id, request.body),
  );
  r.delete('/api/leads/:id', { schema: { params: idParams } }, async (request, reply) => {
    await deleteLead(db, await guards.requireOrganization(request), request.params.id);
    return reply.status(204).send();
  });
}
