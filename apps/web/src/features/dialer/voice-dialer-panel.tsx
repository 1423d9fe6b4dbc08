/**
 * The Voice Dialer panel of dialer.md §2 on the demo line: the server rings and answers the call itself
 * (docs/api-calls.md), so the voice device is always ready and keypad tones are shown, not sent.
 */
import { formatPhone, toE164ForCall } from '@wholesail/domain';
import { useQueryClient } from '@tanstack/react-query';
import { MicIcon, MicOffIcon, PanelRightIcon, PhoneIcon, PhoneOffIcon } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type RefObject } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { fieldClassName, Input, NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PostCallModal } from '@/features/post-call/post-call-modal';
import { usePhoneNumbers } from '@/features/voice-dialer/phone-numbers-api';
import { ApiError } from '@/lib/api';
import { reloadPage } from '@/lib/reload-page';
import { cn } from '@/lib/utils';
import type { DialerData } from './dialer-store';
import {
  callKeys, clock, ENDED_STATUSES, hangUpCall, startCall, useCallCheck, useCallerId, useCallRecord, type CallCheck,
} from './calls-api';

export type CallStatus = 'ready' | 'ringing' | 'on-call' | 'ending' | 'ended';

/** dialer.md §9: Ending forces Ended after 3000 ms. */
export const FORCED_END_MS = 3000;
export const KEYPAD_KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'] as const;
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

function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

export type VoiceDialerPanelProps = {
  lead: DialerData;
  /** Where the notes textarea is exposed (the modal's N shortcut focuses it). */
  notesRef?: RefObject<HTMLTextAreaElement | null>;
  /** Shown while On Call when given: toggles the lead-info side panel. */
  onToggleSidePanel?: () => void;
  sidePanelOpen?: boolean;
  onStatusChange?: (status: CallStatus) => void;
  /** After the post-call actions were completed. */
  onCompleted?: (summary: { callId: string; durationMs: number; notes: string; leadId: string }) => void;
  className?: string;
};

