import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { AI_AREA_TOGGLES, AI_AREAS, aiAreaMode, aiChatBody, aiHealthSchema, askLeadAnswerSchema, askLeadBody, chatCompletionSchema, type AiAreaMode, type AiAreaStatus, type AiHealth, type AiArea } from '@wholesail/domain';
import type { DB } from '../../db/types';
import { ACCESS } from '../../http/access';
import type { RequestContext } from '../../http/context';
import type { LlmProvider } from '../../providers/llm';
import { readAiIntegration } from '../settings/service';
import { askAboutLead } from './lead-ask';
import { AiStatusRecord, llmAppError, llmNotConfigured } from './status';

const leadParams = z.object({ id: z.uuid('id: expected a lead id') });
/** Each question is a model call: a member gets a few a minute. */
const ASK_LIMIT = { ...ACCESS.member, rateLimit: { max: 30, timeWindow: '1 minute' } };

/**
 * Per area, what runs (aiAreaMode: off, the outside service, the built-in patterns or rules, or nothing for want of
 * a service) and its status: 'inactive' when nothing runs, 'error' when its last call failed in the last 5 minutes,
 * else 'active'.
 */
export async function aiHealth(services: { db: Kysely<DB>; llm: LlmProvider | null; enrichmentConfigured: boolean }, ctx: RequestContext): Promise<AiHealth> {
  const { aiIntegration, failing } = await ctx.read(async (tx) => ({
    aiIntegration: await readAiIntegration(tx, ctx.organizationId),
    failing: await new AiStatusRecord(services.db).failingAreas(tx, ctx.organizationId),
  }));
  const configured = { llm: services.llm !== null, enrichment: services.enrichmentConfigured };
  const mode = (area: AiArea): AiAreaMode => aiAreaMode(area, aiIntegration[AI_AREA_TOGGLES[area]], configured);
  const status = (area: AiArea): AiAreaStatus =>
    mode(area) === 'off' || mode(area) === 'not_configured' ? 'inactive' : failing.has(area) ? 'error' : 'active';
  return {
    llm: configured.llm ? 'configured' : 'not_configured',
    enrichment: configured.enrichment ? 'configured' : 'not_configured',
    areas: Object.fromEntries(AI_AREAS.map((area) => [area, status(area)])) as Record<AiArea, AiAreaStatus>,
    modes: Object.fromEntries(AI_AREAS.map((area) => [area, mode(area)])) as Record<AiArea, AiAreaMode>,
    checked_at: new Date().toISOString(),
  };
}

/**
 * GET /api/ai/health, POST /api/ai/chat (platform.md §7 delegated-openai-chat) and POST /api/leads/:id/ask (the same,
 * grounded in a lead: lead-ask.ts) for any member of an organization. Chat answers in the chat-completions shape; 503 without a model, 502 when the model fails.
 */
export function registerAiRoutes(app: FastifyInstance, deps: { db: Kysely<DB>; llm: LlmProvider | null; enrichmentConfigured: boolean }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/ai/health', { config: ACCESS.member, schema: { response: { 200: aiHealthSchema } } }, async (request) => aiHealth(deps, request.ctx));

  r.post('/api/ai/chat', { config: ACCESS.member, schema: { body: aiChatBody, response: { 200: chatCompletionSchema } } }, async (request) => {
    if (!deps.llm) throw llmNotConfigured();
    const { messages, max_tokens, temperature } = request.body;
    try {
      // The model is the server's (LLM_MODEL): a caller cannot pick a costlier one.
      return await deps.llm.chat({ messages, max_tokens, temperature });
    } catch (error) {
      throw llmAppError(request.log, error, 'chat');
    }
  });

  r.post('/api/leads/:id/ask', { config: ASK_LIMIT, schema: { params: leadParams, body: askLeadBody, response: { 200: askLeadAnswerSchema } } }, async (request) =>
    askAboutLead({ ...deps, log: request.log }, request.ctx, request.params.id, request.body),
  );
}
