import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { voiceTokenSchema } from '@wholesail/domain';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { DB } from '../../db/types';
import { ACCESS } from '../../http/access';
import { errorBody } from '../../http/errors';
import { createVoiceToken } from '../../providers/voice/twilio';
import type { CallsModule } from '../calls/service';
import { ingestTranscription } from '../transcription/ingest';
import { parseTranscriptionCallback } from './twilio-transcription';
import { answerVoiceWebhook, applyStatusWebhook, registerTwilioWebhooks, type FormParams } from './twilio-webhooks';

/** POST /api/voice/token and, with Twilio configured, the signature-checked Twilio webhooks. */
export async function registerVoiceRoutes(app: FastifyInstance, deps: { db: Kysely<DB>; config: Config; calls: CallsModule }): Promise<void> {
  const { config, db, calls } = deps;

  app.withTypeProvider<ZodTypeProvider>().post('/api/voice/token', { config: ACCESS.member, schema: { response: { 200: voiceTokenSchema } } }, async (request) => {
    const { ctx } = request;
    const provider = await calls.voiceProvider(ctx);
    if (provider === 'demo' || !config.twilio) return { provider: 'demo' as const, identity: `demo_${ctx.user.id.slice(0, 8)}`, token: null, expires_at: null };
    return { provider: 'twilio' as const, ...createVoiceToken(config.twilio, ctx.user.id) };
  });

  await registerTwilioWebhooks(app, config, (hooks) => {
    hooks.post('/api/webhooks/twilio/voice', async (request, reply) => {
      const twiml = await answerVoiceWebhook(db, config.publicUrl, request.body as FormParams);
      return reply.type('text/xml').send(twiml);
    });
    hooks.post('/api/webhooks/twilio/status', async (request, reply) => {
      const result = await applyStatusWebhook(db, request.body as FormParams);
      if (result === 'invalid') return reply.status(400).send(errorBody('VALIDATION_ERROR', 'CallSid, CallStatus and SequenceNumber are required'));
      if (result === 'unknown_call') request.log.warn({ callSid: (request.body as FormParams).CallSid }, 'Twilio status for an unknown call');
      return reply.status(204).send();
    });
    // Real-time transcription: content goes through the one ingestion function; a replay is stored once.
    hooks.post('/api/webhooks/twilio/transcription', async (request, reply) => {
      const parsed = parseTranscriptionCallback(request.body as FormParams);
      if (parsed.kind === 'invalid') return reply.status(400).send(errorBody('VALIDATION_ERROR', parsed.message));
      if (parsed.kind === 'lifecycle') {
        request.log.info({ callSid: parsed.callSid, event: parsed.event }, 'Twilio transcription event');
        return reply.status(204).send();
      }
      const result = await ingestTranscription(db, parsed.chunk);
      if (result.result === 'unknown_call') request.log.warn({ callSid: parsed.chunk.callSid }, 'Twilio transcription for an unknown call');
      return reply.status(204).send();
    });
  });
}
