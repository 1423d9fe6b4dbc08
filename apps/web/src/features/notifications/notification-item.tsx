import type { AppNotification, NotificationLevel } from '@wholesail/domain';
import { AlertTriangle, CheckCircle2, Info, XCircle, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { relativeTime } from '@/features/leads/lead-format';
import { cn } from '@/lib/utils';

const LEVEL_ICONS: Readonly<Record<NotificationLevel, { icon: LucideIcon; className: string; label: string }>> = {
  info: { icon: Info, className: 'text-sky-600', label: 'Info' },
  success: { icon: CheckCircle2, className: 'text-success', label: 'Success' },
  warning: { icon: AlertTriangle, className: 'text-warning', label: 'Warning' },
  error: { icon: XCircle, className: 'text-destructive', label: 'Error' },
};

/**
 * One notification: its level's icon, title, body and how long ago; unread ones are emphasised. The whole row opens
 * what it is about (or, with no link, just marks it read); `onOpen` marks it read and closes the list.
 */
export function NotificationItem({ notification: n, onOpen, now }: { notification: AppNotification; onOpen: (n: AppNotification) => void; now: Date }) {
  const unread = n.read_at === null;
  const level = LEVEL_ICONS[n.level];
  const Icon = level.icon;
  const className = cn(
    'flex w-full gap-3 px-3 py-2.5 text-left transition-colors hover:bg-muted focus-visible:bg-muted focus-visible:outline-none',
    unread && 'bg-accent/40',
  );
  const content: ReactNode = (
    <>
      <Icon className={cn('mt-0.5 size-4 shrink-0', level.className)} aria-label={level.label} role="img" />
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className={cn('text-sm break-words', unread ? 'font-semibold' : 'text-muted-foreground')}>{n.title}</span>
        {n.body && <span className="line-clamp-2 text-xs text-muted-foreground">{n.body}</span>}
        <time className="text-xs text-muted-foreground" dateTime={n.created_at}>{relativeTime(n.created_at, now)}</time>
      </span>
      {unread && <span className="mt-1.5 size-2 shrink-0 rounded-full bg-primary" aria-label="Unread" role="img" />}
    </>
  );
  return (
    <li className="border-b last:border-b-0" data-unread={unread}>
      {n.link ? (
        <Link to={n.link} className={className} onClick={() => onOpen(n)}>
          {content}
        </Link>
      ) : (
        <button type="button" className={className} onClick={() => onOpen(n)}>
          {content}
        </button>
      )}
    </li>
  );
}
