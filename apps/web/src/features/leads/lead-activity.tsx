/** A lead's timeline (platform.md live updates on activity_logs): who did what, newest first, live. */
import type { ActivityEntry, ActivityKind } from '@wholesail/domain';
import {
  ActivityIcon, ArchiveRestoreIcon, BanIcon, FileUpIcon, MessageSquareIcon, PencilIcon, PhoneIcon, PlusCircleIcon, SparklesIcon, Trash2Icon,
  type LucideIcon, WorkflowIcon,
} from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useLeadActivity } from './activity-api';
import { CallDialog } from './call-dialog';
import { LoadError } from './load-error';
import { dateTimeText, relativeTime } from './lead-format';

const ICONS: Record<ActivityKind, LucideIcon> = {
  call: PhoneIcon, text: MessageSquareIcon, edit: PencilIcon, status: WorkflowIcon, dnc: BanIcon, import: FileUpIcon,
  ai: SparklesIcon, created: PlusCircleIcon, deleted: Trash2Icon, restored: ArchiveRestoreIcon, other: ActivityIcon,
};

/** A text's entry opens the lead's thread; a call's opens the call (its transcript and analysis) in a dialog. */
function EntryLink({ entry, leadId, onViewCall }: { entry: ActivityEntry; leadId: string; onViewCall: (callId: string) => void }) {
  const callId = entry.links.call_id;
  if (callId) {
    return (
      <button type="button" className="justify-self-start text-xs underline-offset-2 hover:underline" onClick={() => onViewCall(callId)}>
        View call
      </button>
    );
  }
  if (!entry.links.conversation_id) return null;
  return (
    <Link className="text-xs underline-offset-2 hover:underline" to={`/communications?tab=conversations&lead=${encodeURIComponent(leadId)}`}>
      Open conversation
    </Link>
  );
}

export function LeadActivity({ leadId }: { leadId: string }) {
  const activity = useLeadActivity(leadId);
  const [callId, setCallId] = useState<string | null>(null);
  const entries = activity.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby={`activity-${leadId}`} className="grid gap-3">
      <h2 id={`activity-${leadId}`} className="text-base font-semibold">
        Activity
      </h2>
      {activity.isPending ? (
        <div className="grid gap-2" aria-label="Loading activity">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : activity.isError && entries.length === 0 ? (
        <LoadError what="the activity" error={activity.error} onRetry={() => void activity.refetch()} />
      ) : entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">No activity yet.</p>
      ) : (
        <ol className="grid gap-3" aria-label="Lead activity">
          {entries.map((entry) => {
            const Icon = ICONS[entry.kind];
            return (
              <li key={entry.id} className="flex gap-3" data-kind={entry.kind}>
                <span className="mt-0.5 grid size-7 shrink-0 place-items-center rounded-full bg-muted text-muted-foreground">
                  <Icon className="size-3.5" aria-label={entry.kind} />
                </span>
                <div className="grid min-w-0 gap-0.5 text-sm">
                  <p className="break-words">{entry.summary}</p>
                  <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
                    <span>{entry.actor.name}</span>
                    <span aria-hidden>·</span>
                    <time dateTime={entry.created_at} title={dateTimeText(entry.created_at)}>
                      {relativeTime(entry.created_at)}
                    </time>
                  </p>
                  <EntryLink entry={entry} leadId={leadId} onViewCall={setCallId} />
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {activity.hasNextPage && (
        <Button variant="outline" size="sm" className="justify-self-start" disabled={activity.isFetchingNextPage} onClick={() => void activity.fetchNextPage()}>
          {activity.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </Button>
      )}
      <CallDialog callId={callId} onClose={() => setCallId(null)} />
    </section>
  );
}
