/**
 * One lead's text thread: the texts as bubbles (oldest at the top, day by day) and the composer. Used by
 * /communications?tab=conversations (with its header) and by the lead page and dialog (without: they show
 * the lead already). Opening it marks the thread read; realtime changes keep it current.
 */
import { displayName, formatPhone, type ConversationMessage } from '@wholesail/domain';
import { useQueryClient } from '@tanstack/react-query';
import { AlertCircleIcon, ExternalLinkIcon, MessageSquareIcon } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { CallLink } from '@/features/leads/call-link';
import { primaryPhone } from '@/features/leads/lead-format';
import { isNotFound, useLead, type LeadDetail } from '@/features/leads/leads-api';
import { queryKeys } from '@/lib/query-keys';
import { cn } from '@/lib/utils';
import { AnalysisPanel } from './analysis-panel';
import { textBlock, useMarkThreadRead, useMessages, useSendText, useTextCheck } from './conversations-api';
import { DncBadge } from './dnc-badge';
import { MessageBubble, type BubbleMessage } from './message-bubble';
import { dayLabel } from './message-format';
import { SmsComposer } from './sms-composer';

/** Within this many pixels of the bottom, new texts scroll into view. */
const STICK_PX = 80;

type Props = {
  leadId: string;
  /** The lead already on screen (lead page or dialog), shown at once. */
  lead?: LeadDetail;
  /** Name, phone, DNC badge, Call and a link to the lead; off where the lead is already shown. */
  showHeader?: boolean;
  /** Sizes the box; the texts scroll inside it and the composer stays at the bottom. */
  className?: string;
};

/** Keeps the list at the bottom when it was there (or on first load) as texts arrive. */
function useStickToBottom(contentKey: string) {
  const ref = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  useLayoutEffect(() => {
    const element = ref.current;
    if (element && atBottom.current) element.scrollTop = element.scrollHeight;
  }, [contentKey]);
  const onScroll = () => {
    const element = ref.current;
    if (element) atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight <= STICK_PX;
  };
  return { ref, onScroll };
}

/** A lead that turns DNC (a STOP reply) drops out of "can text" in the thread list too. */
function useThreadsFollowDnc(dnc: boolean) {
  const client = useQueryClient();
  const previous = useRef(dnc);
  useEffect(() => {
    if (previous.current === dnc) return;
    previous.current = dnc;
    void client.invalidateQueries({ queryKey: queryKeys.conversations.threads });
  }, [client, dnc]);
}

export function ConversationView({ leadId, lead: initial, showHeader = true, className }: Props) {
  const lead = useLead(leadId, initial);
  const messages = useMessages(leadId);
  const dnc = lead.data?.dnc_status === true;
  const check = useTextCheck(leadId, dnc);
  const send = useSendText(leadId);
  useMarkThreadRead(leadId, messages.data);
  useThreadsFollowDnc(dnc);

  const items = messages.data ?? [];
  const pendingBody = send.isPending ? send.variables : undefined;
  const last = items.at(-1);
  const scroll = useStickToBottom(`${leadId}:${items.length}:${last?.id ?? ''}:${last?.status ?? ''}:${pendingBody ?? ''}`);

  if (lead.isError && !lead.data) {
    return (
      <div className={cn('flex flex-col items-center justify-center gap-2 p-8 text-center text-sm', className)}>
        <AlertCircleIcon className="size-6 text-muted-foreground" aria-hidden />
        <p className="font-medium">{isNotFound(lead.error) ? 'Lead not found' : 'Could not load this lead'}</p>
        <p className="max-w-sm text-muted-foreground">
          {isNotFound(lead.error) ? 'It may have been deleted, or it belongs to another organization. Pick another conversation.' : lead.error.message}
        </p>
      </div>
    );
  }

  const name = lead.data ? displayName(lead.data) : null;
  const block = textBlock(check.data, dnc);

  return (
    <section aria-label={name ? `Conversation with ${name}` : 'Conversation'} className={cn('flex min-h-0 flex-col', className)}>
      {showHeader && <ThreadHeader lead={lead.data} dnc={dnc} />}
      {items.length > 0 && <AnalysisPanel messages={items} />}
      <div ref={scroll.ref} onScroll={scroll.onScroll} className="min-h-0 flex-1 overflow-y-auto px-3 py-4">
        {messages.isPending ? (
          <div className="grid gap-3" aria-label="Loading texts">
            <Skeleton className="h-10 w-2/3" />
            <Skeleton className="ml-auto h-10 w-1/2" />
            <Skeleton className="h-10 w-3/5" />
          </div>
        ) : messages.isError ? (
          <EmptyThread icon={<AlertCircleIcon className="size-6" aria-hidden />} title="Could not load the texts">
            <p>{messages.error.message}</p>
            <Button variant="outline" size="sm" onClick={() => void messages.refetch()}>
              Retry
            </Button>
          </EmptyThread>
        ) : items.length === 0 && pendingBody === undefined ? (
          <EmptyThread icon={<MessageSquareIcon className="size-6" aria-hidden />} title={name ? `No texts with ${name} yet` : 'No texts yet'}>
            <p>{block ? 'Texting is off for this lead; see below why.' : 'Write the first message below, or start from a template. Replies show up here as they arrive.'}</p>
          </EmptyThread>
        ) : (
          <MessageList items={items} senderName={name ?? 'Lead'} pendingBody={pendingBody} />
        )}
      </div>
      {lead.data ? (
        <SmsComposer
          key={leadId}
          lead={lead.data}
          blocked={block}
          checking={check.isPending}
          sending={send.isPending}
          onSend={(body) => send.mutateAsync(body)}
        />
      ) : (
        <div className="border-t p-3">
          <Skeleton className="h-20 w-full" />
        </div>
      )}
    </section>
  );
}

