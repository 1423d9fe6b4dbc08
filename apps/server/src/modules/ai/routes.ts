import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { AI_AREA_TOGGLES, AI_AREAS, aiChatBody, type AiAreaStatus, type AiHealth, type AiArea } from '@wholesail/domain';
import type { DB } from '../../db/types';
import type { Guards, OrgContext } from '../../http/context';
import { AppError } from '../../http/errors';
import { LlmError, type ChatCompletion, type LlmProvider } from '../../providers/llm';
import { getSettings } from '../settings/service';
import { aiStatus, llmFailureText, logLlmFailure } from './status';

export const AI_MESSAGES = {
  notConfigured: 'No language model is configured (LLM_BASE_URL)',
} as const;

/** Per area: 'inactive' when its setting is off, 'error' when its last call failed in the last 5 minutes, else 'active'. */
export async function aiHealth(db: Kysely<DB>, llm: LlmProvider | null, ctx: OrgContext): Promise<AiHealth> {
  const { aiIntegration } = await getSettings(db, ctx);
  const status = (area: AiArea): AiAreaStatus =>
    !aiIntegration[AI_AREA_TOGGLES[area]] ? 'inactive' : aiStatus.failing(ctx.organizationId, area) ? 'error' : 'active';
  return {
    llm: llm ? 'configured' : 'not_configured',
    areas: Object.fromEntries(AI_AREAS.map((area) => [area, status(area)])) as Record<AiArea, AiAreaStatus>,
    checked_at: new Date().toISOString(),
  };
}

/**
 * GET /api/ai/health and POST /api/ai/chat (platform.md §7 delegated-openai-chat) for any member of an
 * organization. Chat answers in the chat-completions shape; 503 without a model, 502 when the model fails.
 */
export function registerAiRoutes(app: FastifyInstance, deps: { db: Kysely<DB>; llm: LlmProvider | null }, guards: Guards): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/ai/health', async (request) => aiHealth(deps.db, deps.llm, await guards.requireOrganization(request)));

  r.post('/api/ai/chat', { schema: { body: aiChatBody } }, async (request): Promise<ChatCompletion> => {
    await guards.requireOrganization(request);
    if (!deps.llm) throw new AppError(503, 'LLM_NOT_CONFIGURED', AI_MESSAGES.notConfigured);
    const { messages, max_tokens, temperature } = request.body;
    try {
      // The model is the server's (LLM_MODEL): a caller cannot pick a costlier one.
      return await deps.llm.chat({ messages, max_tokens, temperature });
    } catch (error) {
      logLlmFailure(request.log, error, 'chat');
      const status = error instanceof LlmError ? error.status : null;
      const text = llmFailureText(error);
      throw new AppError(502, 'LLM_ERROR', status && !text.includes(String(status)) ? `The language model answered ${status}: ${text}` : text);
    }
  });
}
