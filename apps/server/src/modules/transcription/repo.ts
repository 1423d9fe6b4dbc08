import type { TranscriptionRecord } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import { iso } from '../../db/timestamps';

export type NewChunk = {
  organization_id: string;
  call_id: string;
  call_sid: string;
  transcript: string;
  timestamp: Date;
  confidence: number;
  speaker: 'agent' | 'lead';
  is_partial: boolean;
  sequence: number;
  source: 'twilio' | 'demo';
};

const COLUMNS = ['id', 'call_sid', 'transcript', 'timestamp', 'confidence', 'speaker', 'is_partial'] as const;

type Row = { id: string; call_sid: string; transcript: string; timestamp: Date | string; confidence: number; speaker: 'agent' | 'lead'; is_partial: boolean };

export const toRecord = (row: Row): TranscriptionRecord => ({ ...row, timestamp: iso(row.timestamp) });

/** Inserts a chunk unless (call_sid, sequence) is already stored; undefined for a replay. */
export async function insertChunk(tx: Tx, chunk: NewChunk) {
  return tx
    .insertInto('call_transcriptions')
    .values(chunk)
    .onConflict((oc) => oc.columns(['organization_id', 'call_sid', 'sequence']).doNothing())
    .returning(COLUMNS)
    .executeTakeFirst();
}

/** The latest `limit` chunks of a call, oldest first. */
export async function listBySid(tx: Tx, organizationId: string, callSid: string, limit: number) {
  const rows = await tx
    .selectFrom('call_transcriptions')
    .select(COLUMNS)
    .where('organization_id', '=', organizationId)
    .where('call_sid', '=', callSid)
    .orderBy('timestamp', 'desc')
    .orderBy('sequence', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse().map(toRecord);
}

/** The next free sequence number of a call (the demo line numbers its own chunks). */
export async function nextSequence(tx: Tx, organizationId: string, callSid: string): Promise<number> {
  const row = await tx
    .selectFrom('call_transcriptions')
    .select((eb) => eb.fn.max('sequence').as('max'))
    .where('organization_id', '=', organizationId)
    .where('call_sid', '=', callSid)
    .executeTakeFirst();
  return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
}

/** What the lead said on a call, final lines only, in order (the post-call DNC box looks for a do-not-call request). */
export async function leadLines(tx: Tx, organizationId: string, callSid: string): Promise<string[]> {
  const rows = await tx
    .selectFrom('call_transcriptions')
    .select('transcript')
    .where('organization_id', '=', organizationId)
    .where('call_sid', '=', callSid)
    .where('speaker', '=', 'lead')
    .where('is_partial', '=', false)
    .orderBy('timestamp')
    .orderBy('sequence')
    .execute();
  return rows.map((r) => r.transcript);
}

/** A call's final lines (both speakers), in order: the finished call's transcript. */
export async function finalLinesOfCall(tx: Tx, organizationId: string, callId: string): Promise<TranscriptionRecord[]> {
  const rows = await tx
    .selectFrom('call_transcriptions')
    .select(COLUMNS)
    .where('organization_id', '=', organizationId)
    .where('call_id', '=', callId)
    .where('is_partial', '=', false)
    .orderBy('timestamp')
    .orderBy('sequence')
    .execute();
  return rows.map(toRecord);
}
