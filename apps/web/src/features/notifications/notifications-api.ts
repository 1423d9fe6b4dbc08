/** The member's notifications (docs/notifications.md): the bell's list and its unread count, marked read. */
import type { AppNotification, NotificationList, NotificationsRead } from '@wholesail/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** How many the bell lists: the newest; older ones are read from what they link to. */
export const BELL_LIMIT = 20;
export const NOTIFICATIONS_PATH = `/api/notifications?limit=${BELL_LIMIT}`;

export function useNotifications() {
  return useQuery({
    queryKey: queryKeys.notifications.list,
    queryFn: ({ signal }) => apiRequest<NotificationList>(NOTIFICATIONS_PATH, { signal }),
  });
}

/** Read state changes are not on the change feed (only inserts are): each mutation refreshes the list itself. */
function useRefresh() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: queryKeys.notifications.all });
}

export function useMarkNotificationRead() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => apiRequest<AppNotification>(`/api/notifications/${encodeURIComponent(id)}/read`, { method: 'POST' }),
    onSuccess: refresh,
  });
}

export function useMarkAllNotificationsRead() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => apiRequest<NotificationsRead>('/api/notifications/read-all', { method: 'POST' }),
    onSuccess: refresh,
    onError: (error) => toast.error('Failed to mark notifications as read', { description: error.message }),
  });
}

/** Whether `link` is the screen at `location` now: same path and every query parameter of the link the same. */
export function isShowing(link: string, location: { pathname: string; search: string }): boolean {
  const target = new URL(link, 'http://app.invalid');
  if (target.pathname !== location.pathname) return false;
  const current = new URLSearchParams(location.search);
  return [...target.searchParams].every(([key, value]) => current.get(key) === value);
}
