import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callLeadContextSchema, transcriptionListSchema, transcriptionsQuery } from '@wholesail/domain';
import { ACCESS } from '../../http/access';
import { notFound } from '../../http/errors';
import { callLeadContext } from './lead-context';
import { listBySid } from './repo';
import { registerTranscriptionStream, type StreamDeps } from './stream';

const sidParams = z.object({ callSid: z.string().trim().min(1, 'callSid: required').max(100, 'callSid: at most 100 characters') });

/**
 * GET /api/calls/by-sid/:callSid/transcriptions: the polling fallback of the live transcript;
 * WS /api/transcription-stream: the live transcript; GET /api/calls/by-sid/:callSid/lead-context: the call's lead.
 */
export function registerTranscriptionRoutes(app: FastifyInstance, deps: StreamDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/calls/by-sid/:callSid/transcriptions', { config: ACCESS.member, schema: { params: sidParams, querystring: transcriptionsQuery, response: { 200: transcriptionListSchema } } }, async (request) => {
    const { ctx } = request;
    return ctx.read(async (tx) => {
      const call = await tx.selectFrom('calls').select('id').where('organization_id', '=', ctx.organizationId).where('call_sid', '=', request.params.callSid).executeTakeFirst();
      if (!call) throw notFound('Call not found');
      return { items: await listBySid(tx, ctx.organizationId, request.params.callSid, request.query.limit) };
    });
  });
  r.get('/api/calls/by-sid/:callSid/lead-context', { config: ACCESS.member, schema: { params: sidParams, response: { 200: callLeadContextSchema } } }, async (request) =>
    request.ctx.read((tx) => callLeadContext(tx, request.ctx.organizationId, request.params.callSid)),
  );
  registerTranscriptionStream(app, deps);
}
