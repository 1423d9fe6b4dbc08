/** Messages of WS /api/transcription-stream (dialer.md §7; docs/api-calls.md "Transcripts"). */
import type { Speaker } from './rules';

export type StreamServerMessage =
  | { type: 'connected'; callSid: string; timestamp: string }
  | { type: 'transcription'; id: string; transcript: string; timestamp: string; confidence: number; speaker: Speaker; is_partial: boolean }
  | { type: 'status'; status: string; timestamp: string }
  | { type: 'pong'; timestamp: string };

export type StreamClientMessage = { type: 'ping' };

/** Stream connect timeout, ping interval, reconnect delay and refresh wait (dialer.md §9). */
export const STREAM_CONNECT_TIMEOUT_MS = 5000;
export const STREAM_PING_MS = 30_000;
export const STREAM_RECONNECT_DELAY_MS = 10_000;
export const STREAM_REFRESH_WAIT_MS = 500;
/** Entries kept from the stream. */
export const STREAM_BUFFER_LIMIT = 100;
/** Chunks arriving within this window are rendered together. */
export const CHUNK_BATCH_MS = 50;
