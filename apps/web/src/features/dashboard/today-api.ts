/** The dashboard's Today (GET /api/dashboard/today, docs/api-dashboard.md), kept live by the change feed. */
import type { Today, TodayLead } from '@wholesail/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { DialerData } from '@/features/dialer/dialer-store';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { onRealtimeEvent } from '@/lib/realtime';

/**
 * Row changes that move Today: calls (dials, callbacks called back), leads (new ones, a DNC mark), deals (deadlines)
 * and the goals (organization settings). Tasks are its key's own table, so the feed refreshes it for them already.
 */
const TODAY_TABLES: ReadonlySet<string> = new Set(['calls', 'leads', 'deals', 'organization_settings']);

/** The calling hours and "overdue" move with the clock, not only with rows: asked again this often as well. */
export const TODAY_REFRESH_MS = 5 * 60_000;

export function useToday() {
  const client = useQueryClient();
  useEffect(
    () =>
      onRealtimeEvent((event) => {
        if (TODAY_TABLES.has(event.table)) void client.invalidateQueries({ queryKey: queryKeys.today });
      }),
    [client],
  );
  return useQuery({
    queryKey: queryKeys.today,
    queryFn: ({ signal }) => apiRequest<Today>('/api/dashboard/today', { signal }),
    refetchInterval: TODAY_REFRESH_MS,
  });
}

/** What the browser dialer opens with for a listed lead. */
export function dialerDataOf(lead: TodayLead): DialerData {
  return { leadId: lead.id, name: lead.name, address: lead.address ?? '', phone: lead.phone ?? '', email: lead.email ?? '', version: lead.version };
}

/** The leads list showing the leads created since `since` (an instant). */
export const newLeadsPath = (since: string) => `/leads?${new URLSearchParams({ created_after: since }).toString()}`;
