/**
 * The signed-in layout's offline part: the 'Offline — showing saved data' banner, and the outbox of outcomes
 * saved offline, sent when the connection returns ('Synced 2 offline updates'). A lead that changed meanwhile is
 * shown (a toast with 'Review', a bar while any is open, a dialog to send it anyway or discard it).
 */
import { OFFLINE_EVENTS } from '@wholesail/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { outcomeLabel } from '@/features/post-call/post-call-api';
import { errorText } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { isOnline } from './connectivity';
import { OfflineBanner } from './offline-banner';
import { outbox as appOutbox, type Outbox, type OutboxEntry } from './outbox';
import { sendAnyway, syncOutbox, withOutboxLock, type SendEntry } from './outbox-sync';
import { useOutboxEntries } from './use-outbox';

/** While updates wait and the browser says it is online (the server was unreachable), try again this often. */
export const OUTBOX_RETRY_MS = 30_000;

export const OUTBOX_MESSAGES = {
  synced: (n: number) => `Synced ${n} offline update${n === 1 ? '' : 's'}`,
  conflict: (name: string) => `${name || 'A lead'} changed while you were offline`,
  conflictDescription: 'Your call outcome was not saved over the change.',
  failed: (name: string) => `Could not sync the call outcome for ${name || 'a lead'}`,
  review: 'Review',
  needsReview: (n: number) => `${n} offline update${n === 1 ? ' needs' : 's need'} your review`,
  savedAnyway: 'Call outcome saved',
  discarded: 'Offline update discarded',
} as const;

type Props = {
  userId: string | null;
  /** Tests pass their own outbox and sender. */
  outbox?: Outbox;
  send?: SendEntry;
};

export function OfflineStatus({ userId, outbox = appOutbox, send }: Props) {
  const client = useQueryClient();
  const entries = useOutboxEntries(outbox).filter((e) => e.userId === userId);
  const pending = entries.filter((e) => e.status === 'pending').length;
  const unresolved = entries.filter((e) => e.status !== 'pending');
  const [reviewing, setReviewing] = useState(false);
  const running = useRef(false);

  const refreshData = useCallback(() => {
    void client.invalidateQueries({ queryKey: queryKeys.leads.all });
    void client.invalidateQueries({ queryKey: queryKeys.tasks.all });
    void client.invalidateQueries({ queryKey: queryKeys.calls.all });
  }, [client]);

  const sync = useCallback(async () => {
    if (!userId || running.current || !isOnline()) return;
    running.current = true;
    try {
      const report = await withOutboxLock(() => syncOutbox(outbox, userId, send));
      if (report.synced.length > 0) {
        toast.success(OUTBOX_MESSAGES.synced(report.synced.length));
        refreshData();
      }
      const review = { label: OUTBOX_MESSAGES.review, onClick: () => setReviewing(true) };
      for (const entry of report.conflicts) {
        toast.warning(OUTBOX_MESSAGES.conflict(entry.lead.name), { description: OUTBOX_MESSAGES.conflictDescription, action: review, duration: 15_000 });
      }
      for (const entry of report.failed) {
        toast.error(OUTBOX_MESSAGES.failed(entry.lead.name), { description: entry.error, action: review, duration: 15_000 });
      }
    } catch {
      // The outbox cannot be read (no IndexedDB): nothing was queued either.
    } finally {
      running.current = false;
    }
  }, [outbox, userId, send, refreshData]);

  // What waits from an earlier visit shows at once, offline too.
  useEffect(() => {
    outbox.load().catch(() => undefined);
  }, [outbox]);

  // On arrival, whenever the connection returns, and every OUTBOX_RETRY_MS while something waits.
  useEffect(() => {
    void sync();
    const onOnline = () => void sync();
    window.addEventListener(OFFLINE_EVENTS.online, onOnline);
    return () => window.removeEventListener(OFFLINE_EVENTS.online, onOnline);
  }, [sync]);
  useEffect(() => {
    if (pending === 0) return;
    const timer = setInterval(() => void sync(), OUTBOX_RETRY_MS);
    return () => clearInterval(timer);
  }, [pending, sync]);

  const resolve = async (entry: OutboxEntry, action: 'send' | 'discard') => {
    try {
      if (action === 'discard') {
        await outbox.remove(entry.seq);
        toast(OUTBOX_MESSAGES.discarded);
        return;
      }
      await sendAnyway(outbox, entry, send);
      toast.success(OUTBOX_MESSAGES.savedAnyway, { description: `Lead updated with ${outcomeLabel(entry.body.outcome)} status` });
      refreshData();
    } catch (error) {
      toast.error(OUTBOX_MESSAGES.failed(entry.lead.name), { description: errorText(error, 'Please try again.') });
    }
  };

  return (
    <>
      <OfflineBanner pending={pending} />
      {unresolved.length > 0 && (
        <div role="status" className="flex flex-wrap items-center justify-between gap-2 border-b border-warning/40 bg-warning/5 px-4 py-2 text-sm sm:px-8">
          <span>{OUTBOX_MESSAGES.needsReview(unresolved.length)}</span>
          <Button size="sm" variant="outline" onClick={() => setReviewing(true)}>
            {OUTBOX_MESSAGES.review}
          </Button>
        </div>
      )}
      <Dialog open={reviewing && unresolved.length > 0} onOpenChange={setReviewing}>
        <DialogContent className="max-w-xl">
          <DialogHeader>
            <DialogTitle>Offline updates to review</DialogTitle>
            <DialogDescription>These call outcomes were saved offline and were not applied. Send one anyway or discard it.</DialogDescription>
          </DialogHeader>
          <ul className="grid max-h-[60vh] gap-3 overflow-y-auto" aria-label="Offline updates to review">
            {unresolved.map((entry) => (
              <li key={entry.seq} className="grid gap-1 rounded-lg border p-3 text-sm">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="font-medium">{entry.lead.name || 'Unknown lead'}</span>
                  <span className="text-xs text-muted-foreground">Saved {new Date(entry.savedAt).toLocaleString()}</span>
                </div>
                <span>Outcome: {outcomeLabel(entry.body.outcome)}</span>
                {entry.body.notes && <p className="line-clamp-3 whitespace-pre-wrap text-muted-foreground">{entry.body.notes}</p>}
                {entry.error && <p className="text-destructive">{entry.error}</p>}
                <DialogFooter className="pt-1">
                  <Button size="sm" variant="outline" onClick={() => void resolve(entry, 'discard')}>
                    Discard
                  </Button>
                  {entry.status === 'conflict' && (
                    <Button size="sm" onClick={() => void resolve(entry, 'send')}>
                      Send anyway
                    </Button>
                  )}
                </DialogFooter>
              </li>
            ))}
          </ul>
        </DialogContent>
      </Dialog>
    </>
  );
}
