/** Deals API (docs/api-deals.md): lists, one deal, its offers and timeline, the figures and the settings; the calculator reads deals through it too. */
import { DEFAULT_DEAL_SETTINGS, type Buyer, type Deal, type DealEvent, type DealOffer, type DealPatch, type DealSettings, type Member, type Revenue, type stageChangeBody, type updateOfferBody } from '@wholesail/domain';
import type { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import { fetchMembers } from '@/features/settings/settings-api';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** The board asks for open deals whole, and for the latest closed and dead ones. */
export type DealFilters = { stage: 'open' | 'closed' | 'dead'; owner: string | null; search: string; limit: number };
export type DealList = { items: Deal[]; total: number };
export type OfferWrite = z.input<typeof updateOfferBody>;
export type StageChange = z.input<typeof stageChangeBody>;

const dealPath = (id: string) => `/api/deals/${encodeURIComponent(id)}`;

export function dealsPath({ stage, owner, search, limit }: DealFilters): string {
  const params = new URLSearchParams({ stage });
  if (owner) params.set('owner', owner);
  if (search.trim()) params.set('search', search.trim());
  params.set('limit', String(limit));
  return `/api/deals?${params.toString()}`;
}

export const fetchDeals = (filters: DealFilters) => apiRequest<DealList>(dealsPath(filters));
export const createDeal = (leadId: string) => apiRequest<Deal>('/api/deals', { method: 'POST', body: { lead_id: leadId } });
export const updateDeal = (id: string, body: DealPatch) => apiRequest<Deal>(dealPath(id), { method: 'PATCH', body });
export const changeStage = (id: string, body: StageChange) => apiRequest<Deal>(`${dealPath(id)}/stage`, { method: 'POST', body });
export const addOffer = (id: string, body: OfferWrite) => apiRequest<DealOffer>(`${dealPath(id)}/seller-offers`, { method: 'POST', body });
export const updateOffer = (id: string, offerId: string, body: OfferWrite) =>
  apiRequest<DealOffer>(`${dealPath(id)}/seller-offers/${encodeURIComponent(offerId)}`, { method: 'PATCH', body });
export const updateDealSettings = (body: Partial<DealSettings>) => apiRequest<DealSettings>('/api/deals/settings', { method: 'PUT', body });

export function useDeals(filters: DealFilters) {
  return useQuery({ queryKey: queryKeys.deals.list(filters), queryFn: () => fetchDeals(filters) });
}

export function useDeal(id: string | null) {
  return useQuery({
    queryKey: queryKeys.deals.detail(id ?? ''),
    queryFn: ({ signal }) => apiRequest<Deal>(dealPath(id ?? ''), { signal }),
    enabled: id !== null,
  });
}

/** The lead's open deal, or null (a lead has one at most). */
export function findOpenDeal(leadId: string, signal?: AbortSignal): Promise<Deal | null> {
  const query = new URLSearchParams({ lead_id: leadId, stage: 'open' });
  return apiRequest<DealList>(`/api/deals?${query.toString()}`, { signal }).then((page) => page.items[0] ?? null);
}

export function useOpenDeal(leadId: string | null) {
  return useQuery({
    queryKey: queryKeys.deals.openForLead(leadId ?? ''),
    queryFn: ({ signal }) => findOpenDeal(leadId ?? '', signal),
    enabled: leadId !== null,
  });
}

export function useDealTimeline(id: string) {
  return useQuery({
    queryKey: queryKeys.deals.timeline(id),
    queryFn: async () => (await apiRequest<{ items: DealEvent[] }>(`${dealPath(id)}/timeline`)).items,
  });
}

/** The revenue figures, of one member's deals (and the referrals they sent) when `owner` is set. */
export function useRevenue(months: number, owner: string | null) {
  const params = new URLSearchParams({ months: String(months) });
  if (owner) params.set('owner', owner);
  return useQuery({ queryKey: queryKeys.deals.revenue(months, owner), queryFn: () => apiRequest<Revenue>(`/api/deals/revenue?${params.toString()}`) });
}

/** The organization's deal defaults; the built-in ones when they cannot be read, so the formulas always have a rule. */
export function useDealSettings() {
  return useQuery({
    queryKey: queryKeys.deals.settings,
    queryFn: async ({ signal }) => {
      try {
        return await apiRequest<DealSettings>('/api/deals/settings', { signal });
      } catch {
        return DEFAULT_DEAL_SETTINGS;
      }
    },
  });
}

export function useMembers() {
  return useQuery<Member[]>({ queryKey: queryKeys.members, queryFn: fetchMembers });
}

/** Every active buyer (the API's page limit), for choosing who a contract is assigned to. */
export function useBuyerOptions(enabled = true) {
  return useQuery({
    queryKey: queryKeys.buyers.options,
    queryFn: async () => (await apiRequest<{ items: Buyer[] }>('/api/buyers?active=true&limit=200')).items,
    enabled,
  });
}
