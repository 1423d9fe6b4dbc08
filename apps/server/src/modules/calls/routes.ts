import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callCheckQuery, callSettingsBody, completeCallBody, dtmfBody, muteCallBody, startCallBody } from '@wholesail/domain';
import type { Guards } from '../../http/context';
import { badRequest } from '../../http/errors';
import type { CallsModule } from './service';

const idParams = z.object({ id: z.uuid('id: expected a call id') });

export function registerCallRoutes(app: FastifyInstance, calls: CallsModule, guards: Guards): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/calls/settings', async (request) => calls.getSettings(await guards.requireOrganization(request)));
  r.put('/api/calls/settings', { schema: { body: callSettingsBody } }, async (request) =>
    calls.setSettings(await guards.requireAdmin(request), request.body),
  );
  r.get('/api/calls/check', { schema: { querystring: callCheckQuery } }, async (request) =>
    calls.check(await guards.requireOrganization(request), request.query.leadId),
  );
  r.post('/api/calls', { schema: { body: startCallBody } }, async (request, reply) =>
    reply.status(201).send(await calls.start(await guards.requireOrganization(request), request.body)),
  );
  r.get('/api/calls/:id', { schema: { params: idParams } }, async (request) => calls.get(await guards.requireOrganization(request), request.params.id));
  r.post('/api/calls/:id/hangup', { schema: { params: idParams } }, async (request) =>
    calls.hangup(await guards.requireOrganization(request), request.params.id),
  );
  r.post('/api/calls/:id/mute', { schema: { params: idParams, body: muteCallBody } }, async (request) =>
    calls.mute(await guards.requireOrganization(request), request.params.id, request.body.muted),
  );
  r.post('/api/calls/:id/dtmf', { schema: { params: idParams, body: dtmfBody } }, async (request, reply) => {
    await calls.tones(await guards.requireOrganization(request), request.params.id, request.body.digits);
    return reply.status(204).send();
  });
  // The body is parsed here, not by the route schema, so a missing outcome answers with the spec's own message.
  r.post('/api/calls/:id/complete', { schema: { params: idParams } }, async (request) => {
    const ctx = await guards.requireOrganization(request);
    const parsed = completeCallBody.safeParse(request.body ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = issue.path.join('.');
      throw badRequest(field === 'outcome' ? issue.message : `${field || 'body'}: ${issue.message}`, 'VALIDATION_ERROR');
    }
    return calls.complete(ctx, request.params.id, parsed.data);
  });
}
