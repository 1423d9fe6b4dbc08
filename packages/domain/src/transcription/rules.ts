import { z } from 'zod';

/** Transcript rules and constants of dialer.md §5 and §9. */

/** Chunks shorter than this are dropped. */
export const MIN_TRANSCRIPT_CHARS = 3;
/** Chunks below this confidence are not stored. */
export const MIN_STORED_CONFIDENCE = 0.1;
/** Chunks below this confidence are not shown from the live stream. */
export const MIN_STREAM_CONFIDENCE = 0.2;
/** Rows returned by the polling fallback, and how often it polls. */
export const TRANSCRIPTION_POLL_LIMIT = 50;
export const TRANSCRIPTION_POLL_MS = 200;

export const SPEAKERS = ['agent', 'lead'] as const;
export type Speaker = (typeof SPEAKERS)[number];

/** A transcription record (dialer.md §3) as the API returns it. */
export const transcriptionRecordSchema = z.object({
  id: z.string(),
  call_sid: z.string(),
  transcript: z.string(),
  timestamp: z.string(),
  confidence: z.number(),
  speaker: z.enum(SPEAKERS),
  is_partial: z.boolean(),
});
export type TranscriptionRecord = z.infer<typeof transcriptionRecordSchema>;
/** GET /api/calls/by-sid/:callSid/transcriptions: the latest records, oldest first. */
export const transcriptionListSchema = z.object({ items: z.array(transcriptionRecordSchema) });

/** Whether a chunk is kept at all: at least 3 characters of text and confidence of at least 0.1. */
export function isStorableChunk(transcript: string, confidence: number): boolean {
  return transcript.trim().length >= MIN_TRANSCRIPT_CHARS && Number.isFinite(confidence) && confidence >= MIN_STORED_CONFIDENCE;
}

export const transcriptionsQuery = z
  .object({
    limit: z.coerce.number({ error: 'limit: expected a number' }).int('limit: expected a whole number').min(1, 'limit: at least 1').max(200, 'limit: at most 200').default(TRANSCRIPTION_POLL_LIMIT),
  })
  .strict();
