import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { listTasksQuery, updateTaskBody } from '@wholesail/domain';
import { withTenant } from '../../db/scope';
import type { DB } from '../../db/types';
import type { Guards } from '../../http/context';
import { notFound } from '../../http/errors';
import * as repo from './repo';

const idParams = z.object({ id: z.uuid('id: expected a task id') });

/** Follow-up tasks created by post-call actions: listed for the dashboard and lead pages, marked done. */
export function registerTaskRoutes(app: FastifyInstance, db: Kysely<DB>, guards: Guards): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/tasks', { schema: { querystring: listTasksQuery } }, async (request) => {
    const ctx = await guards.requireOrganization(request);
    return withTenant(db, ctx.organizationId, async (tx) => ({ items: await repo.listTasks(tx, ctx.organizationId, request.query) }));
  });
  r.patch('/api/tasks/:id', { schema: { params: idParams, body: updateTaskBody } }, async (request) => {
    const ctx = await guards.requireOrganization(request);
    const task = await withTenant(db, ctx.organizationId, (tx) => repo.updateTaskStatus(tx, ctx.organizationId, request.params.id, request.body.status));
    if (!task) throw notFound('Task not found');
    return task;
  });
}
