/**
 * The voice provider behind the dialer (DESIGN.md "Outside services"): Twilio when configured (the browser
 * places the call; see twilio.ts), otherwise the demo line. The calls module starts and ends calls through this
 * interface and learns of progress through `onStatus`, the same path Twilio's status callbacks take, and of
 * speech through `onSpeech`, the same path as Twilio's transcription callbacks.
 */
import type { ConversationContext, DemoSpeaker } from './demo-conversation';

export type ProviderCallStatus = 'ringing' | 'in-progress' | 'completed' | 'failed' | 'busy' | 'no-answer' | 'canceled';

export interface ProviderCall {
  id: string;
  organizationId: string;
  callSid: string;
  from: string;
  to: string;
  /** Who is on the call, for the demo line's conversation. */
  conversation?: ConversationContext;
}

export type StatusListener = (call: ProviderCall, status: ProviderCallStatus, at: Date) => Promise<void>;

export type SpokenChunk = { speaker: DemoSpeaker; transcript: string; isPartial: boolean; confidence: number; sequence: number; at: Date };
export type SpeechListener = (call: ProviderCall, chunk: SpokenChunk) => Promise<void>;

export interface VoiceProvider {
  readonly kind: 'demo' | 'twilio';
  /** A new provider call identifier for a call about to be placed. */
  newCallSid(): string;
  startCall(call: ProviderCall): Promise<void>;
  hangup(callId: string): Promise<void>;
  /** Stops timers and waits for writes in flight (app close). */
  stop(): Promise<void>;
}

export { DemoLine } from './demo-line';
export { TwilioBrowserLine } from './twilio';
export type { ConversationContext } from './demo-conversation';
