/** Queries of the leads API (docs/api-leads.md). */
import type { Lead, LeadListItem, LeadRecord, LeadStats, MapsKey, ScoreTerm } from '@wholesail/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const LEADS_PAGE_SIZE = 50;

/** GET /api/leads: slim rows (LEAD_LIST_FIELDS); the full record is GET /api/leads/:id. */
export type LeadList = { items: LeadListItem[]; total: number; total_exact: boolean };
export type TopLead = Lead & { composite_score: number; score_breakdown: ScoreTerm[] };
/** A lead on screen: the record of GET /api/leads/:id (`LeadRecord`), or a list row standing in for it while it loads. */
export type LeadDetail = Lead & Partial<Pick<LeadRecord, 'dnc_numbers'>>;

/** The list filters as they live in the page URL. */
export type LeadFilters = {
  status?: string;
  minValue?: string;
  maxValue?: string;
  badges?: string;
  search?: string;
  /** Leads created at or after this instant (ISO 8601). */
  created_after?: string;
  page: number;
};

/** GET /api/leads query string, in a fixed order: status, minValue, maxValue, badges, search, created_after, limit, offset. */
export function leadsListPath(filters: LeadFilters): string {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.minValue) params.set('minValue', filters.minValue);
  if (filters.maxValue) params.set('maxValue', filters.maxValue);
  if (filters.badges) params.set('badges', filters.badges);
  if (filters.search) params.set('search', filters.search);
  if (filters.created_after) params.set('created_after', filters.created_after);
  params.set('limit', String(LEADS_PAGE_SIZE));
  params.set('offset', String((Math.max(1, filters.page) - 1) * LEADS_PAGE_SIZE));
  return `/api/leads?${params.toString()}`;
}

/** The list keeps showing the previous page while the next one (or a realtime refresh) loads. */
export function useLeadsList(filters: LeadFilters) {
  return useQuery({
    queryKey: queryKeys.leads.list(filters),
    queryFn: ({ signal }) => apiRequest<LeadList>(leadsListPath(filters), { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useLead(id: string | null, placeholder?: LeadDetail) {
  return useQuery({
    queryKey: queryKeys.leads.detail(id ?? ''),
    queryFn: ({ signal }) => apiRequest<LeadDetail>(`/api/leads/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: id !== null,
    placeholderData: placeholder && placeholder.id === id ? placeholder : undefined,
  });
}

export function useTopLeads(limit = 10) {
  return useQuery({
    queryKey: queryKeys.leads.top(limit),
    queryFn: ({ signal }) => apiRequest<{ items: TopLead[] }>(`/api/leads/top?limit=${limit}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useLeadStats(enabled = true) {
  return useQuery({
    queryKey: queryKeys.leads.stats,
    queryFn: ({ signal }) => apiRequest<LeadStats>('/api/leads/stats', { signal }),
    enabled,
  });
}

/** GET /api/maps/key once per session: the key, or null when the server has none (404). */
export function useMapsKey(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.mapsKey,
    queryFn: async ({ signal }) => {
      try {
        const { key } = await apiRequest<MapsKey>('/api/maps/key', { signal });
        return key || null;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    enabled,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}

/** 404, or 400 for an id that is not even well-formed: either way there is no such lead. */
export { isNotFound } from '@/lib/api';
