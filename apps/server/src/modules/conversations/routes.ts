import type { FastifyInstance } from 'fastify';
import twilio from 'twilio';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  callCheckQuery, conversationListSchema, conversationMessageSchema, conversationsQuery, conversationThreadListSchema, markReadResultSchema, sendTextBody,
  textCheckResultSchema, threadsQuery,
} from '@wholesail/domain';
import type { Config } from '../../config';
import { ACCESS } from '../../http/access';
import { errorBody } from '../../http/errors';
import { SMS_STATUS_PATH } from '../../providers/sms';
import { registerTwilioWebhooks, type FormParams } from '../voice/twilio-webhooks';
import type { ConversationsModule } from './service';

export const SMS_WEBHOOK_PATH = '/api/webhooks/twilio/sms';

const leadParams = z.object({ leadId: z.uuid('expected a lead id') });

/** The texting API (docs/api-conversations.md), for signed-in organization members. */
export function registerConversationRoutes(app: FastifyInstance, conversations: ConversationsModule): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const textsWrite = ACCESS.memberOrKey('texts:write');
  const textsRead = ACCESS.memberOrKey('texts:read');

  r.post('/api/conversations', { config: textsWrite, schema: { body: sendTextBody, response: { 201: conversationMessageSchema } } }, async (request, reply) =>
    reply.status(201).send(await conversations.send(request.ctx, request.body)),
  );
  r.get('/api/conversations', { config: textsRead, schema: { querystring: conversationsQuery, response: { 200: conversationListSchema } } }, async (request) =>
    conversations.list(request.ctx, request.query.lead_id),
  );
  r.get('/api/conversations/threads', { config: textsRead, schema: { querystring: threadsQuery, response: { 200: conversationThreadListSchema } } }, async (request) =>
    conversations.threads(request.ctx, request.query),
  );
  r.get('/api/conversations/check', { config: textsRead, schema: { querystring: callCheckQuery, response: { 200: textCheckResultSchema } } }, async (request) =>
    conversations.check(request.ctx, request.query.leadId),
  );
  r.post('/api/conversations/:leadId/read', { config: textsWrite, schema: { params: leadParams, response: { 200: markReadResultSchema } } }, async (request) =>
    conversations.markRead(request.ctx, request.params.leadId),
  );
}

/** Twilio's inbound-text and delivery-status webhooks, signature-checked like the voice webhooks. */
export async function registerConversationWebhooks(app: FastifyInstance, conversations: ConversationsModule, config: Config): Promise<void> {
  const emptyTwiml = new twilio.twiml.MessagingResponse().toString();
  await registerTwilioWebhooks(app, config, (hooks) => {
    hooks.post(SMS_WEBHOOK_PATH, async (request, reply) => {
      const p = request.body as FormParams;
      const messageSid = p.MessageSid ?? p.SmsMessageSid ?? p.SmsSid ?? '';
      if (!messageSid || !p.From || !p.To) return reply.status(400).send(errorBody('VALIDATION_ERROR', 'MessageSid, From and To are required'));
      const result = await conversations.receiveInbound({ messageSid, from: p.From, to: p.To, body: p.Body ?? '' });
      if (result.result === 'unknown_number' || result.result === 'unknown_sender') {
        request.log.warn({ messageSid, to: p.To, from: p.From, result: result.result }, 'Twilio inbound text ignored');
        return reply.status(204).send();
      }
      return reply.type('text/xml').send(emptyTwiml);
    });
    hooks.post(SMS_STATUS_PATH, async (request, reply) => {
      const p = request.body as FormParams;
      const sid = p.MessageSid ?? p.SmsSid ?? '';
      const status = p.MessageStatus ?? p.SmsStatus ?? '';
      const error = p.ErrorMessage ?? (p.ErrorCode ? `Twilio error ${p.ErrorCode}` : null);
      const result = await conversations.applyStatus(sid, status, error);
      if (result === 'invalid') return reply.status(400).send(errorBody('VALIDATION_ERROR', 'MessageSid and a known MessageStatus are required'));
      if (result === 'unknown_message') request.log.warn({ messageSid: sid, status }, 'Twilio status for an unknown text');
      return reply.status(204).send();
    });
  });
}
