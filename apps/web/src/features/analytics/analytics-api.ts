/** The analytics reports (GET /api/analytics/...) and the organization's reporting settings (GET/PATCH /api/settings/reporting). */
import type {
  AnalyticsQuery, CallsAnalytics, DrillItem, DrillMetric, FunnelAnalytics, ReportingSettings, TextsAnalytics,
} from '@wholesail/domain';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** Records behind a number, a page at a time. */
export const DRILL_PAGE_SIZE = 50;

type DrillPage = { items: DrillItem[]; total: number };

/** `?from=…&to=…[&member=…]` and any extra parameters, in a stable order. */
function analyticsSearch(query: AnalyticsQuery, extra: Record<string, string | number> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(extra)) params.set(key, String(value));
  params.set('from', query.from);
  params.set('to', query.to);
  if (query.member) params.set('member', query.member);
  return params.toString();
}

const report = <T>(name: 'calls' | 'texts' | 'funnel', query: AnalyticsQuery) => apiRequest<T>(`/api/analytics/${name}?${analyticsSearch(query)}`);

// A new range keeps the last report on screen (dimmed) until its own arrives, so the page does not jump.
export function useCallsAnalytics(query: AnalyticsQuery) {
  return useQuery({ queryKey: queryKeys.analytics.calls(query), queryFn: () => report<CallsAnalytics>('calls', query), placeholderData: keepPreviousData });
}

export function useTextsAnalytics(query: AnalyticsQuery) {
  return useQuery({ queryKey: queryKeys.analytics.texts(query), queryFn: () => report<TextsAnalytics>('texts', query), placeholderData: keepPreviousData });
}

export function useFunnelAnalytics(query: AnalyticsQuery) {
  return useQuery({ queryKey: queryKeys.analytics.funnel(query), queryFn: () => report<FunnelAnalytics>('funnel', query), placeholderData: keepPreviousData });
}

/** The table a metric's records live in: its list refreshes when that table changes. */
export function drillTable(metric: DrillMetric): 'calls' | 'conversations' | 'deals' | 'leads' {
  if (metric.startsWith('source_') || metric.startsWith('list_')) return /(under_contract|closed)$/.test(metric) ? 'deals' : 'leads';
  if (metric.startsWith('texts_') || metric === 'replies' || metric === 'opt_outs') return 'conversations';
  if (metric === 'offers' || metric === 'under_contract' || metric === 'closed') return 'deals';
  return 'calls';
}

/** The records behind one number, DRILL_PAGE_SIZE at a time ("Load more" asks for the next page). */
export function useDrill(metric: DrillMetric, query: AnalyticsQuery, filter: { source?: string; list?: string } = {}) {
  const only = Object.fromEntries(Object.entries(filter).filter((e): e is [string, string] => e[1] !== undefined));
  return useInfiniteQuery({
    queryKey: queryKeys.analytics.drill(drillTable(metric), metric, { ...query, ...only }),
    queryFn: ({ pageParam }) => apiRequest<DrillPage>(`/api/analytics/drill?${analyticsSearch(query, { ...only, metric, limit: DRILL_PAGE_SIZE, offset: pageParam })}`),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return last.items.length > 0 && loaded < last.total ? loaded : undefined;
    },
  });
}

function fetchReportingSettings(): Promise<ReportingSettings> {
  return apiRequest<ReportingSettings>('/api/settings/reporting');
}

/** The organization's time zone and daily goals: the analytics read days in that zone. */
export function useReportingSettings() {
  return useQuery({ queryKey: queryKeys.reporting, queryFn: fetchReportingSettings });
}

export function saveReportingSettings(body: Partial<ReportingSettings>): Promise<ReportingSettings> {
  return apiRequest<ReportingSettings>('/api/settings/reporting', { method: 'PATCH', body });
}
