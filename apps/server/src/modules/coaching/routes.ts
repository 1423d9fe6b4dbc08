import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { coachingScriptsBody, coachingScriptsResponseSchema, coachingSuggestionsBody, coachingSuggestionsResponseSchema } from '@wholesail/domain';
import { ACCESS } from '../../http/access';
import type { CoachingService } from './service';

/** POST /api/coaching/suggestions and /api/coaching/scripts for members of an organization (docs/api-coaching.md). */
export function registerCoachingRoutes(app: FastifyInstance, coaching: CoachingService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/api/coaching/suggestions', { config: ACCESS.member, schema: { body: coachingSuggestionsBody, response: { 200: coachingSuggestionsResponseSchema } } }, async (request) =>
    coaching.suggestions(request.ctx, request.body),
  );
  r.post('/api/coaching/scripts', { config: ACCESS.member, schema: { body: coachingScriptsBody, response: { 200: coachingScriptsResponseSchema } } }, async (request) =>
    coaching.scripts(request.ctx, request.body),
  );
}
