/** The deal endpoints the calculator reads and writes (issue 20; docs/api-deals.md). */
import type { Deal, DealAnalysis, analysisBody } from '@wholesail/domain';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { findOpenDeal } from '@/features/deals/deals-api';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export type AnalysisBody = z.input<typeof analysisBody>;

const dealPath = (dealId: string) => `/api/deals/${encodeURIComponent(dealId)}`;

/** Saved versions, newest first. */
export function useDealAnalyses(dealId: string | null) {
  return useQuery({
    queryKey: queryKeys.deals.analyses(dealId ?? ''),
    queryFn: ({ signal }) => apiRequest<{ items: DealAnalysis[] }>(`${dealPath(dealId ?? '')}/analyses`, { signal }).then((page) => page.items),
    enabled: dealId !== null,
  });
}

/**
 * Stores an analysis on the deal; from a lead, on its open deal, opening one first when it has none.
 * Answers the deal id with the saved version.
 */
export async function saveAnalysis(target: { dealId: string | null; leadId: string | null }, body: AnalysisBody): Promise<{ dealId: string; analysis: DealAnalysis }> {
  let dealId = target.dealId;
  if (dealId === null) {
    if (target.leadId === null) throw new Error('Open the calculator from a lead or deal to save.');
    const open = await findOpenDeal(target.leadId);
    dealId = open ? open.id : (await apiRequest<Deal>('/api/deals', { method: 'POST', body: { lead_id: target.leadId } })).id;
  }
  const analysis = await apiRequest<DealAnalysis>(`${dealPath(dealId)}/analyses`, { method: 'POST', body });
  return { dealId, analysis };
}
