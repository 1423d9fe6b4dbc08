/** Client of the Do-Not-Contact list (issue 15): GET/POST /api/dnc, DELETE /api/dnc/:phone, import and export. */
import type { AddDncBody, DncEntry, DncImportResult, DncList, DncRemoval, removeDncBody } from '@wholesail/domain';
import type { z } from 'zod';
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const DNC_PAGE_SIZE = 25;
export const DNC_EXPORT_PATH = '/api/dnc/export.csv';

/** GET /api/dnc query string: search (left out when blank), limit, offset. */
export function dncListPath(search: string, page: number): string {
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  params.set('limit', String(DNC_PAGE_SIZE));
  params.set('offset', String((Math.max(1, page) - 1) * DNC_PAGE_SIZE));
  return `/api/dnc?${params.toString()}`;
}

/** The page keeps showing while the next search or page loads. */
export function useDncList(search: string, page: number) {
  return useQuery({
    queryKey: queryKeys.dnc.list(search, page),
    queryFn: ({ signal }) => apiRequest<DncList>(dncListPath(search, page), { signal }),
    placeholderData: keepPreviousData,
  });
}

export function addDncNumber(body: AddDncBody): Promise<DncEntry> {
  return apiRequest<DncEntry>('/api/dnc', { method: 'POST', body });
}

export type RemoveDncBody = z.input<typeof removeDncBody>;

export function removeDncNumber(phone: string, body: RemoveDncBody): Promise<DncRemoval> {
  return apiRequest<DncRemoval>(`/api/dnc/${encodeURIComponent(phone)}`, { method: 'DELETE', body });
}

export function importDncCsv(file: File): Promise<DncImportResult> {
  const form = new FormData();
  form.append('file', file);
  return apiRequest<DncImportResult>('/api/dnc/import', { method: 'POST', body: form });
}

/**
 * After the list changes: the list itself, and everything that shows whether a lead may be called or
 * texted (lead DNC flags, the call and text checks, the threads' badges).
 */
export function refreshAfterDncChange(client: QueryClient): void {
  for (const queryKey of [queryKeys.dnc.all, queryKeys.leads.all, queryKeys.calls.checks, queryKeys.conversations.all]) void client.invalidateQueries({ queryKey });
}
