/** The conversations, one row per lead, newest first, with a search box over names and phone numbers. */
import { formatPhone, type ConversationThread } from '@wholesail/domain';
import { AlertCircleIcon, MessageSquarePlusIcon, SearchIcon, XIcon } from 'lucide-react';
import { useDeferredValue, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useThreads } from './conversations-api';
import { DncBadge } from './dnc-badge';
import { dateTimeText } from '@/features/leads/lead-format';
import { shortAge } from './message-format';

type Props = {
  search: string;
  onSearchChange: (search: string) => void;
  /** The open thread's lead, highlighted. */
  selectedLeadId: string | null;
  onSelect: (leadId: string) => void;
  /** Starts a text to a lead that has no thread yet. */
  onNewText: () => void;
  className?: string;
};

/** The lead's name, or its phone number for a sender not known by name. */
export function threadTitle(thread: Pick<ConversationThread, 'lead_name' | 'phone'>): string {
  const name = thread.lead_name?.trim();
  return name && name !== 'Unknown Lead' ? name : thread.phone ? formatPhone(thread.phone) : 'Unknown Lead';
}

export function ThreadList({ search, onSearchChange, selectedLeadId, onSelect, onNewText, className }: Props) {
  const term = useDeferredValue(search.trim());
  const threads = useThreads(term);
  const now = new Date();

  return (
    <div className={cn('flex min-h-0 flex-col', className)}>
      <div className="grid gap-2 border-b p-3">
        <div className="flex items-center justify-between gap-2">
          <h2 className="text-sm font-semibold">Conversations</h2>
          <Button size="sm" onClick={onNewText}>
            <MessageSquarePlusIcon aria-hidden /> New text
          </Button>
        </div>
        <div className="relative">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            type="search"
            className="pr-8 pl-9"
            aria-label="Search conversations"
            placeholder="Search by name or phone"
            value={search}
            onChange={(event) => onSearchChange(event.target.value)}
          />
          {search && (
            <button
              type="button"
              className="absolute top-1/2 right-2 -translate-y-1/2 rounded-sm p-1 text-muted-foreground hover:text-foreground"
              aria-label="Clear search"
              onClick={() => onSearchChange('')}
            >
              <XIcon className="size-3.5" aria-hidden />
            </button>
          )}
        </div>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto" aria-busy={threads.isFetching || undefined}>
        {threads.isPending ? (
          <div className="grid gap-3 p-3" aria-label="Loading conversations">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        ) : threads.isError ? (
          <ListNotice title={threads.error.message} error action={{ label: 'Retry', onClick: () => void threads.refetch() }} />
        ) : threads.data.length === 0 && term ? (
          <ListNotice title={`No conversations match “${term}”`} action={{ label: 'Clear search', onClick: () => onSearchChange('') }}>
            Search by the lead’s name or phone number, or start a new text.
          </ListNotice>
        ) : threads.data.length === 0 ? (
          <ListNotice title="No conversations yet" action={{ label: 'New text', onClick: onNewText, primary: true }}>
            Text a lead to start one. Replies from sellers show up here as they arrive.
          </ListNotice>
        ) : (
          <ul aria-label="Threads" className="divide-y">
            {threads.data.map((thread) => (
              <ThreadRow key={thread.lead_id} thread={thread} now={now} selected={thread.lead_id === selectedLeadId} onSelect={() => onSelect(thread.lead_id)} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

type NoticeAction = { label: string; onClick: () => void; primary?: boolean };

/** What the list says instead of rows: loading failed, nothing matches, nothing yet. */
function ListNotice({ title, error = false, action, children }: { title: string; error?: boolean; action: NoticeAction; children?: ReactNode }) {
  return (
    <div className="grid justify-items-center gap-2 p-6 text-center text-sm text-muted-foreground">
      {error && <AlertCircleIcon className="size-5 text-destructive" aria-hidden />}
      <p className={error ? 'text-destructive' : 'font-medium text-foreground'}>{title}</p>
      {children && <p>{children}</p>}
      <Button variant={action.primary ? 'default' : 'outline'} size="sm" onClick={action.onClick}>
        {action.primary && <MessageSquarePlusIcon aria-hidden />}
        {action.label}
      </Button>
    </div>
  );
}

function ThreadRow({ thread, now, selected, onSelect }: { thread: ConversationThread; now: Date; selected: boolean; onSelect: () => void }) {
  const unread = thread.unread_count > 0;
  const last = thread.last_message;
  const outbound = last.direction === 'outbound';
  return (
    <li data-lead-id={thread.lead_id}>
      <button
        type="button"
        aria-current={selected || undefined}
        onClick={onSelect}
        className={cn('grid w-full gap-0.5 px-3 py-2.5 text-left text-sm transition-colors hover:bg-muted/60', selected && 'bg-muted')}
      >
        <span className="flex min-w-0 items-center gap-2">
          <span className={cn('min-w-0 flex-1 truncate', unread ? 'font-semibold' : 'font-medium')}>{threadTitle(thread)}</span>
          {thread.dnc_status && <DncBadge />}
          <time className="shrink-0 text-xs text-muted-foreground tabular-nums" dateTime={last.created_at} title={dateTimeText(last.created_at)}>
            {shortAge(last.created_at, now)}
          </time>
        </span>
        <span className="flex min-w-0 items-center gap-2">
          <span className={cn('min-w-0 flex-1 truncate', unread ? 'text-foreground' : 'text-muted-foreground', last.status === 'failed' && 'text-destructive')}>
            {outbound && <span className="text-muted-foreground">You: </span>}
            {last.status === 'failed' && 'Failed · '}
            {last.body}
          </span>
          {unread && (
            <span className="inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-primary px-1.5 text-[11px] font-semibold text-primary-foreground" aria-label={`${thread.unread_count} unread`}>
              {thread.unread_count}
            </span>
          )}
        </span>
      </button>
    </li>
  );
}
