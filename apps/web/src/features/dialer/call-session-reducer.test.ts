import { describe, expect, it } from 'vitest';
import { callSeconds, callSessionReducer, initialCallSession, type CallSessionAction, type CallSessionState } from './call-session-reducer';

const run = (actions: CallSessionAction[], from: CallSessionState = initialCallSession) => actions.reduce(callSessionReducer, from);

const DIALING: CallSessionAction[] = [{ type: 'dial-requested' }, { type: 'ringing' }, { type: 'call-started', id: 'call-1', sid: 'demo-1' }];
const ringing = run([...DIALING, { type: 'dial-settled' }]);
const onCall = run([{ type: 'connected', at: 10_000 }], ringing);
const ending = run([{ type: 'hang-up' }], onCall);
const ended = run([{ type: 'ended', callId: 'call-1', at: 13_500 }], ending);

/** Every state the machine reaches, to try an action in each. */
const STATES = { ready: initialCallSession, ringing, 'on-call': onCall, ending, ended };

/** The states in which `action` changes nothing (the reducer hands back the very same object). */
const ignoredIn = (action: CallSessionAction) =>
  Object.entries(STATES).filter(([, state]) => callSessionReducer(state, action) === state).map(([name]) => name);

describe('callSessionReducer: dialing', () => {
  it('marks dialing on request, only from an idle Ready', () => {
    const dialing = run([{ type: 'dial-requested' }]);
    expect(dialing).toEqual({ ...initialCallSession, dialing: true });
    expect(callSessionReducer(dialing, { type: 'dial-requested' })).toBe(dialing);
    expect(ignoredIn({ type: 'dial-requested' })).toEqual(['ringing', 'on-call', 'ending', 'ended']);
  });

  it('rings once the check allows it, clearing the keypad of the last call', () => {
    const dialing = { ...initialCallSession, dialing: true, digits: '12', connectedAt: 5 };
    expect(callSessionReducer(dialing, { type: 'ringing' })).toEqual({ ...dialing, status: 'ringing', digits: '', connectedAt: null });
    expect(ignoredIn({ type: 'ringing' })).toEqual(['ready', 'ringing', 'on-call', 'ending', 'ended']);
  });

  it('keeps the call the server approved, once, while ringing', () => {
    expect(ringing.call).toEqual({ id: 'call-1', sid: 'demo-1' });
    expect(ignoredIn({ type: 'call-started', id: 'call-2', sid: 'demo-2' })).toEqual(['ready', 'ringing', 'on-call', 'ending', 'ended']);
  });

  it('stops dialing when the attempt settles, whatever the status', () => {
    expect(run(DIALING).dialing).toBe(true);
    expect(ringing).toMatchObject({ status: 'ringing', dialing: false });
    expect(run([{ type: 'dial-requested' }, { type: 'dial-settled' }])).toEqual(initialCallSession);
    expect(ignoredIn({ type: 'dial-settled' })).toEqual(Object.keys(STATES));
  });

  it('returns to Ready when dialing fails before an answer, and is ignored once the call is up', () => {
    expect(run([{ type: 'dial-failed' }], run(DIALING))).toBe(initialCallSession);
    expect(run([{ type: 'dial-requested' }, { type: 'dial-failed' }])).toBe(initialCallSession);
    expect(ignoredIn({ type: 'dial-failed' })).toEqual(['ready', 'on-call', 'ending', 'ended']);
  });
});

