/** The signals analytics (GET /api/analytics/signals) and the leads behind its numbers (GET /api/analytics/signals/leads). */
import type { SignalLeads, SignalMeasure, SignalsAnalytics } from '@wholesail/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** Leads behind a number, a page at a time. */
export const SIGNAL_LEADS_PAGE = 50;

export function useSignalsAnalytics() {
  return useQuery({ queryKey: queryKeys.signals.report, queryFn: () => apiRequest<SignalsAnalytics>('/api/analytics/signals') });
}

/** The leads counted under `key` (those of them contacted, offered or contracted with `measure`), "Load more" for the next page. */
export function useSignalLeads(key: string, measure: SignalMeasure) {
  return useInfiniteQuery({
    queryKey: queryKeys.signals.leads(key, measure),
    queryFn: ({ pageParam }) =>
      apiRequest<SignalLeads>(`/api/analytics/signals/leads?${new URLSearchParams({ key, measure, limit: String(SIGNAL_LEADS_PAGE), offset: String(pageParam) })}`),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return last.items.length > 0 && loaded < last.total ? loaded : undefined;
    },
  });
}
