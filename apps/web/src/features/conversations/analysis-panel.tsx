/**
 * "Analyze" on a text thread: the AI analysis of the seller's latest text (sentiment, motivation signals, objections,
 * the next best step), where the agent reads the thread. The stored one shows at once; a job's new one comes over the feed.
 */
import type { ConversationAnalysisView, ConversationMessage } from '@wholesail/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isNotFound } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { analysisFailedToast, AnalysisSection } from './analysis-details';

function useAnalysis(conversationId: string) {
  return useQuery({
    queryKey: queryKeys.analyses.conversation(conversationId),
    // 404 "not analyzed yet" is an answer: none so far.
    queryFn: ({ signal }) =>
      apiRequest<ConversationAnalysisView>(`/api/conversations/${encodeURIComponent(conversationId)}/analysis`, { signal }).catch((error: unknown) => {
        if (isNotFound(error)) return null;
        throw error;
      }),
  });
}

/** The thread's analysis, of its latest text from the seller (or its latest text when the seller has not written). */
export function AnalysisPanel({ messages }: { messages: ConversationMessage[] }) {
  const target = messages.findLast((m) => m.direction === 'inbound') ?? messages.at(-1);
  if (!target) return null;
  return <ThreadAnalysis key={target.id} conversationId={target.id} />;
}

function ThreadAnalysis({ conversationId }: { conversationId: string }) {
  const client = useQueryClient();
  const stored = useAnalysis(conversationId);
  const analyze = useMutation({
    mutationFn: () => apiRequest<ConversationAnalysisView>(`/api/conversations/${encodeURIComponent(conversationId)}/analyze`, { method: 'POST' }),
    onSuccess: (analysis) => client.setQueryData(queryKeys.analyses.conversation(conversationId), analysis),
    onError: analysisFailedToast,
  });
  return (
    <AnalysisSection
      className="border-b px-3 py-2"
      analysis={stored.data}
      loading={stored.isPending}
      pending={analyze.isPending}
      onAnalyze={() => analyze.mutate()}
    />
  );
}
