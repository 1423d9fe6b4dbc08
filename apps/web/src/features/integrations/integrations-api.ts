/** The outside services and their Test connection (docs/integrations.md). */
import type { Integration, IntegrationTestBody, IntegrationTestResult } from '@wholesail/domain';
import { useQuery } from '@tanstack/react-query';
import { fetchMapsKey } from '@/features/address-search/google-maps';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { checkMapsInBrowser, MAPS_ALREADY_LOADED } from './maps-check';

export const fetchIntegrations = () => apiRequest<{ items: Integration[] }>('/api/integrations').then((r) => r.items);

export const useIntegrations = () => useQuery({ queryKey: queryKeys.integrations, queryFn: fetchIntegrations });

const postTest = (id: Integration['id'], body?: IntegrationTestBody) =>
  apiRequest<IntegrationTestResult>(`/api/integrations/${encodeURIComponent(id)}/test`, { method: 'POST', ...(body ? { body } : {}) });

/**
 * Tests one service. The Maps key is checked here in the browser first (a server-side call would be refused by the
 * key's referrer restriction) and the outcome sent to the server, which records it.
 */
export async function testConnection(integration: Integration): Promise<IntegrationTestResult> {
  if (integration.tested_in === 'browser' && integration.configured) {
    const key = await fetchMapsKey();
    const check = key ? await checkMapsInBrowser(key) : null;
    // Nothing can be checked on this page: nothing is sent, so nothing is recorded.
    if (key && !check) return { ok: false, checked: false, message: MAPS_ALREADY_LOADED, duration_ms: 0, checked_at: new Date().toISOString() };
    if (check) return postTest(integration.id, { browser: check });
  }
  return postTest(integration.id);
}
