/** Comps (docs/api-comps.md) and the deal calls of "Use as ARV" (packages/domain deal-api.ts). */
import type { CompsResponse, Deal } from '@wholesail/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { compsApiPath, type CompsSearchState } from './comps-search';

export function useComps(leadId: string, search: CompsSearchState) {
  const path = compsApiPath(leadId, search);
  return useQuery({
    queryKey: queryKeys.comps(leadId, path),
    queryFn: ({ signal }) => apiRequest<CompsResponse>(path, { signal }),
    // A pin or a filter changes the answer a little: the table stays while the new one loads.
    placeholderData: keepPreviousData,
    enabled: leadId !== '',
  });
}

/** The lead's open deal (GET /api/deals?lead_id=&stage=open), or a new one for it (POST /api/deals → 201). */
async function openDealOf(leadId: string): Promise<Deal> {
  const open = await apiRequest<{ items: Deal[]; total: number }>(`/api/deals?${new URLSearchParams({ lead_id: leadId, stage: 'open' }).toString()}`);
  return open.items[0] ?? apiRequest<Deal>('/api/deals', { method: 'POST', body: { lead_id: leadId } });
}

/** "Use as ARV": writes the ARV to the given deal, else to the lead's open deal, opened if there is none. */
export function useSaveArv(leadId: string, dealId?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (arv: number) => {
      const id = dealId ?? (await openDealOf(leadId)).id;
      return apiRequest<Deal>(`/api/deals/${encodeURIComponent(id)}`, { method: 'PATCH', body: { arv } });
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.deals.all }),
  });
}
