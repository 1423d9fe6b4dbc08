/**
 * The call status machine of dialer.md §4 for one lead: Ready → Ringing → On Call → Ending → Ended, the
 * voice device's call controls (hang-up, mute, tones) and the post-call dialog with its 10 s auto-complete.
 * The server's call record says when the lead answered or hung up, for the demo line and Twilio alike.
 */
import { FORCED_END_MS, POST_CALL_AUTO_CLOSE_MS } from '@wholesail/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { ApiError, errorText } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import type { DialerData } from './dialer-store';
import { ENDED_STATUSES, hangUpCall, startCall, useCallCheck, useCallRecord } from './calls-api';
import { useVoiceDevice } from './voice/use-voice-device';
import { VOICE_NOT_READY_MESSAGE } from './voice/voice-device';
import type { ActiveVoiceCall } from './voice/voice-line';

export type CallStatus = 'ready' | 'ringing' | 'on-call' | 'ending' | 'ended';
export type CallSummary = { callId: string; durationMs: number; notes: string; leadId: string };
export type PostCallState = { callId: string; durationMs: number; open: boolean; doNotCallRequested: boolean };

export type CallSessionOptions = {
  lead: DialerData;
  fromNumber: string;
  toE164: string | null;
  notes: string;
  clearNotes: () => void;
  onStatusChange?: (status: CallStatus) => void;
  onCompleted?: (summary: CallSummary) => void;
};

