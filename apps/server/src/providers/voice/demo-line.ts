import crypto from 'node:crypto';
import { DEMO_INTERJECTIONS, demoConversation, type DemoSpeaker, type DemoTurn } from './demo-conversation';
import type { ProviderCall, SpeechListener, StatusListener, VoiceProvider } from './index';

export interface DemoLineOptions {
  /** How long the demo line rings before the lead answers (DEMO_RING_MS, about 2 s). */
  ringMs: number;
  /** Speaking pace (DEMO_MS_PER_WORD); pauses between turns are two words long. */
  msPerWord: number;
  onStatus: StatusListener;
  /** Each piece of speech, interim then final, as a transcription provider would report it. */
  onSpeech: SpeechListener;
  onError?: (error: unknown) => void;
}

/** A pause of this many turn gaps in which the agent is muted makes the seller ask if anyone is there. */
const SILENCE_GAPS = 6;
/** The seller hangs up this many turn gaps after the last line. */
const HANGUP_GAPS = 3;

type Session = {
  call: ProviderCall;
  turns: DemoTurn[];
  index: number;
  muted: boolean;
  held: boolean;
  sequence: number;
  askedIfThere: boolean;
  heardTones: boolean;
  timers: Set<NodeJS.Timeout>;
};

/**
 * The demo line: no carrier. A dialled call rings, is answered after `ringMs`, and then the seller and
 * the agent speak a scripted conversation built from the lead's record, reported through `onSpeech` the
 * way Twilio's transcription callbacks report a real call. Muting holds the agent's lines (the seller
 * asks whether anyone is there), keypad tones make the seller remark on them, hang-up stops everything,
 * and after the last line the seller hangs up.
 */
export class DemoLine implements VoiceProvider {
  readonly kind = 'demo' as const;
  private readonly sessions = new Map<string, Session>();
  private readonly inFlight = new Set<Promise<void>>();
  private stopped = false;

  constructor(private readonly options: DemoLineOptions) {}

  private get gapMs(): number {
    return this.options.msPerWord * 2;
  }

  newCallSid(): string {
    return `CA${crypto.randomBytes(16).toString('hex')}`;
  }

  async startCall(call: ProviderCall): Promise<void> {
    if (this.stopped) return;
    const session: Session = {
      call, turns: call.conversation ? demoConversation(call.conversation) : [], index: 0, muted: false, held: false,
      sequence: 0, askedIfThere: false, heardTones: false, timers: new Set(),
    };
    this.sessions.set(call.id, session);
    this.report(call, 'ringing');
    this.after(session, this.options.ringMs, () => {
      this.report(call, 'in-progress');
      this.after(session, this.gapMs, () => this.playTurn(session));
    });
  }

  async hangup(callId: string): Promise<void> {
    this.end(callId);
  }

  /** Mute or unmute the agent; unmuting resumes a conversation held on the agent's line. */
  async mute(callId: string, muted: boolean): Promise<void> {
    const session = this.sessions.get(callId);
    if (!session) return;
    session.muted = muted;
    if (!muted && session.held) {
      session.held = false;
      this.playTurn(session);
    }
  }

  /** Keypad tones: the seller hears them and says so, once per call. */
  async tones(callId: string): Promise<void> {
    const session = this.sessions.get(callId);
    if (!session || session.heardTones) return;
    session.heardTones = true;
    this.after(session, this.gapMs, () => this.say(session, 'lead', DEMO_INTERJECTIONS.tones, false));
  }

  /** Calls in progress on this line (tests). */
  get activeCalls(): number {
    return this.sessions.size;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const id of [...this.sessions.keys()]) this.end(id);
    await Promise.allSettled([...this.inFlight]);
  }

  private playTurn(session: Session): void {
    const turn = session.turns[session.index];
    if (!turn) {
      this.after(session, this.gapMs * HANGUP_GAPS, () => {
        this.report(session.call, 'completed');
        this.end(session.call.id);
      });
      return;
    }
    if (turn.speaker === 'agent' && session.muted) return this.hold(session);
    const words = turn.text.split(/\s+/);
    const talkMs = words.length * this.options.msPerWord;
    if (words.length >= 4) {
      this.after(session, talkMs / 2, () => {
        if (turn.speaker === 'agent' && session.muted) return;
        this.say(session, turn.speaker, words.slice(0, Math.ceil(words.length / 2)).join(' '), true);
      });
    }
    this.after(session, talkMs, () => {
      // Muted mid-sentence: the seller did not hear the end, so the agent says it again after unmuting.
      if (turn.speaker === 'agent' && session.muted) return this.hold(session);
      this.say(session, turn.speaker, turn.text, false);
      session.index += 1;
      this.after(session, this.gapMs, () => this.playTurn(session));
    });
  }

  private hold(session: Session): void {
    session.held = true;
    if (session.askedIfThere) return;
    this.after(session, this.gapMs * SILENCE_GAPS, () => {
      if (!session.held || session.askedIfThere) return;
      session.askedIfThere = true;
      this.say(session, 'lead', DEMO_INTERJECTIONS.silence, false);
    });
  }

  private say(session: Session, speaker: DemoSpeaker, transcript: string, isPartial: boolean): void {
    const sequence = session.sequence++;
    // Speech engines are less sure of interim results; the values vary a little, as real ones do.
    const confidence = isPartial ? 0.7 + (sequence % 3) * 0.05 : 0.9 + (sequence % 8) / 100;
    this.track(this.options.onSpeech(session.call, { speaker, transcript, isPartial, confidence, sequence, at: new Date() }));
  }

  private after(session: Session, ms: number, fn: () => void): void {
    const timer = setTimeout(() => {
      session.timers.delete(timer);
      if (!this.stopped && this.sessions.get(session.call.id) === session) fn();
    }, ms);
    timer.unref?.();
    session.timers.add(timer);
  }

  private end(callId: string): void {
    const session = this.sessions.get(callId);
    if (!session) return;
    for (const timer of session.timers) clearTimeout(timer);
    this.sessions.delete(callId);
  }

  private report(call: ProviderCall, status: 'ringing' | 'in-progress' | 'completed'): void {
    if (this.stopped) return;
    this.track(this.options.onStatus(call, status, new Date()));
  }

  private track(write: Promise<void>): void {
    const tracked = write.catch((error) => this.options.onError?.(error)).finally(() => this.inFlight.delete(tracked));
    this.inFlight.add(tracked);
  }
}
