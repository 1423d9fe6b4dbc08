import type { AppNotification } from '@wholesail/domain';
import { Bell } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { NotificationItem } from './notification-item';
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from './notifications-api';

/** The badge stops counting here. */
const BADGE_MAX = 99;

/**
 * The bell of the app's top bar and sidebar: the member's unread count, and on click their newest notifications
 * (a popover that fits a phone's width), each opening what it is about, with "Mark all as read".
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const notifications = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const unread = notifications.data?.unread_count ?? 0;
  const items = notifications.data?.items ?? [];

  // The list shows what their toasts said: those toasts go, rather than cover it (on a phone they would).
  const onOpenChange = (next: boolean) => {
    if (next) for (const n of items) toast.dismiss(n.id);
    setOpen(next);
  };
  const onOpen = (n: AppNotification) => {
    if (n.read_at === null) markRead.mutate(n.id);
    setOpen(false);
  };

  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" className="relative" aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}>
          <Bell aria-hidden />
          {unread > 0 && (
            <span
              className="absolute -top-0.5 -right-0.5 inline-flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-destructive px-1 text-[10px] font-semibold text-white"
              data-testid="notification-count"
              aria-hidden
            >
              {unread > BADGE_MAX ? `${BADGE_MAX}+` : unread}
            </span>
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-96 p-0">
        <div className="flex items-center justify-between gap-2 border-b px-3 py-2">
          <h2 className="text-sm font-semibold">Notifications</h2>
          <Button variant="ghost" size="sm" disabled={unread === 0 || markAll.isPending} onClick={() => markAll.mutate()}>
            Mark all as read
          </Button>
        </div>
        <NotificationPanelBody state={notifications} items={items} onOpen={onOpen} />
      </PopoverContent>
    </Popover>
  );
}

type PanelState = Pick<ReturnType<typeof useNotifications>, 'isPending' | 'isError' | 'error'>;

function NotificationPanelBody({ state, items, onOpen }: { state: PanelState; items: AppNotification[]; onOpen: (n: AppNotification) => void }) {
  if (state.isPending) return <p className="px-3 py-6 text-center text-sm text-muted-foreground">Loading notifications…</p>;
  if (state.isError) return <p className="px-3 py-6 text-center text-sm text-destructive">Could not load notifications: {state.error?.message}</p>;
  if (items.length === 0) {
    return (
      <div className="px-3 py-8 text-center">
        <p className="text-sm font-medium">You're all caught up</p>
        <p className="text-xs text-muted-foreground">New notifications will show here.</p>
      </div>
    );
  }
  const now = new Date();
  return (
    <ul aria-label="Notifications" className="max-h-[min(28rem,70vh)] overflow-y-auto">
      {items.map((n) => (
        <NotificationItem key={n.id} notification={n} onOpen={onOpen} now={now} />
      ))}
    </ul>
  );
}
