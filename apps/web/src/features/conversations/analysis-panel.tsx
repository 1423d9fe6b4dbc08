/**
 * "Analyze" on a text thread: the AI analysis of the seller's latest text (sentiment, motivation signals, objections,
 * the next best step), where the agent reads the thread. The stored one shows at once; a job's new one comes over the feed.
 */
import { AI_ACTION_TOASTS, type ConversationAnalysisView, type ConversationMessage } from '@wholesail/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BrainCircuitIcon } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { BlockedButton } from '@/components/ui/blocked-button';
import { Button } from '@/components/ui/button';
import { useAiHealth } from '@/features/coaching/use-ai-health';
import { aiActionState } from '@/features/leads/ai-actions-api';
import { apiRequest, errorText, isNotFound } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

const SENTIMENT_VARIANT = { positive: 'default', neutral: 'secondary', negative: 'destructive' } as const;

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

function AnalysisDetails({ analysis }: { analysis: ConversationAnalysisView }) {
  const list = (label: string, items: string[]) => (
    <div>
      <dt className="font-medium">{label}</dt>
      <dd className="text-muted-foreground">{items.length > 0 ? items.join(', ') : 'None found'}</dd>
    </div>
  );
  return (
    <dl className="grid gap-1.5">
      <div className="flex items-center gap-2">
        <dt className="font-medium">Sentiment</dt>
        <dd>
          <Badge variant={SENTIMENT_VARIANT[analysis.sentiment]}>{analysis.sentiment}</Badge>
        </dd>
      </div>
      {list('Motivation signals', analysis.motivation_signals)}
      {list('Objections', analysis.objections)}
      <div>
        <dt className="font-medium">Next best step</dt>
        <dd>{analysis.next_step}</dd>
      </div>
      <p className="text-xs text-muted-foreground">{analysis.source === 'llm' ? `By ${analysis.model ?? 'the language model'}` : 'By the built-in rules'}</p>
    </dl>
  );
}

/** The thread's analysis, of its latest text from the seller (or its latest text when the seller has not written). */
export function AnalysisPanel({ messages }: { messages: ConversationMessage[] }) {
  const target = messages.findLast((m) => m.direction === 'inbound') ?? messages.at(-1);
  if (!target) return null;
  return <ThreadAnalysis key={target.id} conversationId={target.id} />;
}

function ThreadAnalysis({ conversationId }: { conversationId: string }) {
  const client = useQueryClient();
  const health = useAiHealth();
  const blocked = aiActionState(health.data).analyze;
  const stored = useAnalysis(conversationId);
  const analyze = useMutation({
    mutationFn: () => apiRequest<ConversationAnalysisView>(`/api/conversations/${encodeURIComponent(conversationId)}/analyze`, { method: 'POST' }),
    onSuccess: (analysis) => client.setQueryData(queryKeys.analyses.conversation(conversationId), analysis),
    onError: (error) => toast.error(AI_ACTION_TOASTS.analysisFailed, { description: errorText(error, 'Please try again.') }),
  });
  const analysis = stored.data;
  return (
    <section aria-label="AI analysis" className="grid gap-2 border-b px-3 py-2 text-sm">
      <div className="flex items-center justify-between gap-2">
        <p className="font-medium">AI analysis</p>
        {blocked ? (
          <BlockedButton reason={blocked} label="Analyze" variant="outline" size="sm">
            <BrainCircuitIcon aria-hidden /> Analyze
          </BlockedButton>
        ) : (
          <Button variant="outline" size="sm" disabled={analyze.isPending} onClick={() => analyze.mutate()}>
            <BrainCircuitIcon aria-hidden /> {analyze.isPending ? 'Analyzing…' : analysis ? 'Analyze again' : 'Analyze'}
          </Button>
        )}
      </div>
      {blocked && <p className="text-xs text-muted-foreground">{blocked}</p>}
      {analysis ? <AnalysisDetails analysis={analysis} /> : !stored.isPending && <p className="text-xs text-muted-foreground">Not analyzed yet.</p>}
    </section>
  );
}
