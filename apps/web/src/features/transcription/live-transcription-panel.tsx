/**
 * The Live transcription panel of dialer.md §2: the transcript card (status badge, Refresh, auto-scroll,
 * scroll to bottom and debug toggles, message bubbles, footer) on the left and the AI coaching card on the
 * right, stacked when the panel is narrow; the Debug panel under the transcript when toggled.
 */
import { mergeTranscript, TRANSCRIPTION_CONNECTION_MESSAGES, TRANSCRIPTION_DEBUG_DELAY_MS, type AiAreaStatus, type TranscriptionMode, type TranscriptLine } from '@wholesail/domain';
import {
  AlertTriangleIcon, ArrowDownIcon, ArrowDownToLineIcon, BugIcon, DatabaseIcon, LoaderCircleIcon, MicIcon, PauseIcon, RadioIcon, RefreshCwIcon, WifiOffIcon,
} from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { TranscriptBubble } from './transcript-bubble';
import { lineTags, statusBadgeLabel } from './transcript-format';
import { TranscriptionDebugPanel, transcriptionDiagnostic, type CoachingTestScenario } from './transcription-debug-panel';
import { useTranscriptionConnection } from './use-transcription-connection';
import { useTranscriptScroll } from './use-transcript-scroll';

export type { CoachingTestScenario } from './transcription-debug-panel';

export type LiveTranscriptionPanelProps = {
  /** The provider's call id; a temporary one (temp_…, pending_…) never connects. */
  callSid: string | null;
  /** The call is live: the connection runs only while true, and is cleared when it turns false. */
  active: boolean;
  /** The AI Live Coaching card, shown on the right (under the transcript when the panel is narrow). */
  coaching?: ReactNode;
  /** AI coaching status for the diagnostics card. */
  coachingStatus?: AiAreaStatus;
  /** Debug panel: the Price, Timing and Trust test buttons. */
  onTestScenario?: (kind: CoachingTestScenario) => void;
  /** Debug panel: 'Clear Response Scripts'. */
  onClearResponseScripts?: () => void;
  /** Every change of the displayed (merged, at most 50) lines. */
  onLines?: (lines: TranscriptLine[]) => void;
  /** Once per line that became final (both speakers; coaching keeps the lead's). */
  onFinalLine?: (line: TranscriptLine) => void;
  className?: string;
};

const BADGE: Record<TranscriptionMode, { variant: 'success' | 'secondary' | 'destructive' | 'outline'; icon: ReactNode }> = {
  stream: { variant: 'success', icon: <RadioIcon className="size-3" aria-hidden /> },
  polling: { variant: 'secondary', icon: <DatabaseIcon className="size-3" aria-hidden /> },
  error: { variant: 'destructive', icon: <AlertTriangleIcon className="size-3" aria-hidden /> },
  connecting: { variant: 'outline', icon: <LoaderCircleIcon className="size-3 animate-spin" aria-hidden /> },
  inactive: { variant: 'outline', icon: <WifiOffIcon className="size-3" aria-hidden /> },
};

/** A clock for relative times, ticking every second while `running`. */
function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}

/** True from `delayMs` after `on` turned true until it turns false. */
function useDelayedFlag(on: boolean, delayMs: number): boolean {
  const [flag, setFlag] = useState(false);
  useEffect(() => {
    setFlag(false);
    if (!on) return;
    const timer = setTimeout(() => setFlag(true), delayMs);
    return () => clearTimeout(timer);
  }, [on, delayMs]);
  return flag;
}

/** Calls `onLines` on every change of the lines and `onFinalLine` once per final line of the call. */
function useLineCallbacks(callSid: string | null, lines: TranscriptLine[], onLines?: (lines: TranscriptLine[]) => void, onFinalLine?: (line: TranscriptLine) => void) {
  const callbacks = useRef({ onLines, onFinalLine });
  callbacks.current = { onLines, onFinalLine };
  const emitted = useRef({ callSid, ids: new Set<string>() });
  useEffect(() => {
    if (emitted.current.callSid !== callSid) emitted.current = { callSid, ids: new Set() };
    callbacks.current.onLines?.(lines);
    for (const line of lines) {
      if (!line.isFinal || emitted.current.ids.has(line.messageId)) continue;
      emitted.current.ids.add(line.messageId);
      callbacks.current.onFinalLine?.(line);
    }
  }, [callSid, lines]);
}

