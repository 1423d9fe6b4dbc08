/** One text of a thread: the agent's on the right, the lead's on the left, with its time and delivery status. */
import type { ConversationMessage } from '@wholesail/domain';
import { AlertCircleIcon, CheckCheckIcon, CheckIcon, ClockIcon, LoaderCircleIcon } from 'lucide-react';
import { cn } from '@/lib/utils';
import { dateTimeText } from '@/features/leads/lead-format';
import { clockTime, STATUS_LABELS } from './message-format';

export type BubbleMessage = Pick<ConversationMessage, 'body' | 'direction' | 'status' | 'created_at' | 'error'>;

const STATUS_ICONS: Partial<Record<ConversationMessage['status'], typeof CheckIcon>> = {
  queued: ClockIcon,
  sent: CheckIcon,
  delivered: CheckCheckIcon,
  failed: AlertCircleIcon,
};

type Props = {
  message: BubbleMessage;
  /** Who wrote an inbound text, for screen readers. */
  senderName: string;
  /** Still on its way to the server: "Sending…" instead of a status. */
  sending?: boolean;
};

export function MessageBubble({ message, senderName, sending = false }: Props) {
  const outbound = message.direction === 'outbound';
  const failed = message.status === 'failed';
  const Icon = sending ? LoaderCircleIcon : STATUS_ICONS[message.status];
  const status = sending ? 'Sending…' : failed && message.error ? `${STATUS_LABELS.failed}: ${message.error}` : STATUS_LABELS[message.status];
  return (
    <li className={cn('flex', outbound ? 'justify-end pl-8' : 'justify-start pr-8')} data-direction={message.direction} data-status={sending ? 'sending' : message.status}>
      <div className={cn('grid max-w-[min(85%,36rem)] min-w-0 gap-1', outbound && 'justify-items-end')}>
        <p
          className={cn(
            'rounded-2xl px-3.5 py-2 text-sm break-words whitespace-pre-wrap',
            outbound ? 'rounded-br-sm bg-primary text-primary-foreground' : 'rounded-bl-sm bg-muted text-foreground',
            outbound && failed && 'bg-destructive/10 text-foreground ring-1 ring-destructive/40',
            sending && 'opacity-70',
          )}
        >
          <span className="sr-only">{outbound ? 'You: ' : `${senderName}: `}</span>
          {message.body}
        </p>
        <p className={cn('flex flex-wrap items-center gap-1 px-1 text-[11px] text-muted-foreground', failed && 'text-destructive')}>
          {!sending && (
            <time dateTime={message.created_at} title={dateTimeText(message.created_at)}>
              {clockTime(message.created_at)}
            </time>
          )}
          {!sending && <span aria-hidden>·</span>}
          {Icon && <Icon className={cn('size-3', sending && 'animate-spin')} aria-hidden />}
          <span data-testid="message-status">{status}</span>
        </p>
      </div>
    </li>
  );
}
