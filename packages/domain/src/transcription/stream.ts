/** Messages of WS /api/transcription-stream (dialer.md §7; docs/api-calls.md "Transcripts"). */
import { z } from 'zod';
import { coachingLeadContextSchema } from '../coaching/types';
import { leadRecordSchema } from '../leads/lead-schemas';
import type { Speaker } from './rules';

export type StreamServerMessage =
  | { type: 'connected'; callSid: string; timestamp: string }
  | { type: 'transcription'; id: string; transcript: string; timestamp: string; confidence: number; speaker: Speaker; is_partial: boolean }
  | { type: 'status'; status: string; timestamp: string }
  | { type: 'pong'; timestamp: string };

export type StreamClientMessage = { type: 'ping' };

/** The stream's query string; a bad one is refused (400 naming the parameter) before the upgrade. */
export const transcriptionStreamQuery = z.object({
  callSid: z
    .string({ error: (issue) => (issue.input === undefined ? 'callSid: required' : 'callSid: expected one call sid') })
    .trim()
    .min(1, 'callSid: required')
    .max(100, 'callSid: at most 100 characters'),
  organizationId: z.uuid({ error: (issue) => (issue.input === undefined ? 'organizationId: required' : 'organizationId: expected an organization id') }),
});
export type TranscriptionStreamQuery = z.infer<typeof transcriptionStreamQuery>;

/** Stream connect timeout, ping interval, reconnect delay and refresh wait (dialer.md §9). */
export const STREAM_CONNECT_TIMEOUT_MS = 5000;
export const STREAM_PING_MS = 30_000;
export const STREAM_RECONNECT_DELAY_MS = 10_000;
export const STREAM_REFRESH_WAIT_MS = 500;
/** Entries kept from the stream. */
export const STREAM_BUFFER_LIMIT = 100;
/** Chunks arriving within this window are rendered together. */
export const CHUNK_BATCH_MS = 50;

/** Texts of the call's lead context (dialer.md §8 "Lead context"). */
export const CALL_LEAD_CONTEXT_MESSAGES = {
  noCall: 'No call or transcript data found',
  notLinked: 'Lead context unavailable - call not linked to lead',
  matchedByPhoneOrAddress: 'Loaded full lead details - Matched by phone/address',
  /** The dialer's lead panel, when the server found no lead for the call (dialer.md §8 "Lead context"). */
  callNotLinked: 'Call not linked to any lead',
  /** The panel's note, and the toast's title, when the request failed otherwise. */
  failed: 'Failed to load lead context',
  failedToast: 'Failed to Load Lead Context',
} as const;

/** GET /api/calls/by-sid/:callSid/lead-context: the call's lead, or the lead its number or address matched. */
export const callLeadContextSchema = z.object({
  /** The lead as GET /api/leads/:id shows it, its listed numbers included. */
  lead: leadRecordSchema,
  context: coachingLeadContextSchema,
  matched_by: z.enum(['call', 'phone', 'address']),
  message: z.literal(CALL_LEAD_CONTEXT_MESSAGES.matchedByPhoneOrAddress).nullable(),
});
export type CallLeadContext = z.infer<typeof callLeadContextSchema>;
