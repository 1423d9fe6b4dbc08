import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { followUpTaskSchema, listTasksQuery, updateTaskBody } from '@wholesail/domain';
import { ACCESS } from '../../http/access';
import { notFound } from '../../http/errors';
import * as repo from './repo';

const idParams = z.object({ id: z.uuid('id: expected a task id') });

/** Follow-up tasks created by post-call actions: listed for the dashboard and lead pages, marked done. */
export function registerTaskRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/tasks', { config: ACCESS.memberOrKey('leads:read'), schema: { querystring: listTasksQuery, response: { 200: z.object({ items: z.array(followUpTaskSchema) }) } } }, async (request) => {
    const { ctx } = request;
    return ctx.read(async (tx) => ({ items: await repo.listTasks(tx, ctx.organizationId, request.query) }));
  });
  r.patch('/api/tasks/:id', { config: ACCESS.memberOrKey('leads:write'), schema: { params: idParams, body: updateTaskBody, response: { 200: followUpTaskSchema } } }, async (request) => {
    const { ctx } = request;
    const task = await ctx.write((tx) => repo.updateTaskStatus(tx, ctx.organizationId, request.params.id, request.body.status));
    if (!task) throw notFound('Task not found');
    return task;
  });
}
