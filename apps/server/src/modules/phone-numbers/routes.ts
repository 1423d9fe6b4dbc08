import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  callerIdChoiceSchema, callerIdQuery, defaultAssignmentBody, organizationPhoneNumberSchema, phoneAssignmentListSchema, phoneAssignmentSchema,
  phoneNumberCreateBody, phoneNumberListSchema, phoneNumberUpdateBody,
} from '@wholesail/domain';
import { ACCESS } from '../../http/access';
import type { TwilioNumberOwnership } from '../../providers/voice/twilio-numbers';
import { recorded } from '../integrations/status';
import * as service from './service';

const idParams = z.object({ id: z.uuid('id: expected a phone number id') });

/** Organization caller-ID numbers (admins manage them), each user's default, and the caller-ID choice. */
export function registerPhoneNumberRoutes(app: FastifyInstance, ownership: TwilioNumberOwnership | null): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.services.database;

  r.get('/api/phone-numbers', { config: ACCESS.member, schema: { response: { 200: phoneNumberListSchema } } }, async (request) => service.listNumbers(request.ctx));
  r.post('/api/phone-numbers', { config: ACCESS.admin, schema: { body: phoneNumberCreateBody, response: { 201: organizationPhoneNumberSchema } } }, async (request, reply) => {
    // Asking Twilio about the number is the server's one REST call on the voice side: its outcome is the voice status.
    const asked = ownership && { owns: (n: string) => recorded(db, request.ctx.organizationId, 'twilio_voice', ownership.owns(n), request.log) };
    return reply.status(201).send(await service.createNumber(request.ctx, request.body, asked));
  });
  r.patch('/api/phone-numbers/:id', { config: ACCESS.admin, schema: { params: idParams, body: phoneNumberUpdateBody, response: { 200: organizationPhoneNumberSchema } } }, async (request) =>
    service.updateNumber(request.ctx, request.params.id, request.body),
  );
  r.delete('/api/phone-numbers/:id', { config: ACCESS.admin, schema: { params: idParams } }, async (request, reply) => {
    await service.deleteNumber(request.ctx, request.params.id);
    return reply.status(204).send();
  });

  r.get('/api/phone-assignments', { config: ACCESS.member, schema: { response: { 200: phoneAssignmentListSchema } } }, async (request) => service.listAssignments(request.ctx));
  r.put('/api/phone-assignments/default', { config: ACCESS.member, schema: { body: defaultAssignmentBody, response: { 200: phoneAssignmentSchema } } }, async (request) =>
    service.setDefaultNumber(request.ctx, request.body.phone_number),
  );

  r.get('/api/calls/caller-id', { config: ACCESS.member, schema: { querystring: callerIdQuery, response: { 200: callerIdChoiceSchema } } }, async (request) =>
    service.callerId(request.ctx, request.query.leadId),
  );
}
