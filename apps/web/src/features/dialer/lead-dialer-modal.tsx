/**
 * The global lead dialer modal of dialer.md §2: a 'Call' dialog opened from the dialer store, with the dialer
 * on the left and a collapsible lead details panel on the right. Loaded lazily by the app layout.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Group, Panel, Separator, useDefaultLayout, usePanelRef } from 'react-resizable-panels';
import { toast } from 'sonner';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { dialerStore, useDialerState } from './dialer-store';
import { LeadSidePanel } from './lead-side-panel';
import { isTypingTarget, VoiceDialerPanel, type CallStatus } from './voice-dialer-panel';

export const DIALER_LAYOUT_ID = 'lead-dialer-layout';
const LIVE_STATUSES: readonly CallStatus[] = ['ringing', 'on-call', 'ending'];

export function LeadDialerModal() {
  const { isOpen, data } = useDialerState();
  const [status, setStatus] = useState<CallStatus>('ready');
  const [detailsOpen, setDetailsOpen] = useState(true);
  const notesRef = useRef<HTMLTextAreaElement | null>(null);
  const detailsRef = usePanelRef();
  const layout = useDefaultLayout({ id: DIALER_LAYOUT_ID, storage: window.localStorage });
  const live = LIVE_STATUSES.includes(status);

  const requestClose = useCallback(() => {
    if (LIVE_STATUSES.includes(status)) {
      toast.warning('End the call before closing the dialer');
      return;
    }
    dialerStore.close();
  }, [status]);

  const toggleDetails = useCallback(() => {
    setDetailsOpen((open) => {
      const panel = detailsRef.current;
      if (open) panel?.collapse();
      else panel?.expand();
      return !open;
    });
  }, [detailsRef]);

  // L toggles the details panel, N focuses the notes (not while typing, not behind the post-call dialog).
  useEffect(() => {
    if (!isOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target) || status === 'ended') return;
      const key = event.key.toLowerCase();
      if (key === 'l') {
        event.preventDefault();
        toggleDetails();
      } else if (key === 'n') {
        event.preventDefault();
        notesRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [isOpen, status, toggleDetails]);

  return (
    <Dialog open={isOpen} onOpenChange={(next) => !next && requestClose()}>
      <DialogContent
        className="flex h-[90vh] max-w-[min(1400px,calc(100%-2rem))] flex-col gap-3 p-4 sm:p-6"
        onInteractOutside={(event) => event.preventDefault()}
        onOpenAutoFocus={(event) => {
          // Focus the dialog itself, not its first field, so the single-key shortcuts work at once.
          event.preventDefault();
          (event.currentTarget as HTMLElement | null)?.focus();
        }}
        data-live-call={live || undefined}
      >
        <div className="pr-8">
          <DialogTitle>Call</DialogTitle>
          <DialogDescription>
            {data ? [data.name, data.address].filter(Boolean).join(' · ') : 'No lead selected'}
          </DialogDescription>
        </div>
        {data && (
          <Group
            id={DIALER_LAYOUT_ID}
            orientation="horizontal"
            className="min-h-0 flex-1"
            defaultLayout={layout.defaultLayout}
            onLayoutChanged={layout.onLayoutChanged}
            resizeTargetMinimumSize={{ coarse: 15, fine: 5 }}
          >
            <Panel id="dialer" minSize="55" className="overflow-y-auto pr-2">
              <VoiceDialerPanel
                key={data.leadId}
                lead={data}
                notesRef={notesRef}
                onStatusChange={setStatus}
                onToggleSidePanel={toggleDetails}
                sidePanelOpen={detailsOpen}
                onCompleted={() => dialerStore.close()}
              />
            </Panel>
            <Separator className="w-1.5 rounded bg-border transition-colors hover:bg-primary/40 data-[separator=active]:bg-primary/60" />
            <Panel
              id="details"
              panelRef={detailsRef}
              collapsible
              collapsedSize="0"
              defaultSize="40"
              minSize="30"
              maxSize="50"
              className="overflow-y-auto"
              onResize={(size, _id, previous) => {
                if (previous !== undefined) setDetailsOpen(size.asPercentage > 0);
              }}
            >
              {detailsOpen && <LeadSidePanel data={data} />}
            </Panel>
          </Group>
        )}
      </DialogContent>
    </Dialog>
  );
}

export default LeadDialerModal;
