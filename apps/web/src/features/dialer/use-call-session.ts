/**
 * The call session of dialer.md §4 for one lead: the effects around callSessionReducer. It dials through the
 * voice device, listens to the line and to the server's call record (which says when the lead answered or hung
 * up, for the demo line and Twilio alike), runs the timers, and turns each of these events into an action.
 */
import { FORCED_END_MS, POST_CALL_AUTO_CLOSE_MS } from '@wholesail/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { ApiError, errorText } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { useReducerStore } from '@/lib/use-reducer-store';
import type { DialerData } from './dialer-store';
import { ENDED_STATUSES, hangUpCall, startCall, useCallCheck, useCallRecord } from './calls-api';
import { callSeconds, callSessionReducer, initialCallSession, type CallStatus, type PostCallState } from './call-session-reducer';
import { useVoiceDevice } from './voice/use-voice-device';
import { VOICE_NOT_READY_MESSAGE } from './voice/voice-device';
import type { ActiveVoiceCall } from './voice/voice-line';

export type { CallStatus, PostCallState } from './call-session-reducer';
export type CallSummary = { callId: string; durationMs: number; notes: string; leadId: string };

export type CallSessionOptions = {
  lead: DialerData;
  fromNumber: string;
  toE164: string | null;
  notes: string;
  clearNotes: () => void;
  onStatusChange?: (status: CallStatus) => void;
  onCompleted?: (summary: CallSummary) => void;
};

const callFailed = (error: unknown) => toast.error('Call failed', { description: errorText(error, 'Call could not be completed') });

