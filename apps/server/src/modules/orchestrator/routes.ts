import { diagnosticsSchema, feedPageSchema, feedQuery, jobActionSchema } from '@wholesail/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ListenStatus } from '../../db/database';
import { ACCESS } from '../../http/access';
import type { JobQueue } from '../../jobs/queue';
import { diagnostics } from './diagnostics';
import { orchestratorFeed } from './feed';
import { actOnJob, type JobActionKind } from './job-actions';

export interface OrchestratorDeps {
  jobs: JobQueue;
  /** The database's LISTEN subscriptions (database.listenStatus). */
  listenStatus: () => ListenStatus[];
  heartbeatSeconds: number;
}

const jobParams = z.object({ id: z.uuid('id: expected a job id') });

/**
 * The orchestrator (docs/api-orchestrator.md): members read the feed and the diagnostics; owners and admins retry or
 * discard their organization's failed jobs.
 */
export function registerOrchestratorRoutes(app: FastifyInstance, deps: OrchestratorDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/orchestrator/feed', { config: ACCESS.member, schema: { querystring: feedQuery, response: { 200: feedPageSchema } } }, ({ ctx, query }) =>
    ctx.read((tx) => orchestratorFeed(tx, ctx.organizationId, query)),
  );
  r.get('/api/orchestrator/diagnostics', { config: ACCESS.member, schema: { response: { 200: diagnosticsSchema } } }, ({ ctx }) =>
    ctx.read((tx) => diagnostics(tx, ctx.organizationId, ctx.role === 'owner' || ctx.role === 'admin', deps)),
  );
  for (const action of ['retry', 'discard'] as const satisfies readonly JobActionKind[]) {
    r.post(`/api/orchestrator/jobs/:id/${action}`, { config: ACCESS.admin, schema: { params: jobParams, response: { 200: jobActionSchema } } }, async ({ ctx, params }) => {
      const done = await ctx.write((tx) => actOnJob(tx, ctx, deps.jobs, params.id, action));
      if (action === 'retry') deps.jobs.wake(done.queue);
      return done;
    });
  }
}
