import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dismissOnboardingBody, onboardingSchema } from '@wholesail/domain';
import { ACCESS } from '../../http/access';
import { dismissOnboarding, readOnboarding } from './service';

/** The setup checklist (docs/onboarding.md): members read it; owners and admins hide it or bring it back. */
export function registerOnboardingRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const llmConfigured = app.services.config.llm !== null;
  r.get('/api/onboarding', { config: ACCESS.member, schema: { response: { 200: onboardingSchema } } }, ({ ctx }) =>
    ctx.read((tx) => readOnboarding(tx, ctx.organizationId, llmConfigured)),
  );
  r.post('/api/onboarding/dismiss', { config: ACCESS.admin, schema: { body: dismissOnboardingBody, response: { 200: onboardingSchema } } }, ({ ctx, body }) =>
    ctx.write((tx) => dismissOnboarding(tx, ctx, body.dismissed, llmConfigured)),
  );
}
