/** GET /api/calls/by-sid/:callSid/transcriptions: the transcript of a call, polled while the call is live. */
import { TRANSCRIPTION_POLL_LIMIT, TRANSCRIPTION_POLL_MS, type TranscriptionRecord } from '@wholesail/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** Under ['call_transcriptions', …], so realtime inserts of that table refresh it too. */
export const transcriptionKeys = { bySid: (callSid: string) => ['call_transcriptions', callSid] as const };

export function useCallTranscriptions(callSid: string | null, live: boolean) {
  return useQuery({
    queryKey: transcriptionKeys.bySid(callSid ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<{ items: TranscriptionRecord[] }>(`/api/calls/by-sid/${encodeURIComponent(callSid ?? '')}/transcriptions?limit=${TRANSCRIPTION_POLL_LIMIT}`, { signal }),
    enabled: callSid !== null,
    refetchInterval: live ? TRANSCRIPTION_POLL_MS : false,
    select: (data) => data.items,
  });
}
