import type { IncomingChunk } from '../transcription/ingest';
import type { FormParams } from './twilio-webhooks';

/**
 * One Twilio real-time transcription callback. The <Start><Transcription track="both_tracks"> runs on the
 * browser's leg of the call, so the inbound track is what the agent says into the browser and the
 * outbound track is what Twilio plays to the agent: the lead.
 */
export type TranscriptionCallback =
  | { kind: 'content'; chunk: IncomingChunk }
  | { kind: 'lifecycle'; event: string; callSid: string }
  | { kind: 'invalid'; message: string };

const TRACK_SPEAKER: Record<string, 'agent' | 'lead'> = { inbound_track: 'agent', outbound_track: 'lead' };

export function parseTranscriptionCallback(p: FormParams, now = new Date()): TranscriptionCallback {
  const callSid = p.CallSid ?? '';
  const event = p.TranscriptionEvent ?? '';
  if (!callSid || !event) return { kind: 'invalid', message: 'CallSid and TranscriptionEvent are required' };
  if (event !== 'transcription-content') return { kind: 'lifecycle', event, callSid };

  const speaker = TRACK_SPEAKER[p.Track ?? ''];
  if (!speaker) return { kind: 'invalid', message: 'Track must be inbound_track or outbound_track' };
  const sequence = Number(p.SequenceId);
  if (!Number.isInteger(sequence) || sequence < 0) return { kind: 'invalid', message: 'SequenceId must be a whole number' };
  let data: { transcript?: unknown; confidence?: unknown };
  try {
    data = JSON.parse(p.TranscriptionData ?? '');
  } catch {
    return { kind: 'invalid', message: 'TranscriptionData must be JSON with transcript and confidence' };
  }
  if (typeof data !== 'object' || data === null || typeof data.transcript !== 'string') {
    return { kind: 'invalid', message: 'TranscriptionData must be JSON with transcript and confidence' };
  }
  const timestamp = p.Timestamp ? new Date(p.Timestamp) : now;
  return {
    kind: 'content',
    chunk: {
      callSid,
      transcript: data.transcript,
      confidence: typeof data.confidence === 'number' ? data.confidence : Number(data.confidence ?? 0),
      speaker,
      isPartial: p.Final !== 'true',
      sequence,
      timestamp: Number.isNaN(timestamp.getTime()) ? now : timestamp,
      source: 'twilio',
    },
  };
}