function ThreadHeader({ lead, dnc }: { lead: LeadDetail | undefined; dnc: boolean }) {
  if (!lead) {
    return (
      <header className="grid gap-1.5 border-b p-3">
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-4 w-28" />
      </header>
    );
  }
  const phone = primaryPhone(lead);
  return (
    <header className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b p-3">
      <div className="grid min-w-0 flex-1 gap-0.5">
        <div className="flex min-w-0 items-center gap-2">
          <h2 className="truncate text-base font-semibold">{displayName(lead)}</h2>
          {dnc && <DncBadge lead={lead} />}
        </div>
        <p className="text-xs text-muted-foreground tabular-nums">{phone ? formatPhone(phone) : 'No phone number'}</p>
      </div>
      <div className="flex items-center gap-2">
        <CallLink lead={lead} />
        <Button variant="outline" size="sm" asChild>
          <Link to={`/leads/${lead.id}`}>
            <ExternalLinkIcon aria-hidden /> Open lead
          </Link>
        </Button>
      </div>
    </header>
  );
}

function EmptyThread({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="flex h-full min-h-40 flex-col items-center justify-center gap-2 text-center text-sm text-muted-foreground">
      {icon}
      <p className="font-medium text-foreground">{title}</p>
      <div className="grid max-w-sm justify-items-center gap-2">{children}</div>
    </div>
  );
}

function MessageList({ items, senderName, pendingBody }: { items: ConversationMessage[]; senderName: string; pendingBody?: string }) {
  const now = new Date();
  const rows: ReactNode[] = [];
  let day = '';
  for (const message of items) {
    const label = dayLabel(message.created_at, now);
    if (label !== day) {
      day = label;
      rows.push(
        <li key={`day-${message.id}`} role="separator" aria-label={label} className="flex items-center gap-3 py-1 text-[11px] font-medium text-muted-foreground">
          <span className="h-px flex-1 bg-border" aria-hidden />
          {label}
          <span className="h-px flex-1 bg-border" aria-hidden />
        </li>,
      );
    }
    rows.push(<MessageBubble key={message.id} message={message} senderName={senderName} />);
  }
  if (pendingBody !== undefined) {
    const pending: BubbleMessage = { body: pendingBody, direction: 'outbound', status: 'queued', created_at: now.toISOString(), error: null };
    rows.push(<MessageBubble key="sending" message={pending} senderName={senderName} sending />);
  }
  return (
    <ol className="grid gap-2" aria-label="Messages" aria-live="polite">
      {rows}
    </ol>
  );
}
