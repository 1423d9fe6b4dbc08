/** The AI actions on leads (docs/api-ai-jobs.md): enrichment batches, scoring and Ask AI, and why each may not run. */
import type { AiHealth, AskLeadAnswer, AskLeadBody, EnrichmentPriority, EnrichmentRequestAnswer, LeadAiScore, LeadEnrichmentStatus } from '@wholesail/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';


export function useEnrichLeads() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ leadIds, priority }: { leadIds: string[]; priority: EnrichmentPriority }) =>
      apiRequest<EnrichmentRequestAnswer>('/api/leads/enrich', { method: 'POST', body: { leadIds, priority } }),
    onSuccess: (_answer, { leadIds }) => {
      for (const id of leadIds) void client.invalidateQueries({ queryKey: queryKeys.enrichment.lead(id) });
    },
  });
}

export function useLeadEnrichment(leadId: string) {
  return useQuery({
    queryKey: queryKeys.enrichment.lead(leadId),
    queryFn: ({ signal }) => apiRequest<{ enrichment: LeadEnrichmentStatus | null }>(`/api/leads/${encodeURIComponent(leadId)}/enrichment`, { signal }),
    select: (data) => data.enrichment,
  });
}

export function useScoreLead(leadId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<LeadAiScore>(`/api/leads/${encodeURIComponent(leadId)}/ai-score`, { method: 'POST' }),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.leads.detail(leadId) }),
  });
}

export type ChatTurn = AskLeadBody['history'][number];

export function useAskLead(leadId: string) {
  return useMutation({
    mutationFn: ({ question, history }: { question: string; history: ChatTurn[] }) =>
      apiRequest<AskLeadAnswer>(`/api/leads/${encodeURIComponent(leadId)}/ask`, { method: 'POST', body: { question, history } }),
  });
}

export const AI_ACTION_REASONS = {
  enrichmentOff: 'Lead enrichment is turned off in Settings → AI.',
  noPropertyData: 'No property-data service is configured (a BatchData API key), so enrichment cannot look up the property.',
  scoringOff: 'AI lead scoring is turned off in Settings → AI.',
  analysisOff: 'Conversation analysis is turned off in Settings → AI.',
  noModel: 'No language model is configured (LLM_BASE_URL), so Ask AI cannot answer.',
  rulesOnly: 'No language model is configured: the built-in rules do this alone.',
} as const;

/** Why each action cannot run (null when it can), and a note when it runs without a language model. */
export function aiActionState(health: AiHealth | undefined) {
  if (!health) return { enrich: null, score: null, analyze: null, ask: null, rulesOnly: false };
  return {
    enrich: health.modes.enrichment === 'off' ? AI_ACTION_REASONS.enrichmentOff : health.enrichment === 'not_configured' ? AI_ACTION_REASONS.noPropertyData : null,
    score: health.modes.scoring === 'off' ? AI_ACTION_REASONS.scoringOff : null,
    analyze: health.modes.analysis === 'off' ? AI_ACTION_REASONS.analysisOff : null,
    ask: health.llm === 'not_configured' ? AI_ACTION_REASONS.noModel : null,
    rulesOnly: health.llm === 'not_configured',
  };
}
