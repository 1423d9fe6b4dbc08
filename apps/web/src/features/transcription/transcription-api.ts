/** GET /api/calls/by-sid/:callSid/transcriptions: the transcript of a call (latest 50 chunks, oldest first). */
import { TRANSCRIPTION_POLL_LIMIT, type TranscriptionRecord } from '@wholesail/domain';
import { apiRequest } from '@/lib/api';

export async function fetchCallTranscriptions(callSid: string, signal?: AbortSignal): Promise<TranscriptionRecord[]> {
  const data = await apiRequest<{ items: TranscriptionRecord[] }>(
    `/api/calls/by-sid/${encodeURIComponent(callSid)}/transcriptions?limit=${TRANSCRIPTION_POLL_LIMIT}`,
    { signal },
  );
  return data.items;
}
