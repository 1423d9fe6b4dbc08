/**
 * The Voice Dialer panel of dialer.md §2: caller id and lead number, the call button and status, mute, keypad
 * and notes, and the Live Script card with the call's transcript. The call itself runs in useCallSession on
 * the organization's voice line (the demo line or Twilio).
 */
import { formatPhone, toE164ForCall } from '@wholesail/domain';
import { MicIcon, MicOffIcon, PanelRightIcon, PhoneIcon, PhoneOffIcon } from 'lucide-react';
import { useEffect, useId, useImperativeHandle, useState, type RefObject } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { fieldClassName, Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { AiCoachingCard } from '@/features/coaching/ai-coaching-card';
import { useLiveCoaching } from '@/features/coaching/use-live-coaching';
import { OFFLINE_MESSAGES, useOnlineStatus } from '@/features/offline/connectivity';
import { PostCallModal } from '@/features/post-call/post-call-modal';
import { LiveTranscriptionPanel } from '@/features/transcription/live-transcription-panel';
import { errorText } from '@/lib/api';
import { useElementWidth } from '@/lib/use-element-width';
import { cn } from '@/lib/utils';
import type { DialerData } from './dialer-store';
import { DialerKeypad } from './dialer-keypad';
import { FromNumberField, useCallerNumbers } from './from-number-field';
import { clock, useCallerId, type CallCheck } from './calls-api';
import { useCallSession, type CallStatus, type CallSummary } from './use-call-session';

export type { CallStatus } from './use-call-session';
const TONE_KEY = /^[0-9*#]$/;

/** Focus is somewhere the user types text, so single-key shortcuts must not fire. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement) return !target.readOnly;
  if (target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !target.readOnly && !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file'].includes(target.type);
  return false;
}

/** What the dialer's container may do to the call (the modal's "End call?" confirmation). */
export type DialerControls = { end: () => void };

/** The container width (px) from which the dialer has two columns: @2xl of its container query. */
const TWO_COLUMNS_FROM = 672;

export type VoiceDialerPanelProps = {
  lead: DialerData;
  controlsRef?: RefObject<DialerControls | null>;
  /** Where the notes textarea is exposed (the modal's N shortcut focuses it). */
  notesRef?: RefObject<HTMLTextAreaElement | null>;
  /** Shown while On Call when given: toggles the lead-info side panel. */
  onToggleSidePanel?: () => void;
  sidePanelOpen?: boolean;
  onStatusChange?: (status: CallStatus) => void;
  /** The call's sid once the provider gave one, null between calls (the modal's lead panel reads the call's lead by it). */
  onCallSidChange?: (callSid: string | null) => void;
  /** After the post-call actions were completed. */
  onCompleted?: (summary: CallSummary) => void;
  className?: string;
};

const STATUS_LABEL: Record<CallStatus, (time: string) => string> = {
  ready: () => 'Ready to Call', ringing: () => 'Connecting...', 'on-call': (time) => `Live • ${time}`, ending: () => 'Ending Call...', ended: () => 'Call Ended',
};

export function VoiceDialerPanel({ lead, controlsRef, notesRef, onToggleSidePanel, sidePanelOpen, onStatusChange, onCallSidChange, onCompleted, className }: VoiceDialerPanelProps) {
  const id = useId();
  const [rootRef, width] = useElementWidth<HTMLDivElement>();
  const twoColumns = width !== null && width >= TWO_COLUMNS_FROM;
  const callerNumbers = useCallerNumbers();
  const callerId = useCallerId(lead.leadId);
  const [chosenFrom, setChosenFrom] = useState<string | null>(null);
  const [notes, setNotes] = useState('');

  const activeNumbers = callerNumbers.state === 'ready' ? callerNumbers.numbers : [];
  const suggested = callerId.data?.phone_number ?? '';
  const fromNumber = chosenFrom ?? (activeNumbers.some((n) => n.phone_number === suggested) ? suggested : '');
  const toE164 = toE164ForCall(lead.phone);
  const session = useCallSession({ lead, fromNumber, toE164, notes, clearNotes: () => setNotes(''), onStatusChange, onCompleted });
  const { device, check, status } = session;
  useImperativeHandle(controlsRef, () => ({ end: session.end }), [session.end]);
  useEffect(() => onCallSidChange?.(session.callSid), [onCallSidChange, session.callSid]);
  const online = useOnlineStatus();
  const deviceReady = device.status === 'ready';
  const refusal: CallCheck | null = check.data && !check.data.allowed ? check.data : null;
  const pressKey = session.pressKey;
  const coaching = useLiveCoaching({
    callSid: session.callSid,
    leadId: lead.leadId,
    callStatus: status === 'on-call' ? 'active' : status === 'ringing' ? 'connecting' : null,
    onDoNotCall: session.markDoNotCall,
  });
  const appendScriptToNotes = (text: string) => setNotes((current) => (current.trim() ? `${current}\n${text}` : text));

  // Keyboard digits, * and # send tones during a call unless focus is in a text field.
  useEffect(() => {
    if (status !== 'on-call') return;
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return;
      if (TONE_KEY.test(event.key)) pressKey(event.key);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [status, pressKey]);

  const onCall = status === 'on-call';
  const formattedPhone = toE164 ? formatPhone(lead.phone) : null;
  const callLabel = `Call ${formattedPhone ?? ''}`.trim();
  const mainLabel = { ready: callLabel, ringing: 'Ringing...', 'on-call': 'End Call', ending: 'Ending...', ended: callLabel }[status];
  const mainDisabled = onCall
    ? false
    : !online || status !== 'ready' || !deviceReady || !fromNumber || !toE164 || refusal !== null || check.isPending || session.dialing;
  const deviceLabel = device.provider === 'demo' ? 'Demo line' : device.provider === 'twilio' ? 'Twilio' : null;

  const callControls = (
    <>
      <div className="grid gap-1.5">
        <Button size="lg" variant={onCall ? 'destructive' : 'default'} disabled={mainDisabled} onClick={() => (onCall ? session.end() : void session.dial())}>
          {onCall ? <PhoneOffIcon aria-hidden /> : <PhoneIcon aria-hidden />}
          {mainLabel}
        </Button>
        {status === 'ready' && !online && (
          <p className="text-sm text-destructive" data-testid="call-offline">
            {OFFLINE_MESSAGES.calling}
          </p>
        )}
        {status === 'ready' && refusal && (
          <p className="text-sm text-destructive" data-testid="call-refusal">
            {refusal.reason ?? 'Calling this lead is not allowed right now'}
          </p>
        )}
        {status === 'ready' && check.isError && (
          <p className="text-xs text-muted-foreground">Could not check calling rules: {errorText(check.error, 'unknown error')}</p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={onCall ? 'success' : status === 'ready' ? 'outline' : 'secondary'} aria-label="Call status" className="tabular-nums">
          {STATUS_LABEL[status](clock(session.seconds))}
        </Badge>
        {onCall && (
          <>
            <Button variant="outline" size="sm" onClick={session.toggleMute} aria-pressed={session.muted}>
              {session.muted ? <MicOffIcon aria-hidden /> : <MicIcon aria-hidden />}
              {session.muted ? 'Unmute' : 'Mute'}
            </Button>
            {onToggleSidePanel && (
              <Button variant="outline" size="sm" onClick={onToggleSidePanel} aria-pressed={sidePanelOpen}>
                <PanelRightIcon aria-hidden />
                {sidePanelOpen ? 'Hide lead info' : 'Show lead info'}
              </Button>
            )}
          </>
        )}
        {status === 'ended' && session.postCall && !session.postCall.open && (
          <Button variant="outline" size="sm" onClick={session.openPostCall}>
            Post-call actions
          </Button>
        )}
      </div>
      {status === 'ended' && session.postCall && !session.postCall.open && (
        <p className="text-xs text-muted-foreground" data-testid="post-call-pending">
          {notes.trim()
            ? 'Your notes are not saved yet: open the post-call actions to save them with the call.'
            : 'The dialer resets for the next call in 10 seconds.'}
        </p>
      )}
    </>
  );
  const keypad = onCall && <DialerKeypad digits={session.digits} onKey={pressKey} />;

  return (
    <div ref={rootRef} className={cn('@container min-h-[600px]', className)} data-call-status={status}>
      {/* Two columns when the dialer is wide enough; stacked, the Live Script comes right after the numbers. */}
      <div className="grid gap-4 @2xl:grid-cols-[minmax(15rem,21rem)_minmax(0,1fr)] @2xl:items-start">
        <div className="contents @2xl:grid @2xl:content-start @2xl:gap-4">
          <Card className="order-1 @2xl:order-none">
            <CardHeader className="flex flex-row items-center justify-between gap-2">
              <CardTitle className="flex items-center gap-2">
                <PhoneIcon className="size-4" aria-hidden /> Voice Dialer
              </CardTitle>
              <div className="flex items-center gap-2">
                {deviceLabel && <span className="text-xs text-muted-foreground">{deviceLabel}</span>}
                <Badge variant={deviceReady ? 'success' : 'secondary'}>{deviceReady ? 'Ready' : 'Not Ready'}</Badge>
              </div>
            </CardHeader>
            <CardContent className="grid gap-4">
              {device.status === 'error' && device.error && (
                <p role="alert" className="rounded-md border border-destructive/40 p-2 text-sm text-destructive">
                  {device.error}
                </p>
              )}
              <FromNumberField id={`${id}-from`} source={callerNumbers} value={fromNumber} disabled={status !== 'ready'} onChange={setChosenFrom} />
              <div className="grid gap-1.5">
                <Label htmlFor={`${id}-to`}>To Number</Label>
                <Input id={`${id}-to`} readOnly value={formattedPhone ?? 'No phone number'} />
              </div>
              {twoColumns && callControls}
              {twoColumns && keypad}
            </CardContent>
          </Card>
          {!twoColumns && keypad && (
            <Card className="order-3">
              <CardContent className="pt-6">{keypad}</CardContent>
            </Card>
          )}
          <Card className="order-3 @2xl:order-none">
            <CardHeader>
              <CardTitle>
                <label htmlFor={`${id}-notes`}>Notes</label>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <textarea
                id={`${id}-notes`}
                ref={notesRef}
                className={cn(fieldClassName, 'h-auto max-h-[300px] min-h-[180px] py-2')}
                placeholder="Take notes during the call..."
                value={notes}
                onChange={(event) => setNotes(event.target.value)}
              />
            </CardContent>
          </Card>
          <Card className="order-4 @2xl:order-none">
            <CardHeader>
              <CardTitle>Keyboard Shortcuts</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                <dt><kbd>Esc</kbd></dt>
                <dd>Close dialer</dd>
                <dt><kbd>N</kbd></dt>
                <dd>Focus notes</dd>
                <dt><kbd>0-9 * #</kbd></dt>
                <dd>Tones during a call</dd>
              </dl>
            </CardContent>
          </Card>
        </div>
        <div className="order-2 grid min-w-0 content-start gap-4 @2xl:order-none">
          <Card>
            <CardHeader className="flex flex-row items-center justify-between gap-2">
              <CardTitle className="whitespace-nowrap">Live Script</CardTitle>
              <div className="flex min-w-0 items-center gap-2">
                {session.callSid && (
                  <span className="max-w-[10rem] truncate font-mono text-xs text-muted-foreground" title={`Call identifier ${session.callSid}`}>
                    {session.callSid}
                  </span>
                )}
                <Badge variant="outline">Live</Badge>
              </div>
            </CardHeader>
            <CardContent className="text-sm text-muted-foreground">
              {!session.hasCall ? (
                'Start a call to see live transcription'
              ) : !session.callSid ? (
                'Establishing call connection...'
              ) : (
                <LiveTranscriptionPanel
                  callSid={session.callSid}
                  active={status === 'on-call' || status === 'ending'}
                  coaching={<AiCoachingCard messages={coaching.messages} analyzing={coaching.analyzing} onUseScript={appendScriptToNotes} />}
                  coachingStatus={coaching.status}
                  onFinalLine={coaching.addFinalLine}
                  onTestScenario={coaching.runTestScenario}
                  onClearResponseScripts={coaching.clearScripts}
                />
              )}
            </CardContent>
          </Card>
        </div>
      </div>
      {!twoColumns && (
        // One column (a phone): the call button and status stay in view at the bottom while the transcript scrolls.
        <div className="sticky bottom-0 z-10 mt-4 grid gap-3 rounded-xl border bg-card/95 p-3 shadow-lg backdrop-blur" data-testid="call-bar">
          {callControls}
        </div>
      )}
      {session.postCall && (
        <PostCallModal
          open={session.postCall.open}
          callId={session.postCall.callId}
          lead={{ id: lead.leadId, name: lead.name, address: lead.address || null, version: lead.version }}
          durationMs={session.postCall.durationMs}
          callNotes={notes}
          doNotCallRequested={session.postCall.doNotCallRequested}
          onCompleted={session.completePostCall}
          onClose={session.closePostCall}
        />
      )}
    </div>
  );
}
