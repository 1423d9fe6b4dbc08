import { NOTIFICATION_KINDS } from '@wholesail/domain';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { isShowing, useMarkNotificationRead, useNotifications } from './notifications-api';

/**
 * Mounted once in the signed-in layout: a notification that arrives while the app is open shows a short toast,
 * except a text whose thread is on screen, which is marked read at once and shows nothing. Those already there when
 * the app opened are not announced.
 */
export function NotificationAlerts() {
  const notifications = useNotifications();
  const markRead = useMarkNotificationRead();
  const location = useLocation();
  const navigate = useNavigate();
  const seen = useRef<Set<string> | null>(null);
  const { mutate } = markRead;

  useEffect(() => {
    const items = notifications.data?.items;
    if (!items) return;
    const known = seen.current;
    seen.current = new Set([...(known ?? []), ...items.map((n) => n.id)]);
    if (!known) return;
    for (const n of items) {
      if (known.has(n.id) || n.read_at !== null) continue;
      if (n.kind === NOTIFICATION_KINDS.textReceived && n.link && isShowing(n.link, location)) {
        mutate(n.id);
        continue;
      }
      const link = n.link;
      toast(n.title, {
        id: n.id, // the bell dismisses it by this id when opened
        description: n.body ?? undefined,
        duration: 5000,
        action: link ? { label: 'View', onClick: () => { mutate(n.id); void navigate(link); } } : undefined,
      });
    }
  }, [notifications.data, location, mutate, navigate]);

  return null;
}
