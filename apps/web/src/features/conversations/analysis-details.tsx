/**
 * An AI analysis as the agent reads it (a text thread's or a finished call's): sentiment, motivation signals,
 * objections and the next best step, with its Analyze button (blocked with the reason while analysis is off).
 */
import { AI_ACTION_TOASTS, type ConversationAnalysisView } from '@wholesail/domain';
import { BrainCircuitIcon } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { BlockedButton } from '@/components/ui/blocked-button';
import { Button } from '@/components/ui/button';
import { useAiHealth } from '@/features/coaching/use-ai-health';
import { aiActionState } from '@/features/leads/ai-actions-api';
import { errorText } from '@/lib/api';
import { cn } from '@/lib/utils';

const SENTIMENT_VARIANT = { positive: 'default', neutral: 'secondary', negative: 'destructive' } as const;

export type AnalysisShown = Pick<ConversationAnalysisView, 'sentiment' | 'motivation_signals' | 'objections' | 'next_step' | 'source' | 'model'>;

/** The 'Analysis Failed' toast with the reason. */
export const analysisFailedToast = (error: unknown) => toast.error(AI_ACTION_TOASTS.analysisFailed, { description: errorText(error, 'Please try again.') });

function AnalysisDetails({ analysis }: { analysis: AnalysisShown }) {
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

export function AnalysisSection({ analysis, loading, pending, onAnalyze, className }: {
  analysis: AnalysisShown | null | undefined;
  loading: boolean;
  pending: boolean;
  onAnalyze: () => void;
  className?: string;
}) {
  const health = useAiHealth();
  const blocked = aiActionState(health.data).analyze;
  return (
    <section aria-label="AI analysis" className={cn('grid gap-2 text-sm', className)}>
      <div className="flex items-center justify-between gap-2">
        <p className="font-medium">AI analysis</p>
        {blocked ? (
          <BlockedButton reason={blocked} label="Analyze" variant="outline" size="sm">
            <BrainCircuitIcon aria-hidden /> Analyze
          </BlockedButton>
        ) : (
          <Button variant="outline" size="sm" disabled={pending} onClick={onAnalyze}>
            <BrainCircuitIcon aria-hidden /> {pending ? 'Analyzing…' : analysis ? 'Analyze again' : 'Analyze'}
          </Button>
        )}
      </div>
      {blocked && <p className="text-xs text-muted-foreground">{blocked}</p>}
      {analysis ? <AnalysisDetails analysis={analysis} /> : !loading && <p className="text-xs text-muted-foreground">Not analyzed yet.</p>}
    </section>
  );
}
