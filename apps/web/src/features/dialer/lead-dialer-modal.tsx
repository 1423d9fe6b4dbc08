/**
 * The global lead dialer modal of dialer.md §2: a 'Call' dialog opened from the dialer store, with the dialer
 * on the left and a collapsible lead details panel on the right. Loaded lazily by the app layout.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Group, Panel, Separator, useDefaultLayout, usePanelRef } from 'react-resizable-panels';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useElementWidth } from '@/lib/use-element-width';
import { dialerStore, useDialerState } from './dialer-store';
import { LeadSidePanel } from './lead-side-panel';
import { isTypingTarget, VoiceDialerPanel, type CallStatus, type DialerControls } from './voice-dialer-panel';

export const DIALER_LAYOUT_ID = 'lead-dialer-layout';
const LIVE_STATUSES: readonly CallStatus[] = ['ringing', 'on-call', 'ending'];
/** Narrower than this (px), the dialog fills a phone's screen and the lead details follow the dialer, no split. */
const SPLIT_FROM = 640;
/**
 * Beside an open lead panel, the dialer keeps its controls, the transcript and the coaching side by side only
 * when the dialog is at least this wide (px); narrower, a call collapses the panel for its length (L reopens it).
 */
const ROOM_FOR_PANEL_DURING_CALL = 1800;

export function LeadDialerModal() {
  const { isOpen, data } = useDialerState();
  const [status, setStatus] = useState<CallStatus>('ready');
  const [callSid, setCallSid] = useState<string | null>(null);
  const [detailsOpen, setDetailsOpen] = useState(true);
  const [confirmingEnd, setConfirmingEnd] = useState(false);
  const notesRef = useRef<HTMLTextAreaElement | null>(null);
  const controlsRef = useRef<DialerControls | null>(null);
  const detailsRef = usePanelRef();
  const collapsedForCall = useRef(false);
  const [frameRef, width] = useElementWidth<HTMLDivElement>();
  const layout = useDefaultLayout({ id: DIALER_LAYOUT_ID, storage: window.localStorage });
  const live = LIVE_STATUSES.includes(status);
  const split = width === null || width >= SPLIT_FROM;

  // Escape, the close button: while a call is live, ask whether to end it instead of closing (dialer.md: Esc).
  const requestClose = useCallback(() => {
    if (LIVE_STATUSES.includes(status)) setConfirmingEnd(true);
    else dialerStore.close();
  }, [status]);

  const setDetails = useCallback(
    (open: boolean) => {
      setDetailsOpen(open);
      const panel = detailsRef.current;
      if (open) panel?.expand();
      else panel?.collapse();
    },
    [detailsRef],
  );
  const toggleDetails = useCallback(() => setDetails(!detailsOpen), [detailsOpen, setDetails]);

  // A call starting without room for the transcript beside the lead panel folds the panel; it comes back after.
  useEffect(() => {
    if (status === 'ringing' && detailsOpen && split && width !== null && width < ROOM_FOR_PANEL_DURING_CALL) {
      collapsedForCall.current = true;
      setDetails(false);
    } else if ((status === 'ended' || status === 'ready') && collapsedForCall.current) {
      collapsedForCall.current = false;
      setDetails(true);
    }
    // Only a change of call status decides this, not a resize or a toggle during the call.
  }, [status]);

  // L toggles the details panel, N focuses the notes (not while typing, not behind the post-call dialog).
  useEffect(() => {
    if (!isOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target) || status === 'ended' || confirmingEnd) return;
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
  }, [isOpen, status, toggleDetails, confirmingEnd]);

  const dialer = data && (
    <VoiceDialerPanel
      key={data.leadId}
      lead={data}
      controlsRef={controlsRef}
      notesRef={notesRef}
      onStatusChange={setStatus}
      onCallSidChange={setCallSid}
      onToggleSidePanel={toggleDetails}
      sidePanelOpen={detailsOpen}
      onCompleted={() => dialerStore.close()}
    />
  );

  return (
    <Dialog open={isOpen} onOpenChange={(next) => !next && requestClose()}>
      <DialogContent
        className="flex h-[90vh] max-w-[min(1400px,calc(100%-2rem))] flex-col gap-3 p-4 max-sm:top-0 max-sm:left-0 max-sm:h-dvh max-sm:w-full max-sm:max-w-none max-sm:translate-x-0 max-sm:translate-y-0 max-sm:rounded-none max-sm:border-0 max-sm:p-3 sm:p-6"
        onInteractOutside={(event) => event.preventDefault()}
        onOpenAutoFocus={(event) => {
          // Focus the dialog itself, not its first field, so the single-key shortcuts work at once.
          event.preventDefault();
          (event.currentTarget as HTMLElement | null)?.focus();
        }}
        data-live-call={live || undefined}
      >
        <div className="min-w-0 pr-8">
          <DialogTitle>Call</DialogTitle>
          <DialogDescription className="truncate">{data ? [data.name, data.address].filter(Boolean).join(' · ') : 'No lead selected'}</DialogDescription>
        </div>
        <div ref={frameRef} className="flex min-h-0 flex-1 flex-col">
          {data && split && (
            <Group
              id={DIALER_LAYOUT_ID}
              orientation="horizontal"
              className="min-h-0 flex-1"
              defaultLayout={layout.defaultLayout}
              onLayoutChanged={layout.onLayoutChanged}
              resizeTargetMinimumSize={{ coarse: 15, fine: 5 }}
            >
              <Panel id="dialer" minSize="55" className="overflow-y-auto pr-2">
                {dialer}
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
                {detailsOpen && <LeadSidePanel data={data} callSid={callSid} />}
              </Panel>
            </Group>
          )}
          {data && !split && (
            <div className="min-h-0 flex-1 overflow-y-auto">
              {dialer}
              {detailsOpen && (
                <div className="mt-4 rounded-xl border">
                  <LeadSidePanel data={data} callSid={callSid} />
                </div>
              )}
            </div>
          )}
        </div>
        <Dialog open={confirmingEnd} onOpenChange={setConfirmingEnd}>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>End the call?</DialogTitle>
              <DialogDescription>The call with {data?.name || 'this lead'} is still live. End it to close the dialer.</DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <Button variant="outline" onClick={() => setConfirmingEnd(false)}>
                Keep talking
              </Button>
              <Button
                variant="destructive"
                onClick={() => {
                  setConfirmingEnd(false);
                  controlsRef.current?.end();
                }}
              >
                End call
              </Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      </DialogContent>
    </Dialog>
  );
}

export default LeadDialerModal;
