import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCESS } from '../../http/access';
import { notFound } from '../../http/errors';
import type { AiJobs } from './service';

const leadParams = z.object({ id: z.uuid('id: expected a lead id') });
const conversationParams = z.object({ id: z.uuid('id: expected a conversation id') });
/** Inline runs may call the language model: a user gets a few a minute. */
const INLINE_LIMIT = { ...ACCESS.member, rateLimit: { max: 30, timeWindow: '1 minute' } };

/**
 * POST /api/leads/:id/enrich (202, queued), POST /api/leads/:id/ai-score and
 * POST /api/conversations/:id/analyze (200, run inline by the job's own function), and
 * GET /api/conversations/:id/analysis (docs/api-ai-jobs.md). Manual requests run whatever the
 * organization's aiIntegration toggles say: the toggles govern the automatic jobs.
 */
export function registerAiJobRoutes(app: FastifyInstance, ai: AiJobs): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/leads/:id/enrich', { config: ACCESS.member, schema: { params: leadParams } }, async (request, reply) => {
    return reply.status(202).send(await ai.requestEnrichment(request.ctx, request.params.id));
  });

  r.post('/api/leads/:id/ai-score', { schema: { params: leadParams }, config: INLINE_LIMIT }, async (request) => {
    const outcome = await ai.scoreLead(request.ctx.organizationId, request.params.id);
    if (outcome.result !== 'scored') throw notFound('Lead not found');
    return outcome.score;
  });

  r.post('/api/conversations/:id/analyze', { schema: { params: conversationParams }, config: INLINE_LIMIT }, async (request) => {
    const outcome = await ai.analyzeConversation(request.ctx.organizationId, request.params.id);
    if (outcome.result !== 'analyzed') throw notFound('Conversation not found');
    return outcome.analysis;
  });

  r.get('/api/conversations/:id/analysis', { config: ACCESS.member, schema: { params: conversationParams } }, async (request) =>
    ai.getAnalysis(request.ctx, request.params.id),
  );
}
