/** A lead's timeline, GET /api/leads/:id/activity (docs/activity.md), a page at a time. */
import type { ActivityPage } from '@wholesail/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const ACTIVITY_PAGE_SIZE = 20;

export function fetchLeadActivity(leadId: string, cursor: string | null, signal?: AbortSignal): Promise<ActivityPage> {
  const query = new URLSearchParams({ limit: String(ACTIVITY_PAGE_SIZE), ...(cursor ? { cursor } : {}) });
  return apiRequest<ActivityPage>(`/api/leads/${encodeURIComponent(leadId)}/activity?${query}`, { signal });
}

/** Keyed under activity_logs: an entry written anywhere in the organization refetches the pages shown. */
export function useLeadActivity(leadId: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.activity.lead(leadId),
    queryFn: ({ pageParam, signal }) => fetchLeadActivity(leadId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}
