/** The growth report (GET /api/analytics/growth) and the records behind its numbers (GET /api/analytics/growth/drill). */
import type { DrillItem, GrowthAnalytics, GrowthDrillMetric } from '@wholesail/domain';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { DRILL_PAGE_SIZE } from '@/features/analytics/analytics-api';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

type Range = { from: string; to: string };

// A new range keeps the last report on screen (dimmed) until its own arrives, so the page does not jump.
export function useGrowth(range: Range) {
  const query = { from: range.from, to: range.to };
  return useQuery({
    queryKey: queryKeys.growth.report(query),
    queryFn: () => apiRequest<GrowthAnalytics>(`/api/analytics/growth?${new URLSearchParams(query)}`),
    placeholderData: keepPreviousData,
  });
}

/** What a clicked growth number stands for, and how the list of its records is named. */
export type GrowthDrillTarget = {
  /** The figure as the screen names it: "New leads from Zillow", "Discovery at the end of Mar 5". */
  title: string;
  /** What the records cover: "Mar 2 – Mar 8, 2026", "Waiting now". */
  scope: string;
  /** The drill's parameters besides the page: metric, and its source, list, key, day, bucket or range. */
  params: { metric: GrowthDrillMetric } & Record<string, string>;
};

type DrillPage = { items: DrillItem[]; total: number };

/** The records behind one number, a page at a time ("Load more" asks for the next page). */
export function useGrowthDrill(target: GrowthDrillTarget) {
  const search = new URLSearchParams(target.params).toString();
  return useInfiniteQuery({
    queryKey: queryKeys.growth.drill(target.params.metric === 'deal_stage' ? 'deals' : 'leads', search),
    queryFn: ({ pageParam }) => apiRequest<DrillPage>(`/api/analytics/growth/drill?${search}&limit=${DRILL_PAGE_SIZE}&offset=${pageParam}`),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return last.items.length > 0 && loaded < last.total ? loaded : undefined;
    },
  });
}
