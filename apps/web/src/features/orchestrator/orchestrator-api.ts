/** The orchestrator's API (docs/api-orchestrator.md): the feed, the diagnostics, and retrying or discarding a failed job. */
import type { Diagnostics, FeedItem, FeedOutcome, FeedPage, FeedSource, JobAction } from '@wholesail/domain';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { onRealtimeEvent } from '@/lib/realtime';

/** The feed's filters as the page's address holds them (?source=&sequence=&rule=&lead=&outcome=). */
export type FeedFilters = {
  source: FeedSource | null;
  sequence: string | null;
  rule: string | null;
  lead: string | null;
  outcome: FeedOutcome | null;
};

export const FEED_PAGE_SIZE = 50;
/** The feed is live: asked again this often while the page is visible, and at once when a row it shows changes. */
export const FEED_REFRESH_MS = 5_000;
export const DIAGNOSTICS_REFRESH_MS = 10_000;
/** Row changes on the realtime feed that mean the orchestrator's feed has something new. */
const FEED_TABLES: ReadonlySet<string> = new Set(['sequence_step_runs', 'sequence_enrollments', 'automation_rule_runs', 'conversation_analyses', 'enrichment_batch_leads']);

export function feedPath(filters: FeedFilters, before: string | null): string {
  const params = new URLSearchParams({ limit: String(FEED_PAGE_SIZE) });
  if (filters.source) params.set('source', filters.source);
  if (filters.sequence) params.set('sequence_id', filters.sequence);
  if (filters.rule) params.set('rule_id', filters.rule);
  if (filters.lead) params.set('lead_id', filters.lead);
  if (filters.outcome) params.set('outcome', filters.outcome);
  if (before) params.set('before', before);
  return `/api/orchestrator/feed?${params}`;
}

export function useFeed(filters: FeedFilters) {
  const client = useQueryClient();
  useEffect(
    () =>
      onRealtimeEvent((event) => {
        if (FEED_TABLES.has(event.table)) void client.invalidateQueries({ queryKey: queryKeys.orchestrator.feeds });
      }),
    [client],
  );
  return useInfiniteQuery({
    queryKey: queryKeys.orchestrator.feed(filters),
    queryFn: ({ pageParam, signal }) => apiRequest<FeedPage>(feedPath(filters, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_before,
    refetchInterval: FEED_REFRESH_MS,
  });
}

/** The loaded pages as one list: an item that changed while paging (an AI job that finished) is shown once, where it is newest. */
export function feedItems(data: InfiniteData<FeedPage> | undefined): FeedItem[] {
  const seen = new Set<string>();
  return (data?.pages ?? []).flatMap((page) => page.items).filter((item) => !seen.has(item.id) && Boolean(seen.add(item.id)));
}

export function useDiagnostics() {
  return useQuery({
    queryKey: queryKeys.orchestrator.diagnostics,
    queryFn: ({ signal }) => apiRequest<Diagnostics>('/api/orchestrator/diagnostics', { signal }),
    refetchInterval: DIAGNOSTICS_REFRESH_MS,
  });
}

export type JobActionKind = 'retry' | 'discard';

/** Retry or discard a failed job (owners and admins); the diagnostics and the feed are asked again after it. */
export function useJobAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: JobActionKind }) => apiRequest<JobAction>(`/api/orchestrator/jobs/${id}/${action}`, { method: 'POST' }),
    onSuccess: (done) => {
      toast.success(done.state === 'retrying' ? 'The job runs again' : 'The job was discarded');
      void client.invalidateQueries({ queryKey: queryKeys.orchestrator.all });
    },
    onError: (error) => {
      toast.error('The job could not be changed', { description: error.message });
      void client.invalidateQueries({ queryKey: queryKeys.orchestrator.diagnostics });
    },
  });
}
