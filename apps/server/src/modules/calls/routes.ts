import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  callCheckQuery, callCheckSchema, callPageSchema, listCallsQuery, callRecordSchema, callSettingsBody, callSettingsViewSchema, completeCallBody, completeCallResultSchema, dtmfBody,
  muteCallBody, muteResultSchema, startCallBody, startCallResultSchema,
} from '@wholesail/domain';
import { ACCESS } from '../../http/access';
import { badRequest } from '../../http/errors';
import { listCalls } from './list';
import type { CallsModule } from './service';

const idParams = z.object({ id: z.uuid('id: expected a call id') });

export function registerCallRoutes(app: FastifyInstance, calls: CallsModule): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/calls/settings', { config: ACCESS.member, schema: { response: { 200: callSettingsViewSchema } } }, async (request) => calls.getSettings(request.ctx));
  r.put('/api/calls/settings', { config: ACCESS.admin, schema: { body: callSettingsBody, response: { 200: callSettingsViewSchema } } }, async (request) =>
    calls.setSettings(request.ctx, request.body),
  );
  r.get('/api/calls/check', { config: ACCESS.member, schema: { querystring: callCheckQuery, response: { 200: callCheckSchema } } }, async (request) =>
    calls.check(request.ctx, request.query.leadId, request.query.to),
  );
  r.post('/api/calls', { config: ACCESS.member, schema: { body: startCallBody, response: { 201: startCallResultSchema } } }, async (request, reply) =>
    reply.status(201).send(await calls.start(request.ctx, request.body)),
  );
  r.get('/api/calls', { config: ACCESS.memberOrKey('calls:read'), schema: { querystring: listCallsQuery, response: { 200: callPageSchema } } }, ({ ctx, query }) =>
    ctx.read((tx) => listCalls(tx, ctx.organizationId, query)),
  );
  r.get('/api/calls/:id', { config: ACCESS.memberOrKey('calls:read'), schema: { params: idParams, response: { 200: callRecordSchema } } }, async (request) => calls.get(request.ctx, request.params.id));
  r.post('/api/calls/:id/hangup', { config: ACCESS.member, schema: { params: idParams, response: { 200: callRecordSchema } } }, async (request) =>
    calls.hangup(request.ctx, request.params.id),
  );
  r.post('/api/calls/:id/mute', { config: ACCESS.member, schema: { params: idParams, body: muteCallBody, response: { 200: muteResultSchema } } }, async (request) =>
    calls.mute(request.ctx, request.params.id, request.body.muted),
  );
  r.post('/api/calls/:id/dtmf', { config: ACCESS.member, schema: { params: idParams, body: dtmfBody } }, async (request, reply) => {
    await calls.tones(request.ctx, request.params.id, request.body.digits);
    return reply.status(204).send();
  });
  // The body is parsed here, not by the route schema, so a missing outcome answers with the spec's own message.
  r.post('/api/calls/:id/complete', { config: ACCESS.member, schema: { params: idParams, response: { 200: completeCallResultSchema } } }, async (request) => {
    const { ctx } = request;
    const parsed = completeCallBody.safeParse(request.body ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = issue.path.join('.');
      throw badRequest(field === 'outcome' ? issue.message : `${field || 'body'}: ${issue.message}`, 'VALIDATION_ERROR');
    }
    return calls.complete(ctx, request.params.id, parsed.data);
  });
}