describe('callSessionReducer: the live call', () => {
  it('goes On Call when answered, starting the timer there', () => {
    expect(onCall).toMatchObject({ status: 'on-call', connectedAt: 10_000, now: 10_000 });
    expect(callSeconds(onCall)).toBe(0);
  });

  it('ignores an answer that is not awaited: a late "connected" after the call ended, or before a call exists', () => {
    expect(ignoredIn({ type: 'connected', at: 20_000 })).toEqual(['ready', 'on-call', 'ending', 'ended']);
    const noCallYet = run([{ type: 'dial-requested' }, { type: 'ringing' }]);
    expect(callSessionReducer(noCallYet, { type: 'connected', at: 1 })).toBe(noCallYet);
  });

  it('counts whole seconds from the ticks while On Call only', () => {
    expect(callSeconds(run([{ type: 'tick', now: 13_999 }], onCall))).toBe(3);
    expect(callSeconds(initialCallSession)).toBe(0);
    expect(ignoredIn({ type: 'tick', now: 99_000 })).toEqual(['ready', 'ringing', 'ending', 'ended']);
  });

  it('mutes and unmutes On Call; the same value again changes nothing', () => {
    const muted = run([{ type: 'mute-changed', muted: true }], onCall);
    expect(muted.muted).toBe(true);
    expect(run([{ type: 'mute-changed', muted: false }], muted).muted).toBe(false);
    expect(callSessionReducer(muted, { type: 'mute-changed', muted: true })).toBe(muted);
    expect(ignoredIn({ type: 'mute-changed', muted: true })).toEqual(['ready', 'ringing', 'ending', 'ended']);
  });

  it('records the keys pressed On Call, the last 24 of them', () => {
    expect(run([{ type: 'digit-pressed', key: '5' }, { type: 'digit-pressed', key: '#' }], onCall).digits).toBe('5#');
    const many = run(Array.from({ length: 30 }, (_, i) => ({ type: 'digit-pressed', key: String(i % 10) }) as const), onCall);
    expect(many.digits).toBe('678901234567890123456789');
    expect(ignoredIn({ type: 'digit-pressed', key: '1' })).toEqual(['ready', 'ringing', 'ending', 'ended']);
  });

  it('hangs up from Ringing or On Call into Ending', () => {
    expect(ending.status).toBe('ending');
    expect(run([{ type: 'hang-up' }], ringing).status).toBe('ending');
    expect(ignoredIn({ type: 'hang-up' })).toEqual(['ready', 'ending', 'ended']);
  });
});

describe('callSessionReducer: the end of the call', () => {
  it('ends with the time On Call and opens the post-call dialog, unmuted', () => {
    const mutedEnd = run([{ type: 'mute-changed', muted: true }, { type: 'ended', callId: 'call-1', at: 12_000 }], onCall);
    expect(mutedEnd).toMatchObject({ status: 'ended', muted: false });
    expect(ended.postCall).toEqual({ callId: 'call-1', durationMs: 3_500, open: true, doNotCallRequested: false });
  });

  it('ends an unanswered call with no duration, from Ringing or Ending', () => {
    expect(run([{ type: 'ended', callId: 'call-1', at: 9_000 }], ringing).postCall?.durationMs).toBe(0);
    expect(run([{ type: 'hang-up' }, { type: 'ended', callId: 'call-1', at: 9_000 }], ringing).postCall?.durationMs).toBe(0);
  });

  it('ends once: a second end, an end in Ready or of another call is ignored', () => {
    expect(ignoredIn({ type: 'ended', callId: 'call-1', at: 20_000 })).toEqual(['ready', 'ended']);
    expect(callSessionReducer(onCall, { type: 'ended', callId: 'call-0', at: 20_000 })).toBe(onCall);
  });

  it('carries a Do Not Call request into the post-call dialog, before or after the end', () => {
    const heard = run([{ type: 'do-not-call-requested' }, { type: 'ended', callId: 'call-1', at: 11_000 }], onCall);
    expect(heard.postCall?.doNotCallRequested).toBe(true);
    const after = run([{ type: 'do-not-call-requested' }], ended);
    expect(after).toMatchObject({ doNotCall: true, postCall: { doNotCallRequested: true } });
    expect(run([{ type: 'do-not-call-requested' }], ringing)).toMatchObject({ doNotCall: true, postCall: null });
    expect(ignoredIn({ type: 'do-not-call-requested' })).toEqual(['ready']);
    expect(callSessionReducer(after, { type: 'do-not-call-requested' })).toBe(after);
  });

  it('closes and reopens the post-call dialog, only when there is one and it is not already so', () => {
    const closed = run([{ type: 'post-call-closed' }], ended);
    expect(closed.postCall?.open).toBe(false);
    expect(callSessionReducer(closed, { type: 'post-call-closed' })).toBe(closed);
    expect(run([{ type: 'post-call-opened' }], closed).postCall?.open).toBe(true);
    expect(ignoredIn({ type: 'post-call-opened' })).toEqual(Object.keys(STATES));
    expect(ignoredIn({ type: 'post-call-closed' })).toEqual(['ready', 'ringing', 'on-call', 'ending']);
  });

  it('completes back to a fresh Ready only after the call ended', () => {
    const completed = run([{ type: 'do-not-call-requested' }, { type: 'completed' }], ended);
    expect(completed).toBe(initialCallSession);
    expect(ignoredIn({ type: 'completed' })).toEqual(['ready', 'ringing', 'on-call', 'ending']);
  });

  it('dials the next call from the completed state with nothing left of the last one', () => {
    const next = run([{ type: 'completed' }, ...DIALING], run([{ type: 'do-not-call-requested' }], ended));
    expect(next).toEqual({ ...initialCallSession, status: 'ringing', dialing: true, call: { id: 'call-1', sid: 'demo-1' } });
  });
});