export function LiveTranscriptionPanel({
  callSid, active, coaching, coachingStatus = 'inactive', onTestScenario, onClearResponseScripts, onLines, onFinalLine, className,
}: LiveTranscriptionPanelProps) {
  const connection = useTranscriptionConnection(callSid, active);
  const lines = useMemo(() => mergeTranscript(connection.records), [connection.records]);
  useLineCallbacks(callSid, lines, onLines, onFinalLine);
  const tags = useMemo(() => lineTags(lines, connection.mode === 'stream'), [lines, connection.mode]);
  const [debugOpen, setDebugOpen] = useState(false);
  const debugStarted = useDelayedFlag(active, TRANSCRIPTION_DEBUG_DELAY_MS);
  const now = useNow(active || lines.length > 0);
  const last = lines.at(-1);
  const scroll = useTranscriptScroll(`${lines.length}:${last?.messageId ?? ''}:${last?.text.length ?? 0}`);
  const autoScrollText = scroll.autoScroll ? 'ON' : 'OFF';
  const badge = BADGE[connection.mode];
  const notice =
    connection.mode === 'polling'
      ? connection.pollingReady
        ? TRANSCRIPTION_CONNECTION_MESSAGES.pollingActive
        : TRANSCRIPTION_CONNECTION_MESSAGES.pollingConnecting
      : connection.mode === 'error'
        ? connection.error
        : null;

  return (
    <div className={cn('@container text-foreground', className)}>
      <div className={cn('grid items-start gap-4', coaching !== undefined && '@2xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]')}>
        <div className="grid min-w-0 gap-4">
          <Card className="shadow-none">
            <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 p-4 pb-3">
              <div className="flex min-w-0 flex-wrap items-center gap-2">
                <CardTitle className="text-sm">Live Transcription</CardTitle>
                <Badge variant={badge.variant} data-testid="transcription-status">
                  {badge.icon}
                  {statusBadgeLabel(connection.mode, connection.messageCount)}
                </Badge>
              </div>
              <div className="flex items-center gap-1">
                <Button type="button" size="sm" variant="ghost" className="px-2" aria-label="Refresh" title="Refresh: reconnect the transcription" disabled={!active || connection.mode === 'inactive'} onClick={connection.refresh}>
                  <RefreshCwIcon aria-hidden />
                </Button>
                <Button type="button" size="sm" variant={scroll.autoScroll ? 'secondary' : 'ghost'} className="px-2" aria-label={`Auto-scroll ${autoScrollText}`} title="Auto-scroll" onClick={scroll.toggleAutoScroll}>
                  {scroll.autoScroll ? <ArrowDownToLineIcon aria-hidden /> : <PauseIcon aria-hidden />}
                  {autoScrollText}
                </Button>
                <Button type="button" size="sm" variant="ghost" className="px-2" aria-label="Scroll to bottom" title="Scroll to bottom" onClick={scroll.scrollToBottom}>
                  <ArrowDownIcon aria-hidden />
                </Button>
                <Button type="button" size="sm" variant={debugOpen ? 'secondary' : 'ghost'} className="px-2" aria-label="Debug" aria-pressed={debugOpen} title="Debug panel" onClick={() => setDebugOpen((open) => !open)}>
                  <BugIcon aria-hidden />
                </Button>
              </div>
              {notice && <p className={cn('w-full text-xs', connection.mode === 'error' ? 'text-destructive' : 'text-muted-foreground')}>{notice}</p>}
            </CardHeader>
            <CardContent className="relative p-0">
              <div
                ref={scroll.ref}
                onScroll={scroll.onScroll}
                role="region"
                aria-label="Transcript"
                tabIndex={0}
                className="h-[300px] overflow-y-auto border-y @2xl:h-[420px] px-4 outline-none focus-visible:ring-2 focus-visible:ring-ring/40"
              >
                {lines.length === 0 ? (
                  <div className="flex h-full flex-col items-center justify-center gap-2 text-sm text-muted-foreground">
                    {connection.mode === 'connecting' ? (
                      <>
                        <LoaderCircleIcon className="size-5 animate-spin" aria-hidden />
                        Connecting to transcription...
                      </>
                    ) : (
                      <>
                        <MicIcon className="size-5" aria-hidden />
                        Listening for conversation...
                      </>
                    )}
                  </div>
                ) : (
                  <ol className="grid gap-2 py-3" aria-label="Live transcript">
                    {lines.map((line, index) => (
                      <TranscriptBubble key={line.messageId} line={line} tag={tags[index] ?? 'Partial'} now={now} />
                    ))}
                  </ol>
                )}
              </div>
              {scroll.fades.top && <div data-scroll-fade="top" aria-hidden className="pointer-events-none absolute inset-x-0 top-px h-8 bg-linear-to-b from-card to-transparent" />}
              {scroll.fades.bottom && <div data-scroll-fade="bottom" aria-hidden className="pointer-events-none absolute inset-x-0 bottom-px h-8 bg-linear-to-t from-card to-transparent" />}
            </CardContent>
            <CardFooter className="flex-wrap justify-between gap-2 p-3 text-xs text-muted-foreground">
              <span>Auto-scroll: {autoScrollText}</span>
              {scroll.newMessagesBelow && (
                <button type="button" className="inline-flex items-center gap-1 rounded-full bg-primary/10 px-2 py-0.5 font-medium text-primary" onClick={scroll.scrollToBottom}>
                  <ArrowDownIcon className="size-3" aria-hidden />
                  New messages below
                </button>
              )}
              <span>
                {lines.length} {lines.length === 1 ? 'message' : 'messages'}
              </span>
            </CardFooter>
          </Card>
          {debugOpen && (
            <TranscriptionDebugPanel
              state={connection}
              now={now}
              transcriptionStatus={transcriptionDiagnostic(connection.mode, active, debugStarted)}
              coachingStatus={coachingStatus}
              onTestScenario={onTestScenario}
              onClearResponseScripts={onClearResponseScripts}
            />
          )}
        </div>
        {/* Beside the transcript when there is room; under it otherwise, so the transcript stays in view. */}
        {coaching !== undefined && <div className="min-w-0">{coaching}</div>}
      </div>
    </div>
  );
}
