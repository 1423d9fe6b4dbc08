import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addDncBody, DNC_MESSAGES, dncEntrySchema, dncImportResultSchema, dncListQuery, dncListSchema, dncPhoneParams, dncRemovalSchema, IMPORT_MAX_BYTES,
  removeDncBody, removeDncQuery,
} from '@wholesail/domain';
import { ACCESS } from '../../http/access';
import { readCsvUpload, registerCsvUploadRoutes } from '../../http/csv-upload';
import { badRequest } from '../../http/errors';
import { addDnc, importDnc, listDnc, removeDnc } from './service';

/** The organization's Do-Not-Contact list (docs/api-dnc.md): any member reads, adds and imports; owners and admins remove. */
export async function registerDncRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const leadsRead = ACCESS.memberOrKey('leads:read');
  const leadsWrite = ACCESS.memberOrKey('leads:write');

  r.get('/api/dnc', { config: leadsRead, schema: { querystring: dncListQuery, response: { 200: dncListSchema } } }, async (request) => listDnc(request.ctx, request.query));

  r.post('/api/dnc', { config: leadsWrite, schema: { body: addDncBody, response: { 200: dncEntrySchema, 201: dncEntrySchema } } }, async (request, reply) => {
    const { entry, created } = await addDnc(request.ctx, request.body);
    return reply.status(created ? 201 : 200).send(entry);
  });

  r.delete('/api/dnc/:phone', { config: ACCESS.admin, schema: { params: dncPhoneParams, querystring: removeDncQuery, body: removeDncBody.nullish(), response: { 200: dncRemovalSchema } } }, async (request) => {
    const { ctx } = request;
    const reason = request.body?.reason || request.query.reason;
    if (!reason) throw badRequest(`reason: ${DNC_MESSAGES.reasonRequired}`, 'VALIDATION_ERROR');
    const override = request.body?.confirm_opt_out_override ?? request.query.confirm_opt_out_override === 'true';
    return removeDnc(ctx, request.params.phone, { reason, override });
  });

  await registerCsvUploadRoutes(app, (scope) => {
    scope.withTypeProvider<ZodTypeProvider>().post('/api/dnc/import', { config: leadsWrite, bodyLimit: IMPORT_MAX_BYTES, schema: { response: { 200: dncImportResultSchema } } }, async (request) => {
      const { ctx } = request;
      return importDnc(ctx, (await readCsvUpload(request)).bytes);
    });
  });
}
