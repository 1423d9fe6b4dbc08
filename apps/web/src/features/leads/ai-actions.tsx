/** The AI actions on one lead (page and dialog): Enrich, Score with AI and Ask AI, each saying why when it cannot run. */
import { AI_ACTION_TOASTS, type LeadAiScore } from '@wholesail/domain';
import { BotIcon, GaugeIcon } from 'lucide-react';
import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { BlockedButton } from '@/components/ui/blocked-button';
import { Button } from '@/components/ui/button';
import { useAiHealth } from '@/features/coaching/use-ai-health';
import { errorText } from '@/lib/api';
import { AI_ACTION_REASONS, aiActionState, useScoreLead } from './ai-actions-api';
import { AiScoreSummary } from './ai-score';
import { AskAiPanel } from './ask-ai-panel';
import { EnrichControls, EnrichmentStatus } from './enrich-controls';
import type { LeadDetail } from './leads-api';

export function LeadAiActions({ lead }: { lead: LeadDetail }) {
  const health = useAiHealth();
  const state = aiActionState(health.data);
  const score = useScoreLead(lead.id);
  const [scored, setScored] = useState<LeadAiScore | null>(null);
  const [asking, setAsking] = useState(false);
  const [followBatch, setFollowBatch] = useState<string | null>(null);
  const stopFollowing = useCallback(() => setFollowBatch(null), []);

  const runScore = () =>
    score.mutate(undefined, {
      onSuccess: (result) => {
        setScored(result);
        if (result.llm === 'error') toast.warning('AI model unavailable', { description: 'Scored from the record only.' });
      },
      onError: (error) => toast.error(AI_ACTION_TOASTS.scoringFailed, { description: errorText(error, 'Please try again.') }),
    });

  return (
    <section aria-label="AI actions" className="grid gap-2 rounded-lg border p-3">
      <div className="flex flex-wrap items-center gap-2">
        <EnrichControls leadIds={[lead.id]} blocked={state.enrich} onStarted={(answer) => setFollowBatch(answer.batch.id)} />
        {state.score ? (
          <BlockedButton reason={state.score} label="Score with AI" variant="outline" size="sm">
            <GaugeIcon aria-hidden /> Score with AI
          </BlockedButton>
        ) : (
          <Button variant="outline" size="sm" disabled={score.isPending} onClick={runScore}>
            <GaugeIcon aria-hidden /> {score.isPending ? 'Scoring…' : 'Score with AI'}
          </Button>
        )}
        {state.ask ? (
          <BlockedButton reason={state.ask} label="Ask AI" variant="outline" size="sm">
            <BotIcon aria-hidden /> Ask AI
          </BlockedButton>
        ) : (
          <Button variant={asking ? 'secondary' : 'outline'} size="sm" aria-expanded={asking} onClick={() => setAsking((a) => !a)}>
            <BotIcon aria-hidden /> Ask AI
          </Button>
        )}
      </div>
      {(state.enrich || state.score || state.ask) && (
        <ul className="grid gap-0.5 text-xs text-muted-foreground" aria-label="Why some AI actions are off">
          {[...new Set([state.enrich, state.score, state.ask].filter(Boolean))].map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      )}
      {state.rulesOnly && !state.score && <p className="text-xs text-muted-foreground">Score with AI: {AI_ACTION_REASONS.rulesOnly}</p>}
      <EnrichmentStatus leadId={lead.id} followBatch={followBatch} onSettled={stopFollowing} />
      {scored && <AiScoreSummary lead={scored} />}
      {asking && !state.ask && <AskAiPanel lead={lead} />}
    </section>
  );
}
