import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { coachingScriptsBody, coachingSuggestionsBody } from '@wholesail/domain';
import type { Guards } from '../../http/context';
import type { CoachingService } from './service';

/** POST /api/coaching/suggestions and /api/coaching/scripts for members of an organization (docs/api-coaching.md). */
export function registerCoachingRoutes(app: FastifyInstance, coaching: CoachingService, guards: Guards): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/api/coaching/suggestions', { schema: { body: coachingSuggestionsBody } }, async (request) =>
    coaching.suggestions(await guards.requireOrganization(request), request.body),
  );
  r.post('/api/coaching/scripts', { schema: { body: coachingScriptsBody } }, async (request) =>
    coaching.scripts(await guards.requireOrganization(request), request.body),
  );
}
