import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listNotificationsQuery, notificationListSchema, notificationSchema, notificationsReadSchema } from '@wholesail/domain';
import { ACCESS } from '../../http/access';
import { notFound } from '../../http/errors';
import * as repo from './repo';

const idParams = z.object({ id: z.uuid('id: expected a notification id') });

/** The signed-in member's own notifications: listed with their unread count, marked read one by one or all at once. */
export function registerNotificationRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/notifications', { config: ACCESS.member, schema: { querystring: listNotificationsQuery, response: { 200: notificationListSchema } } }, async (request) => {
    const { ctx } = request;
    return ctx.read(async (tx) => {
      const page = await repo.listForMember(tx, ctx.organizationId, ctx.user.id, request.query);
      return { items: page.items, has_more: page.hasMore, unread_count: await repo.countUnread(tx, ctx.organizationId, ctx.user.id) };
    });
  });
  r.post('/api/notifications/:id/read', { config: ACCESS.member, schema: { params: idParams, response: { 200: notificationSchema } } }, async (request) => {
    const { ctx } = request;
    const notification = await ctx.write((tx) => repo.markRead(tx, ctx.organizationId, ctx.user.id, request.params.id));
    if (!notification) throw notFound('Notification not found');
    return notification;
  });
  r.post('/api/notifications/read-all', { config: ACCESS.member, schema: { response: { 200: notificationsReadSchema } } }, async (request) => {
    const { ctx } = request;
    return ctx.write(async (tx) => ({
      marked: await repo.markAllRead(tx, ctx.organizationId, ctx.user.id),
      unread_count: await repo.countUnread(tx, ctx.organizationId, ctx.user.id),
    }));
  });
}