export function VoiceDialerPanel({ lead, notesRef, onToggleSidePanel, sidePanelOpen, onStatusChange, onCompleted, className }: VoiceDialerPanelProps) {
  const id = useId();
  const client = useQueryClient();
  const numbers = usePhoneNumbers();
  const callerId = useCallerId(lead.leadId);
  const check = useCallCheck(lead.leadId);

  const [status, setStatusState] = useState<CallStatus>('ready');
  const statusRef = useRef<CallStatus>('ready');
  const [chosenFrom, setChosenFrom] = useState<string | null>(null);
  const [callId, setCallId] = useState<string | null>(null);
  const [dialing, setDialing] = useState(false);
  const [connectedAt, setConnectedAt] = useState<number | null>(null);
  const connectedAtRef = useRef<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [muted, setMuted] = useState(false);
  const [digits, setDigits] = useState('');
  const [notes, setNotes] = useState('');
  const [postCall, setPostCall] = useState<{ callId: string; durationMs: number } | null>(null);
  const forcedEnd = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const setStatus = useCallback(
    (next: CallStatus) => {
      statusRef.current = next;
      setStatusState(next);
      onStatusChange?.(next);
    },
    [onStatusChange],
  );

  const activeNumbers = (numbers.data ?? []).filter((n) => n.is_active);
  const suggested = callerId.data?.phone_number ?? '';
  const fromNumber = chosenFrom ?? (activeNumbers.some((n) => n.phone_number === suggested) ? suggested : '');
  const toE164 = toE164ForCall(lead.phone);
  const deviceReady = true; // the demo line needs no browser voice device
  const refusal: CallCheck | null = check.data && !check.data.allowed ? check.data : null;

  const record = useCallRecord(callId, status === 'ringing' || status === 'ending');

  const finish = useCallback(
    (id: string) => {
      if (statusRef.current === 'ended' || statusRef.current === 'ready') return;
      clearTimeout(forcedEnd.current);
      const started = connectedAtRef.current;
      const durationMs = started === null ? 0 : Math.max(0, Date.now() - started);
      setStatus('ended');
      setMuted(false);
      toast.success('Call ended', { description: 'Take post-call actions before closing' });
      setPostCall({ callId: id, durationMs });
    },
    [setStatus],
  );

  // Ringing → On Call when the server reports the call answered; any state → Ended when it is over.
  const remoteStatus = record.data?.status;
  useEffect(() => {
    if (!callId || !remoteStatus) return;
    if (remoteStatus === 'in-progress' && statusRef.current === 'ringing') {
      const at = Date.now();
      connectedAtRef.current = at;
      setConnectedAt(at);
      setNow(at);
      setStatus('on-call');
      toast.success('Call connected');
    } else if (ENDED_STATUSES.includes(remoteStatus) && (statusRef.current === 'ringing' || statusRef.current === 'on-call' || statusRef.current === 'ending')) {
      finish(callId);
    }
  }, [callId, remoteStatus, finish, setStatus]);

  // The timer counts seconds while On Call.
  useEffect(() => {
    if (status !== 'on-call') return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [status]);

  useEffect(() => () => clearTimeout(forcedEnd.current), []);

  const pressKey = useCallback((key: string) => {
    if (statusRef.current !== 'on-call') return;
    setDigits((current) => (current + key).slice(-24));
  }, []);

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

  const dial = async () => {
    if (!toE164 || !fromNumber || statusRef.current !== 'ready') return;
    setDialing(true);
    try {
      const fresh = await check.refetch();
      if (fresh.data && !fresh.data.allowed) {
        toast.error('Cannot make call', { description: fresh.data.reason ?? 'Calling this lead is not allowed right now' });
        return;
      }
      setStatus('ringing');
      setDigits('');
      connectedAtRef.current = null;
      setConnectedAt(null);
      const { call_id } = await startCall({ lead_id: lead.leadId, from_e164: fromNumber, to_e164: toE164 });
      setCallId(call_id);
    } catch (error) {
      setStatus('ready');
      const title = error instanceof ApiError && error.status >= 400 && error.status < 500 ? 'Cannot make call' : 'Call failed';
      toast.error(title, { description: errorText(error, 'Call could not be completed') });
      void client.invalidateQueries({ queryKey: callKeys.check(lead.leadId) });
    } finally {
      setDialing(false);
    }
  };

  const end = () => {
    const current = callId;
    if (!current || (statusRef.current !== 'on-call' && statusRef.current !== 'ringing')) return;
    setStatus('ending');
    forcedEnd.current = setTimeout(() => finish(current), FORCED_END_MS);
    hangUpCall(current).then(
      (result) => {
        client.setQueryData(callKeys.detail(current), result);
        finish(current);
      },
      (error: unknown) => {
        toast.error('Call failed', { description: errorText(error, 'Call could not be completed') });
      },
    );
  };

  const reset = (clearNotes: boolean) => {
    setPostCall(null);
    setCallId(null);
    connectedAtRef.current = null;
    setConnectedAt(null);
    setDigits('');
    if (clearNotes) setNotes('');
    setStatus('ready');
    void client.invalidateQueries({ queryKey: callKeys.check(lead.leadId) });
  };

  const toggleMute = () => {
    if (statusRef.current !== 'on-call') return;
    const next = !muted;
    setMuted(next);
    toast.success(next ? 'Microphone muted' : 'Microphone unmuted');
  };

  const seconds = connectedAt === null ? 0 : Math.floor((now - connectedAt) / 1000);
  const statusLabel = { ready: 'Ready to Call', ringing: 'Connecting...', 'on-call': `Live • ${clock(seconds)}`, ending: 'Ending Call...', ended: 'Call Ended' }[status];
  const onCall = status === 'on-call';
  const formattedPhone = toE164 ? formatPhone(lead.phone) : null;
  const mainLabel = { ready: `Call ${formattedPhone ?? ''}`.trim(), ringing: 'Ringing...', 'on-call': 'End Call', ending: 'Ending...', ended: `Call ${formattedPhone ?? ''}`.trim() }[status];
  const mainDisabled = onCall
    ? false
    : status !== 'ready' || !deviceReady || !fromNumber || !toE164 || refusal !== null || check.isPending || dialing;

  return (
    <div className={cn('grid min-h-[600px] gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]', className)} data-call-status={status}>
      <div className="grid content-start gap-4">
        <Card>
          <CardHeader className="flex flex-row items-center justify-between gap-2">
            <CardTitle className="flex items-center gap-2">
              <PhoneIcon className="size-4" aria-hidden /> Voice Dialer
            </CardTitle>
            <div className="flex items-center gap-2">
              <span className="text-xs text-muted-foreground">Demo line</span>
              <Badge variant={deviceReady ? 'success' : 'secondary'}>{deviceReady ? 'Ready' : 'Not Ready'}</Badge>
            </div>
          </CardHeader>
          <CardContent className="grid gap-4">
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-from`}>From Number</Label>
              {numbers.isPending ? (
                <NativeSelect id={`${id}-from`} disabled value="">
                  <option value="">Loading...</option>
                </NativeSelect>
              ) : numbers.isError ? (
                <div role="alert" className="grid gap-2 rounded-md border border-destructive/40 p-3 text-sm">
                  <p className="font-medium text-destructive">Error loading phone numbers</p>
                  <p className="text-muted-foreground">{errorText(numbers.error, 'Could not load organization phone numbers. Please check your connection and try again.')}</p>
                  <Button variant="outline" size="sm" className="justify-self-start" onClick={reloadPage}>
                    Retry
                  </Button>
                </div>
              ) : (
                <>
                  <NativeSelect
                    id={`${id}-from`}
                    value={fromNumber}
                    disabled={activeNumbers.length === 0 || status !== 'ready'}
                    onChange={(event) => setChosenFrom(event.target.value)}
                  >
                    <option value="">Select phone number</option>
                    {activeNumbers.map((n) => (
                      <option key={n.id} value={n.phone_number}>
                        {formatPhone(n.phone_number)}
                        {n.label ? ` — ${n.label}` : ''}
                      </option>
                    ))}
                  </NativeSelect>
                  {activeNumbers.length === 0 && (
                    <p className="text-xs text-muted-foreground">
                      No phone numbers configured for your organization. Configure phone numbers in Voice &amp; Dialer Settings to start making calls.
                    </p>
                  )}
                </>
              )}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-to`}>To Number</Label>
              <Input id={`${id}-to`} readOnly value={formattedPhone ?? 'No phone number'} />
            </div>
            <div className="grid gap-1.5">
              <Button
                size="lg"
                variant={onCall ? 'destructive' : 'default'}
                disabled={mainDisabled}
                onClick={() => (onCall ? end() : void dial())}
              >
                {onCall ? <PhoneOffIcon aria-hidden /> : <PhoneIcon aria-hidden />}
                {mainLabel}
              </Button>
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
                {statusLabel}
              </Badge>
              {onCall && (
                <>
                  <Button variant="outline" size="sm" onClick={toggleMute} aria-pressed={muted}>
                    {muted ? <MicOffIcon aria-hidden /> : <MicIcon aria-hidden />}
                    {muted ? 'Unmute' : 'Mute'}
                  </Button>
                  {onToggleSidePanel && (
                    <Button variant="outline" size="sm" onClick={onToggleSidePanel} aria-pressed={sidePanelOpen}>
                      <PanelRightIcon aria-hidden />
                      {sidePanelOpen ? 'Hide lead info' : 'Show lead info'}
                    </Button>
                  )}
                </>
              )}
            </div>
            {onCall && (
              <div className="grid gap-2" aria-label="Keypad" role="group">
                <div className="grid grid-cols-3 gap-2">
                  {KEYPAD_KEYS.map((key) => (
                    <Button key={key} variant="outline" onClick={() => pressKey(key)} aria-label={`Key ${key}`}>
                      {key}
                    </Button>
                  ))}
                </div>
                <p className="min-h-5 text-center font-mono text-sm tracking-widest" aria-label="Keys pressed" aria-live="polite">
                  {digits}
                </p>
              </div>
            )}
          </CardContent>
        </Card>
        <Card>
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
      <div className="grid content-start gap-4">
        <Card>
          <CardHeader className="flex flex-row items-center justify-between gap-2">
            <CardTitle>Live Script</CardTitle>
            <Badge variant="outline">Live</Badge>
          </CardHeader>
          <CardContent className="text-sm text-muted-foreground">
            {status === 'ready' ? 'Start a call to see live transcription' : 'Live transcription is not available on the demo line.'}
          </CardContent>
        </Card>
        <Card>
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
      </div>
      {postCall && (
        <PostCallModal
          open
          callId={postCall.callId}
          lead={{ id: lead.leadId, name: lead.name, address: lead.address || null }}
          durationMs={postCall.durationMs}
          callNotes={notes}
          onCompleted={() => {
            const summary = { callId: postCall.callId, durationMs: postCall.durationMs, notes, leadId: lead.leadId };
            reset(true);
            onCompleted?.(summary);
          }}
          onClose={() => reset(false)}
        />
      )}
    </div>
  );
}
