/**
 * The call status machine of dialer.md §4 as one pure reducer: Ready → Ringing → On Call → Ending → Ended, and
 * back to Ready when the post-call actions complete or dialing fails. An action that does not fit the current
 * state (a late "connected" after the call ended, a tone between calls) returns the same state object, which
 * tells the caller that nothing happened and no side effect is due.
 */
export type CallStatus = 'ready' | 'ringing' | 'on-call' | 'ending' | 'ended';
export type PostCallState = { callId: string; durationMs: number; open: boolean; doNotCallRequested: boolean };

export type CallSessionState = {
  readonly status: CallStatus;
  /** Between pressing Call and the dial attempt settling (the compliance check, POST /api/calls, the line). */
  readonly dialing: boolean;
  /** The call the server approved: its id and the provider's sid (a temporary one until Twilio links it). */
  readonly call: { readonly id: string; readonly sid: string } | null;
  readonly connectedAt: number | null;
  /** The latest tick of the On Call timer. */
  readonly now: number;
  readonly muted: boolean;
  /** The keypad's readout: the last 24 keys sent. */
  readonly digits: string;
  /** Live coaching heard the lead ask not to be called again. */
  readonly doNotCall: boolean;
  readonly postCall: PostCallState | null;
};

export type CallSessionAction =
  | { type: 'dial-requested' }
  /** The compliance check allowed the call: it rings while the server and the line set it up. */
  | { type: 'ringing' }
  | { type: 'call-started'; id: string; sid: string }
  | { type: 'dial-settled' }
  /** Dialing failed (refused by the server, the line would not connect, the line failed before an answer). */
  | { type: 'dial-failed' }
  | { type: 'connected'; at: number }
  | { type: 'tick'; now: number }
  | { type: 'mute-changed'; muted: boolean }
  | { type: 'digit-pressed'; key: string }
  | { type: 'hang-up' }
  /** The call is over: the line disconnected, the server says so, the hangup returned or was forced after a timeout. */
  | { type: 'ended'; callId: string; at: number }
  | { type: 'do-not-call-requested' }
  | { type: 'post-call-opened' }
  | { type: 'post-call-closed' }
  | { type: 'completed' };

const DIGITS_KEPT = 24;

export const initialCallSession: CallSessionState = {
  status: 'ready', dialing: false, call: null, connectedAt: null, now: 0, muted: false, digits: '', doNotCall: false, postCall: null,
};

export function callSessionReducer(state: CallSessionState, action: CallSessionAction): CallSessionState {
  const { status } = state;
  switch (action.type) {
    case 'dial-requested':
      return status === 'ready' && !state.dialing ? { ...state, dialing: true } : state;
    case 'ringing':
      return status === 'ready' && state.dialing ? { ...state, status: 'ringing', digits: '', connectedAt: null } : state;
    case 'call-started':
      return status === 'ringing' && state.call === null ? { ...state, call: { id: action.id, sid: action.sid } } : state;
    case 'dial-settled':
      return state.dialing ? { ...state, dialing: false } : state;
    case 'dial-failed':
      return status === 'ready' || status === 'ringing' ? initialCallSession : state;
    case 'connected':
      return status === 'ringing' && state.call ? { ...state, status: 'on-call', connectedAt: action.at, now: action.at } : state;
    case 'tick':
      return status === 'on-call' ? { ...state, now: action.now } : state;
    case 'mute-changed':
      return status === 'on-call' && state.muted !== action.muted ? { ...state, muted: action.muted } : state;
    case 'digit-pressed':
      return status === 'on-call' ? { ...state, digits: (state.digits + action.key).slice(-DIGITS_KEPT) } : state;
    case 'hang-up':
      return (status === 'ringing' || status === 'on-call') && state.call ? { ...state, status: 'ending' } : state;
    case 'ended': {
      if (!['ringing', 'on-call', 'ending'].includes(status) || state.call?.id !== action.callId) return state;
      const durationMs = state.connectedAt === null ? 0 : Math.max(0, action.at - state.connectedAt);
      const postCall = { callId: action.callId, durationMs, open: true, doNotCallRequested: state.doNotCall };
      return { ...state, status: 'ended', muted: false, postCall };
    }
    case 'do-not-call-requested':
      if (status === 'ready' || state.doNotCall) return state;
      return { ...state, doNotCall: true, postCall: state.postCall && { ...state.postCall, doNotCallRequested: true } };
    case 'post-call-opened':
    case 'post-call-closed': {
      const open = action.type === 'post-call-opened';
      return state.postCall && state.postCall.open !== open ? { ...state, postCall: { ...state.postCall, open } } : state;
    }
    case 'completed':
      return status === 'ended' ? initialCallSession : state;
  }
}

/** Whole seconds On Call, as the timer shows them. */
export function callSeconds(state: CallSessionState): number {
  return state.connectedAt === null ? 0 : Math.floor((state.now - state.connectedAt) / 1000);
}
