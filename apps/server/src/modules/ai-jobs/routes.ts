import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  conversationAnalysisViewSchema, leadAiScoreSchema,
  callAnalysisSchema, callTranscriptSchema, enrichLeadBody, enrichLeadsBody, enrichmentBatchSchema, enrichmentRequestAnswerSchema, leadEnrichmentAnswerSchema,
} from '@wholesail/domain';
import { ACCESS } from '../../http/access';
import { notFound } from '../../http/errors';
import { getBatch, leadEnrichment } from './enrichment-batches';
import type { AiJobs } from './service';

const leadParams = z.object({ id: z.uuid('id: expected a lead id') });
const batchParams = z.object({ id: z.uuid('id: expected an enrichment batch id') });
const callParams = z.object({ id: z.uuid('id: expected a call id') });
const conversationParams = z.object({ id: z.uuid('id: expected a conversation id') });
/** Inline runs may call the language model: a user gets a few a minute. */
const INLINE_LIMIT = { ...ACCESS.member, rateLimit: { max: 30, timeWindow: '1 minute' } };

/**
 * POST /api/leads/enrich and /api/leads/:id/enrich (202, a batch queued), GET /api/leads/:id/enrichment,
 * GET /api/enrichment-batches/:id, POST /api/leads/:id/ai-score and
 * POST /api/conversations/:id/analyze (200, run inline by the job's own function),
 * GET /api/conversations/:id/analysis, GET /api/calls/:id/transcript and POST /api/calls/:id/analyze (200, inline)
 * (docs/api-ai-jobs.md). Manual requests run whatever the
 * organization's aiIntegration toggles say: the toggles govern the automatic jobs.
 */
export function registerAiJobRoutes(app: FastifyInstance, ai: AiJobs): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/leads/enrich', { config: ACCESS.member, schema: { body: enrichLeadsBody, response: { 202: enrichmentRequestAnswerSchema } } }, async (request, reply) =>
    reply.status(202).send(await ai.requestEnrichment(request.ctx, request.body.leadIds, request.body.priority)),
  );

  r.post('/api/leads/:id/enrich', { config: ACCESS.member, schema: { params: leadParams, body: enrichLeadBody.nullish(), response: { 202: enrichmentRequestAnswerSchema } } }, async (request, reply) =>
    reply.status(202).send(await ai.requestEnrichment(request.ctx, [request.params.id], request.body?.priority ?? 'normal')),
  );

  r.get('/api/leads/:id/enrichment', { config: ACCESS.member, schema: { params: leadParams, response: { 200: leadEnrichmentAnswerSchema } } }, async (request) =>
    leadEnrichment(request.ctx, request.params.id),
  );

  r.get('/api/enrichment-batches/:id', { config: ACCESS.member, schema: { params: batchParams, response: { 200: enrichmentBatchSchema } } }, async (request) => getBatch(request.ctx, request.params.id));

  r.post('/api/leads/:id/ai-score', { schema: { params: leadParams, response: { 200: leadAiScoreSchema } }, config: INLINE_LIMIT }, async (request) => {
    const outcome = await ai.scoreLead(request.ctx.organizationId, request.params.id);
    if (outcome.result !== 'scored') throw notFound('Lead not found');
    return outcome.score;
  });

  r.post('/api/conversations/:id/analyze', { schema: { params: conversationParams, response: { 200: conversationAnalysisViewSchema } }, config: INLINE_LIMIT }, async (request) => {
    const outcome = await ai.analyzeConversation(request.ctx.organizationId, request.params.id);
    if (outcome.result !== 'analyzed') throw notFound('Conversation not found');
    return outcome.analysis;
  });

  r.get('/api/conversations/:id/analysis', { config: ACCESS.member, schema: { params: conversationParams, response: { 200: conversationAnalysisViewSchema } } }, async (request) =>
    ai.getAnalysis(request.ctx, request.params.id),
  );

  r.get('/api/calls/:id/transcript', { config: ACCESS.memberOrKey('calls:read'), schema: { params: callParams, response: { 200: callTranscriptSchema } } }, async (request) =>
    ai.getCallTranscript(request.ctx, request.params.id),
  );

  r.post('/api/calls/:id/analyze', { schema: { params: callParams, response: { 200: callAnalysisSchema } }, config: INLINE_LIMIT }, async (request) =>
    ai.analyzeCall(request.ctx, request.params.id),
  );
}
