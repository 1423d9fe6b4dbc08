import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { callerIdQuery, defaultAssignmentBody, phoneNumberCreateBody, phoneNumberUpdateBody } from '@wholesail/domain';
import type { DB } from '../../db/types';
import type { Guards } from '../../http/context';
import * as service from './service';

const idParams = z.object({ id: z.uuid('id: expected a phone number id') });

/** Organization caller-ID numbers (admins manage them), each user's default, and the caller-ID choice. */
export function registerPhoneNumberRoutes(app: FastifyInstance, db: Kysely<DB>, guards: Guards): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/phone-numbers', async (request) => service.listNumbers(db, await guards.requireOrganization(request)));
  r.post('/api/phone-numbers', { schema: { body: phoneNumberCreateBody } }, async (request, reply) =>
    reply.status(201).send(await service.createNumber(db, await guards.requireAdmin(request), request.body)),
  );
  r.patch('/api/phone-numbers/:id', { schema: { params: idParams, body: phoneNumberUpdateBody } }, async (request) =>
    service.updateNumber(db, await guards.requireAdmin(request), request.params.id, request.body),
  );
  r.delete('/api/phone-numbers/:id', { schema: { params: idParams } }, async (request, reply) => {
    await service.deleteNumber(db, await guards.requireAdmin(request), request.params.id);
    return reply.status(204).send();
  });

  r.get('/api/phone-assignments', async (request) => service.listAssignments(db, await guards.requireOrganization(request)));
  r.put('/api/phone-assignments/default', { schema: { body: defaultAssignmentBody } }, async (request) =>
    service.setDefaultNumber(db, await guards.requireOrganization(request), request.body.phone_number),
  );

  r.get('/api/calls/caller-id', { schema: { querystring: callerIdQuery } }, async (request) =>
    service.callerId(db, await guards.requireOrganization(request), request.query.leadId),
  );
}
