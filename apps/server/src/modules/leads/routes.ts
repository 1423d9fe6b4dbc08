import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bulkLeadsBody, bulkLeadsResultSchema, createLeadBody, leadContextSchema, leadPageSchema, leadRecordSchema, leadStatsSchema, listLeadsQuery, topLeadsQuery, topLeadsSchema,
  updateLeadBody,
} from '@wholesail/domain';
import { ACCESS } from '../../http/access';
import { bulkUpdateLeads } from './bulk';
import { createLead, deleteLead, getLead, leadContext, leadStats, listLeads, restoreLead, topLeads, updateLead } from './service';

const idParams = z.object({ id: z.uuid('id: expected a lead id') });
const record = { 200: leadRecordSchema };

export function registerLeadRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const leadsRead = ACCESS.memberOrKey('leads:read');
  const leadsWrite = ACCESS.memberOrKey('leads:write');

  r.get('/api/leads', { config: leadsRead, schema: { querystring: listLeadsQuery, response: { 200: leadPageSchema } } }, async (request) => listLeads(request.ctx, request.query));
  r.get('/api/leads/top', { config: leadsRead, schema: { querystring: topLeadsQuery, response: { 200: topLeadsSchema } } }, async (request) => ({
    items: await topLeads(request.ctx, request.query.limit),
  }));
  r.get('/api/leads/stats', { config: leadsRead, schema: { response: { 200: leadStatsSchema } } }, async (request) => leadStats(request.ctx));
  r.get('/api/leads/:id', { config: leadsRead, schema: { params: idParams, response: record } }, async (request) => getLead(request.ctx, request.params.id));
  r.get('/api/leads/:id/context', { config: ACCESS.member, schema: { params: idParams, response: { 200: leadContextSchema } } }, async (request) => leadContext(request.ctx, request.params.id));
  r.post('/api/leads', { config: leadsWrite, schema: { body: createLeadBody, response: { 201: leadRecordSchema } } }, async (request, reply) => {
    const lead = await createLead(request.ctx, request.body);
    return reply.status(201).send(lead);
  });
  r.post('/api/leads/bulk', { config: leadsWrite, schema: { body: bulkLeadsBody, response: { 200: bulkLeadsResultSchema } } }, async (request) => bulkUpdateLeads(request.ctx, request.body));
  r.patch('/api/leads/:id', { config: leadsWrite, schema: { params: idParams, body: updateLeadBody, response: record } }, async (request) =>
    updateLead(request.ctx, request.params.id, request.body),
  );
  r.delete('/api/leads/:id', { config: leadsWrite, schema: { params: idParams } }, async (request, reply) => {
    await deleteLead(request.ctx, request.params.id);
    return reply.status(204).send();
  });
  r.post('/api/leads/:id/restore', { config: ACCESS.admin, schema: { params: idParams, response: record } }, async (request) => restoreLead(request.ctx, request.params.id));
}
