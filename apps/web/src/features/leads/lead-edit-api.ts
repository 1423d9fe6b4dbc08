/** Writing leads: an edit (PATCH with the version seen) shown at once and undone on failure, and bulk changes. */
import type { BulkLeadsChange, BulkLeadsResult, LeadWrite } from '@wholesail/domain';
import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { refreshAfterDncChange } from '@/features/do-not-contact/dnc-api';
import { ApiError, apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import type { LeadDetail } from './leads-api';

/** The lead moved on since it was opened (docs/api-leads.md, optimistic concurrency). */
export const isLeadChanged = (error: unknown) => error instanceof ApiError && error.status === 409 && error.code === 'LEAD_CHANGED';

type Cached = { id: string };
type WithItems = { items: Cached[] };

/** Every cached copy of the lead (its record, list rows, top leads) with `changes` applied. */
function applyToCache(client: QueryClient, id: string, changes: Partial<LeadDetail>): void {
  const patch = <T extends Cached>(lead: T): T => (lead.id === id ? { ...lead, ...changes } : lead);
  client.setQueriesData<unknown>({ queryKey: queryKeys.leads.all }, (data: unknown) => {
    if (!data || typeof data !== 'object') return data;
    if ('items' in data && Array.isArray((data as WithItems).items)) return { ...data, items: (data as WithItems).items.map(patch) };
    return 'id' in data ? patch(data as Cached) : data;
  });
}

type Save = { changes: LeadWrite; version: number };
type Snapshot = { saved: Array<[QueryKey, unknown]> };

/**
 * PATCH /api/leads/:id with the version the editor started from. The cache shows the new values at once and gets
 * its copies back when the server refuses; what to say about a refusal is the caller's (onError of `mutate`).
 */
export function useLeadSave(leadId: string) {
  const client = useQueryClient();
  return useMutation<LeadDetail, Error, Save, Snapshot>({
    mutationFn: ({ changes, version }) => apiRequest<LeadDetail>(`/api/leads/${encodeURIComponent(leadId)}`, { method: 'PATCH', body: { ...changes, version } }),
    onMutate: async ({ changes }) => {
      await client.cancelQueries({ queryKey: queryKeys.leads.all });
      const saved = client.getQueriesData({ queryKey: queryKeys.leads.all });
      const { badges, ...rest } = changes;
      applyToCache(client, leadId, { ...rest, ...(badges === undefined ? {} : { badges: badges ?? [] }) } as Partial<LeadDetail>);
      return { saved };
    },
    onError: (_error, _save, snapshot) => {
      for (const [key, data] of snapshot?.saved ?? []) client.setQueryData(key, data);
    },
    onSuccess: (record, { changes }) => {
      client.setQueryData(queryKeys.leads.detail(leadId), record);
      if ('dnc_status' in changes) refreshAfterDncChange(client);
      else void client.invalidateQueries({ queryKey: queryKeys.leads.all, predicate: (q) => q.queryKey[1] !== 'detail' });
    },
  });
}

/** The lead as the server has it now (after a conflict), also put in the cache so every screen shows it. */
export async function reloadLead(client: QueryClient, leadId: string): Promise<LeadDetail> {
  const current = await apiRequest<LeadDetail>(`/api/leads/${encodeURIComponent(leadId)}`);
  client.setQueryData(queryKeys.leads.detail(leadId), current);
  void client.invalidateQueries({ queryKey: queryKeys.leads.all, predicate: (q) => q.queryKey[1] !== 'detail' });
  return current;
}

/** POST /api/leads/bulk; every lead query refreshes afterwards. */
export function useBulkLeadChange() {
  const client = useQueryClient();
  return useMutation<BulkLeadsResult, Error, BulkLeadsChange>({
    mutationFn: (change) => apiRequest<BulkLeadsResult>('/api/leads/bulk', { method: 'POST', body: change }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.leads.all }),
  });
}