export function useCallSession({ lead, fromNumber, toE164, notes, clearNotes, onStatusChange, onCompleted }: CallSessionOptions) {
  const client = useQueryClient();
  const device = useVoiceDevice();
  const check = useCallCheck(lead.leadId, toE164);
  const [status, setStatusState] = useState<CallStatus>('ready');
  const statusRef = useRef<CallStatus>('ready');
  const [call, setCall] = useState<{ id: string; sid: string } | null>(null);
  const active = useRef<ActiveVoiceCall | null>(null);
  const unsubscribe = useRef<Array<() => void>>([]);
  const [dialing, setDialing] = useState(false);
  const [connectedAt, setConnectedAt] = useState<number | null>(null);
  const connectedAtRef = useRef<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [muted, setMuted] = useState(false);
  const [digits, setDigits] = useState('');
  const [postCall, setPostCall] = useState<PostCallState | null>(null);
  /** Set when live coaching hears the lead ask not to be called again. */
  const doNotCall = useRef(false);
  const forcedEnd = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const notesRef = useRef(notes);
  notesRef.current = notes;

  const setStatus = useCallback(
    (next: CallStatus) => {
      statusRef.current = next;
      setStatusState(next);
      onStatusChange?.(next);
    },
    [onStatusChange],
  );

  const release = useCallback(() => {
    for (const off of unsubscribe.current) off();
    unsubscribe.current = [];
    active.current = null;
  }, []);

  const record = useCallRecord(call?.id ?? null, status === 'ringing' || status === 'ending');

  const finish = useCallback(
    (id: string) => {
      if (statusRef.current === 'ended' || statusRef.current === 'ready') return;
      clearTimeout(forcedEnd.current);
      release();
      const started = connectedAtRef.current;
      const durationMs = started === null ? 0 : Math.max(0, Date.now() - started);
      setStatus('ended');
      setMuted(false);
      toast.success('Call ended', { description: 'Take post-call actions before closing' });
      setPostCall({ callId: id, durationMs, open: true, doNotCallRequested: doNotCall.current });
    },
    [release, setStatus],
  );

  const reset = useCallback(() => {
    release();
    setPostCall(null);
    setCall(null);
    connectedAtRef.current = null;
    setConnectedAt(null);
    setDigits('');
    setMuted(false);
    doNotCall.current = false;
    setStatus('ready');
    void client.invalidateQueries({ queryKey: queryKeys.calls.check(lead.leadId) });
  }, [client, lead.leadId, release, setStatus]);

  /** Completing resets to Ready, clears notes and reports duration, notes and lead. */
  const complete = useCallback(
    (state: PostCallState) => {
      const summary = { callId: state.callId, durationMs: state.durationMs, notes: notesRef.current, leadId: lead.leadId };
      reset();
      clearNotes();
      onCompleted?.(summary);
    },
    [clearNotes, lead.leadId, onCompleted, reset],
  );

  // Ringing → On Call when the server reports the call answered; any state → Ended when it is over.
  const remoteStatus = record.data?.status;
  useEffect(() => {
    if (!call || !remoteStatus) return;
    if (remoteStatus === 'in-progress' && statusRef.current === 'ringing') {
      const at = Date.now();
      connectedAtRef.current = at;
      setConnectedAt(at);
      setNow(at);
      setStatus('on-call');
      toast.success('Call connected');
    } else if (ENDED_STATUSES.includes(remoteStatus) && ['ringing', 'on-call', 'ending'].includes(statusRef.current)) {
      finish(call.id);
    }
  }, [call, remoteStatus, finish, setStatus]);

  // The timer counts seconds while On Call.
  useEffect(() => {
    if (status !== 'on-call') return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [status]);

  // A post-call dialog closed without completing auto-completes after 10 s, unless notes would be lost.
  useEffect(() => {
    if (!postCall || postCall.open || notes.trim() !== '') return;
    const timer = setTimeout(() => complete(postCall), POST_CALL_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [postCall, notes, complete]);

  useEffect(() => () => {
    clearTimeout(forcedEnd.current);
    release();
  }, [release]);

  const dial = async () => {
    if (statusRef.current !== 'ready') return;
    if (device.status !== 'ready') {
      toast.error('Cannot make call', { description: VOICE_NOT_READY_MESSAGE });
      return;
    }
    if (!toE164 || !fromNumber) {
      toast.error('Cannot make call', { description: 'Please ensure phone numbers are configured' });
      return;
    }
    setDialing(true);
    let approved: string | null = null;
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
      const { call_id, call_sid } = await startCall({ lead_id: lead.leadId, from_e164: fromNumber, to_e164: toE164 });
      approved = call_id;
      setCall({ id: call_id, sid: call_sid });
      const voiceCall = await device.connect({ callId: call_id, leadId: lead.leadId, to: toE164, from: fromNumber });
      active.current = voiceCall;
      unsubscribe.current = [
        voiceCall.onDisconnect(() => finish(call_id)),
        voiceCall.onError((error) => {
          toast.error('Call failed', { description: errorText(error, 'Call could not be completed') });
          if (statusRef.current === 'ringing') {
            void hangUpCall(call_id).catch(() => undefined);
            reset();
          } else finish(call_id);
        }),
      ];
    } catch (error) {
      // An error while dialing returns to Ready; a call the server approved is ended there too.
      if (approved) void hangUpCall(approved).catch(() => undefined);
      reset();
      const title = error instanceof ApiError && error.status >= 400 && error.status < 500 ? 'Cannot make call' : 'Call failed';
      toast.error(title, { description: errorText(error, 'Call could not be completed') });
    } finally {
      setDialing(false);
    }
  };

  const end = () => {
    const id = call?.id;
    if (!id || (statusRef.current !== 'on-call' && statusRef.current !== 'ringing')) return;
    setStatus('ending');
    forcedEnd.current = setTimeout(() => finish(id), FORCED_END_MS);
    const voiceCall = active.current;
    Promise.all([voiceCall?.hangup(), hangUpCall(id)]).then(
      ([, result]) => {
        client.setQueryData(queryKeys.calls.detail(id), result);
        finish(id);
      },
      (error: unknown) => toast.error('Call failed', { description: errorText(error, 'Call could not be completed') }),
    );
  };

  const toggleMute = () => {
    const voiceCall = active.current;
    if (statusRef.current !== 'on-call' || !voiceCall) {
      toast.error('Mute unavailable', { description: 'No active call' });
      return;
    }
    const next = !muted;
    voiceCall.mute(next).then(
      () => {
        setMuted(next);
        toast.success(next ? 'Microphone muted' : 'Microphone unmuted');
      },
      (error: unknown) => toast.error('Mute toggle failed', { description: errorText(error, 'Could not change the microphone') }),
    );
  };

  const pressKey = useCallback((key: string) => {
    const voiceCall = active.current;
    if (statusRef.current !== 'on-call' || !voiceCall) {
      toast.error('Cannot send tone', { description: 'No active call' });
      return;
    }
    setDigits((current) => (current + key).slice(-24));
    voiceCall.sendDigits(key).catch((error: unknown) => toast.error('Failed to send tone', { description: errorText(error, 'The tone was not sent') }));
  }, []);

  /** The lead asked not to be called again: the post-call dialog will start with DNC checked. */
  const markDoNotCall = useCallback(() => {
    doNotCall.current = true;
    setPostCall((p) => (p ? { ...p, doNotCallRequested: true } : p));
  }, []);

  const seconds = connectedAt === null ? 0 : Math.floor((now - connectedAt) / 1000);
  const callSid = record.data?.call_sid ?? call?.sid ?? null;
  return {
    device, check, status, dialing, seconds, muted, digits, postCall,
    /** The provider's call id once known; a Twilio call has a temporary one until its webhook links it. */
    callSid: callSid && !callSid.startsWith('pending_') ? callSid : null,
    hasCall: call !== null,
    dial, end, toggleMute, pressKey,
    markDoNotCall,
    openPostCall: () => setPostCall((p) => (p ? { ...p, open: true } : p)),
    closePostCall: () => setPostCall((p) => (p ? { ...p, open: false } : p)),
    completePostCall: () => postCall && complete(postCall),
  };
}
