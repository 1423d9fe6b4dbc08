import { z } from 'zod';
import { pageLimit } from './paging';

/** A member's notifications (docs/notifications.md): queries, records and the kinds the app creates. */

export const NOTIFICATION_LEVELS = ['info', 'success', 'warning', 'error'] as const;
export type NotificationLevel = (typeof NOTIFICATION_LEVELS)[number];

/** What a notification is about: the event that made it. Later kinds (offers, limits, announcements) join here. */
export const NOTIFICATION_KINDS = {
  importFinished: 'import.finished',
  enrichmentFinished: 'enrichment.batch_finished',
  textReceived: 'text.received',
  buyerOfferReceived: 'buyer_offer.received',
  taskDue: 'task.due',
  webhookDisabled: 'webhook_endpoint.disabled',
} as const;

export const NOTIFICATIONS_DEFAULT_LIMIT = 20;
export const NOTIFICATIONS_MAX_LIMIT = 100;

export const listNotificationsQuery = z
  .object({
    unread: z.enum(['true', 'false'], { error: 'unread must be true or false' }).transform((v) => v === 'true').optional(),
    limit: pageLimit(NOTIFICATIONS_MAX_LIMIT, NOTIFICATIONS_DEFAULT_LIMIT),
    offset: z.coerce.number('offset must be a number').int('offset must be a whole number').min(0, 'offset must be 0 or more').max(100_000, 'offset must be at most 100000').default(0),
  })
  .strict();
export type ListNotificationsQuery = z.infer<typeof listNotificationsQuery>;

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.string(),
  level: z.enum(NOTIFICATION_LEVELS),
  title: z.string(),
  body: z.string().nullable(),
  /** The app's path of what it is about, e.g. /leads or a text thread. */
  link: z.string().nullable(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type AppNotification = z.infer<typeof notificationSchema>;

/** GET /api/notifications: a page of the member's own, newest first, and how many of all of them are unread. */
export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  unread_count: z.number(),
  has_more: z.boolean(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** POST /api/notifications/read-all: how many were marked read. */
export const notificationsReadSchema = z.object({ marked: z.number(), unread_count: z.number() });
export type NotificationsRead = z.infer<typeof notificationsReadSchema>;
