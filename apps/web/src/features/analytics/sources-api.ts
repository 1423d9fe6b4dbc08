/** Sources and lists (GET /api/analytics/sources) and the team's spend per source and month (GET/PUT /api/analytics/spend). */
import type { AnalyticsQuery, SourcesAnalytics, Spend, SpendBody } from '@wholesail/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** Sources and lists are the team's: the member picked for the other reports is not sent. */
export function useSourcesAnalytics(query: AnalyticsQuery) {
  const team = { from: query.from, to: query.to };
  return useQuery({
    queryKey: queryKeys.analytics.sources(team),
    queryFn: () => apiRequest<SourcesAnalytics>(`/api/analytics/sources?${new URLSearchParams(team).toString()}`),
    placeholderData: keepPreviousData,
  });
}

export function useSpend(year: number) {
  return useQuery({ queryKey: queryKeys.analytics.spend(year), queryFn: () => apiRequest<Spend>(`/api/analytics/spend?year=${year}`) });
}

export function saveSpend(body: SpendBody): Promise<Spend> {
  return apiRequest<Spend>('/api/analytics/spend', { method: 'PUT', body });
}

const whole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const exact = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 1_250_050 → "$12,500.50", 310_000 → "$3,100", null → "—". */
export function moneyText(cents: number | null): string {
  if (cents === null) return '—';
  return cents % 100 === 0 ? whole.format(cents / 100) : exact.format(cents / 100);
}
