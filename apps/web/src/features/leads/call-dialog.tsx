/**
 * A finished call opened from the lead's timeline: its outcome, duration, time and notes, its transcript (agent and
 * seller turns, as the live panel shows them) and "Analyze" of what the seller said (docs/api-ai-jobs.md).
 */
import { CALL_OUTCOME_LABELS, CALL_OUTCOMES, formatPhone, type CallAnalysisView, type CallTranscript, type CallOutcome, type TranscriptLine } from '@wholesail/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { analysisFailedToast, AnalysisSection } from '@/features/conversations/analysis-details';
import { formatDuration } from '@/features/post-call/post-call-api';
import { TranscriptBubble } from '@/features/transcription/transcript-bubble';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { dateTimeText, MISSING } from './lead-format';
import { LoadError } from './load-error';

const callPath = (callId: string, rest: string) => `/api/calls/${encodeURIComponent(callId)}/${rest}`;

const outcomeText = (disposition: string | null) =>
  disposition && (CALL_OUTCOMES as readonly string[]).includes(disposition) ? CALL_OUTCOME_LABELS[disposition as CallOutcome] : (disposition ?? 'No outcome recorded');

function CallView({ callId }: { callId: string }) {
  const client = useQueryClient();
  const key = queryKeys.calls.transcript(callId);
  const view = useQuery({ queryKey: key, queryFn: ({ signal }) => apiRequest<CallTranscript>(callPath(callId, 'transcript'), { signal }) });
  const analyze = useMutation({
    mutationFn: () => apiRequest<CallAnalysisView>(callPath(callId, 'analyze'), { method: 'POST' }),
    onSuccess: (analysis) => client.setQueryData<CallTranscript>(key, (old) => (old ? { ...old, analysis } : old)),
    onError: analysisFailedToast,
  });
  if (view.isPending) return <Skeleton className="h-24 w-full" aria-label="Loading the call" />;
  if (view.isError) return <LoadError what="the call" error={view.error} onRetry={() => void view.refetch()} />;
  const { call, lines, analysis } = view.data;
  const now = Date.now();
  const turns: TranscriptLine[] = lines.map((l) => ({
    messageId: l.id, speaker: l.speaker, text: l.transcript.trim(), timestamp: Date.parse(l.timestamp), confidence: l.confidence, isFinal: true,
  }));
  const fact = (label: string, value: string) => (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="break-words">{value}</dd>
    </div>
  );
  return (
    <div className="grid min-w-0 gap-4">
      <dl className="grid grid-cols-2 gap-3 text-sm">
        {fact('Outcome', outcomeText(call.disposition))}
        {fact('Duration', call.duration_sec === null ? MISSING : formatDuration(call.duration_sec * 1000))}
        {fact('Time', dateTimeText(call.started_at))}
        {fact('Number', formatPhone(call.to_e164))}
        <div className="col-span-2 min-w-0">
          <dt className="text-xs text-muted-foreground">Notes</dt>
          <dd className="break-words whitespace-pre-wrap">{call.notes || 'No notes'}</dd>
        </div>
      </dl>
      <section aria-label="Call transcript" className="grid gap-2">
        <p className="text-sm font-medium">Transcript</p>
        {turns.length === 0 ? (
          <p className="text-xs text-muted-foreground">No transcript was recorded for this call.</p>
        ) : (
          <ol className="grid max-h-80 gap-2 overflow-y-auto rounded-lg border p-2">
            {turns.map((line) => (
              <TranscriptBubble key={line.messageId} line={line} tag="Final" now={now} />
            ))}
          </ol>
        )}
      </section>
      <AnalysisSection analysis={analysis} loading={false} pending={analyze.isPending} onAnalyze={() => analyze.mutate()} />
    </div>
  );
}

export function CallDialog({ callId, onClose }: { callId: string | null; onClose: () => void }) {
  return (
    <Dialog open={callId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] max-w-lg overflow-y-auto p-4 sm:p-6">
        <DialogHeader>
          <DialogTitle>Call</DialogTitle>
          <DialogDescription>The call's outcome, its transcript and an AI analysis of what the seller said.</DialogDescription>
        </DialogHeader>
        {callId && <CallView callId={callId} />}
      </DialogContent>
    </Dialog>
  );
}