export function useCallSession({ lead, fromNumber, toE164, notes, clearNotes, onStatusChange, onCompleted }: CallSessionOptions) {
  const client = useQueryClient();
  const device = useVoiceDevice();
  const check = useCallCheck(lead.leadId, toE164);
  const [state, dispatch] = useReducerStore(callSessionReducer, initialCallSession);
  const { status, call, postCall } = state;
  // Not state: the provider's call object, its unsubscribe functions and the forced-end timer.
  const active = useRef<ActiveVoiceCall | null>(null);
  const unsubscribe = useRef<Array<() => void>>([]);
  const forcedEnd = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const record = useCallRecord(call?.id ?? null, status === 'ringing' || status === 'ending');

  const release = useCallback(() => {
    clearTimeout(forcedEnd.current);
    for (const off of unsubscribe.current) off();
    unsubscribe.current = [];
    active.current = null;
  }, []);

  const finish = useCallback(
    (callId: string) => {
      if (!dispatch({ type: 'ended', callId, at: Date.now() })) return;
      release();
      toast.success('Call ended', { description: 'Take post-call actions before closing' });
    },
    [dispatch, release],
  );

  /** Back at Ready: the lead may be callable again (or no longer), so the compliance check is asked again. */
  const backToReady = useCallback(() => {
    release();
    void client.invalidateQueries({ queryKey: queryKeys.calls.check(lead.leadId) });
  }, [client, lead.leadId, release]);

  /** Completing resets to Ready, clears notes and reports duration, notes and lead. */
  const complete = useCallback(
    (done: PostCallState) => {
      if (!dispatch({ type: 'completed' })) return;
      backToReady();
      clearNotes();
      onCompleted?.({ callId: done.callId, durationMs: done.durationMs, notes, leadId: lead.leadId });
    },
    [backToReady, clearNotes, dispatch, lead.leadId, notes, onCompleted],
  );

  useEffect(() => {
    onStatusChange?.(status);
  }, [onStatusChange, status]);

  // Ringing → On Call when the server reports the call answered; any live state → Ended when it is over.
  const remoteStatus = record.data?.status;
  useEffect(() => {
    if (!call || !remoteStatus) return;
    if (remoteStatus === 'in-progress') {
      if (dispatch({ type: 'connected', at: Date.now() })) toast.success('Call connected');
    } else if (ENDED_STATUSES.includes(remoteStatus)) finish(call.id);
  }, [call, remoteStatus, dispatch, finish]);

  // The timer counts seconds while On Call.
  useEffect(() => {
    if (status !== 'on-call') return;
    const timer = setInterval(() => dispatch({ type: 'tick', now: Date.now() }), 1000);
    return () => clearInterval(timer);
  }, [status, dispatch]);

  // A post-call dialog closed without completing auto-completes after 10 s, unless notes would be lost.
  useEffect(() => {
    if (!postCall || postCall.open || notes.trim() !== '') return;
    const timer = setTimeout(() => complete(postCall), POST_CALL_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [postCall, notes, complete]);

  useEffect(() => release, [release]);

  const dial = async () => {
    if (status !== 'ready') return;
    if (device.status !== 'ready') {
      toast.error('Cannot make call', { description: VOICE_NOT_READY_MESSAGE });
      return;
    }
    if (!toE164 || !fromNumber) {
      toast.error('Cannot make call', { description: 'Please ensure phone numbers are configured' });
      return;
    }
    if (!dispatch({ type: 'dial-requested' })) return;
    let approved: string | null = null;
    try {
      const fresh = await check.refetch();
      if (fresh.data && !fresh.data.allowed) {
        toast.error('Cannot make call', { description: fresh.data.reason ?? 'Calling this lead is not allowed right now' });
        return;
      }
      dispatch({ type: 'ringing' });
      const { call_id, call_sid } = await startCall({ lead_id: lead.leadId, from_e164: fromNumber, to_e164: toE164 });
      approved = call_id;
      dispatch({ type: 'call-started', id: call_id, sid: call_sid });
      const voiceCall = await device.connect({ callId: call_id, leadId: lead.leadId, to: toE164, from: fromNumber });
      active.current = voiceCall;
      unsubscribe.current = [
        voiceCall.onDisconnect(() => finish(call_id)),
        voiceCall.onError((error) => {
          callFailed(error);
          // Before an answer the call is dropped and the dialer is ready again; after one, the call just ended.
          if (dispatch({ type: 'dial-failed' })) {
            void hangUpCall(call_id).catch(() => undefined);
            backToReady();
          } else finish(call_id);
        }),
      ];
    } catch (error) {
      // An error while dialing returns to Ready; a call the server approved is ended there too.
      if (approved) void hangUpCall(approved).catch(() => undefined);
      if (dispatch({ type: 'dial-failed' })) backToReady();
      const title = error instanceof ApiError && error.status >= 400 && error.status < 500 ? 'Cannot make call' : 'Call failed';
      toast.error(title, { description: errorText(error, 'Call could not be completed') });
    } finally {
      dispatch({ type: 'dial-settled' });
    }
  };

  const end = () => {
    const id = call?.id;
    if (!id || !dispatch({ type: 'hang-up' })) return;
    forcedEnd.current = setTimeout(() => finish(id), FORCED_END_MS);
    Promise.all([active.current?.hangup(), hangUpCall(id)]).then(([, result]) => {
      client.setQueryData(queryKeys.calls.detail(id), result);
      finish(id);
    }, callFailed);
  };

  const toggleMute = () => {
    const voiceCall = active.current;
    if (status !== 'on-call' || !voiceCall) {
      toast.error('Mute unavailable', { description: 'No active call' });
      return;
    }
    const next = !state.muted;
    voiceCall.mute(next).then(
      () => {
        dispatch({ type: 'mute-changed', muted: next });
        toast.success(next ? 'Microphone muted' : 'Microphone unmuted');
      },
      (error: unknown) => toast.error('Mute toggle failed', { description: errorText(error, 'Could not change the microphone') }),
    );
  };

  const pressKey = useCallback(
    (key: string) => {
      const voiceCall = active.current;
      if (!voiceCall || !dispatch({ type: 'digit-pressed', key })) {
        toast.error('Cannot send tone', { description: 'No active call' });
        return;
      }
      voiceCall.sendDigits(key).catch((error: unknown) => toast.error('Failed to send tone', { description: errorText(error, 'The tone was not sent') }));
    },
    [dispatch],
  );

  /** The lead asked not to be called again: the post-call dialog will start with DNC checked. */
  const markDoNotCall = useCallback(() => void dispatch({ type: 'do-not-call-requested' }), [dispatch]);

  const callSid = record.data?.call_sid ?? call?.sid ?? null;
  return {
    device, check, status, dialing: state.dialing, seconds: callSeconds(state), muted: state.muted, digits: state.digits, postCall,
    /** The provider's call id once known; a Twilio call has a temporary one until its webhook links it. */
    callSid: callSid && !callSid.startsWith('pending_') ? callSid : null,
    hasCall: call !== null,
    dial, end, toggleMute, pressKey, markDoNotCall,
    openPostCall: () => dispatch({ type: 'post-call-opened' }),
    closePostCall: () => dispatch({ type: 'post-call-closed' }),
    completePostCall: () => postCall && complete(postCall),
  };
}
