import type { Kysely } from 'kysely';
import { isStorableChunk, type Speaker, type TranscriptionRecord } from '@wholesail/domain';
import { withSystem, withTenant } from '../../db/scope';
import type { DB } from '../../db/types';
import { insertChunk, toRecord } from './repo';

/** One piece of speech on a call, as a provider reports it. */
export type IncomingChunk = {
  callSid: string;
  transcript: string;
  timestamp: Date;
  confidence: number;
  speaker: Speaker;
  isPartial: boolean;
  /** The provider's ordering key for this call; a replay repeats it. */
  sequence: number;
  source: 'twilio' | 'demo';
};

export type IngestResult =
  | { result: 'stored'; record: TranscriptionRecord }
  | { result: 'duplicate' | 'dropped' | 'unknown_call' };

/**
 * The one way transcripts enter the system, for Twilio's callbacks and the demo line alike: the call is
 * found by its sid (callbacks carry no organization), short or low-confidence chunks are dropped, and a
 * replayed (call_sid, sequence) is stored once. Stored rows reach listeners through the change feed.
 */
export async function ingestTranscription(db: Kysely<DB>, chunk: IncomingChunk): Promise<IngestResult> {
  const transcript = chunk.transcript.trim();
  if (!isStorableChunk(transcript, chunk.confidence)) return { result: 'dropped' };
  const call = await withSystem(db, (tx) =>
    tx.selectFrom('calls').select(['organization_id', 'id']).where('call_sid', '=', chunk.callSid).executeTakeFirst(),
  );
  if (!call) return { result: 'unknown_call' };
  const record = await withTenant(db, call.organization_id, (tx) =>
    insertChunk(tx, {
      organization_id: call.organization_id,
      call_id: call.id,
      call_sid: chunk.callSid,
      transcript: transcript.slice(0, 10_000),
      timestamp: chunk.timestamp,
      confidence: Math.min(1, chunk.confidence),
      speaker: chunk.speaker,
      is_partial: chunk.isPartial,
      sequence: chunk.sequence,
      source: chunk.source,
    }),
  );
  return record ? { result: 'stored', record: toRecord(record) } : { result: 'duplicate' };
}
