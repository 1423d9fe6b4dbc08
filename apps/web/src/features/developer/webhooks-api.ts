/** Outgoing webhooks for owners and admins (docs/api-webhooks.md). */
import type {
  CreateWebhookEndpoint, WebhookDelivery, WebhookDeliveryPage, WebhookDeliveryStatus, WebhookEndpoint, WebhookEndpointPatch, WebhookSecret,
} from '@wholesail/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

const base = '/api/webhook-endpoints';
const path = (id: string) => `${base}/${encodeURIComponent(id)}`;

export const fetchEndpoints = () => apiRequest<{ items: WebhookEndpoint[] }>(base).then((r) => r.items);
export const createEndpoint = (body: CreateWebhookEndpoint) => apiRequest<WebhookEndpoint & { secret: string }>(base, { method: 'POST', body });
export const updateEndpoint = (id: string, body: WebhookEndpointPatch) => apiRequest<WebhookEndpoint>(path(id), { method: 'PATCH', body });
export const deleteEndpoint = (id: string) => apiRequest<void>(path(id), { method: 'DELETE' });
export const revealSecret = (id: string) => apiRequest<WebhookSecret>(`${path(id)}/secret/reveal`, { method: 'POST' });
export const rotateSecret = (id: string) => apiRequest<WebhookSecret>(`${path(id)}/secret/rotate`, { method: 'POST' });
export const sendTestEvent = (id: string) => apiRequest<WebhookDelivery>(`${path(id)}/test`, { method: 'POST' });
export const replayDelivery = (id: string, deliveryId: string) =>
  apiRequest<WebhookDelivery>(`${path(id)}/deliveries/${encodeURIComponent(deliveryId)}/replay`, { method: 'POST' });

export function fetchDeliveries(id: string, status: WebhookDeliveryStatus | 'all', cursor?: string): Promise<WebhookDeliveryPage> {
  const params = new URLSearchParams({ limit: '25' });
  if (status !== 'all') params.set('status', status);
  if (cursor) params.set('cursor', cursor);
  return apiRequest<WebhookDeliveryPage>(`${path(id)}/deliveries?${params.toString()}`);
}

export const useEndpoints = (enabled: boolean) => useQuery({ queryKey: queryKeys.developer.webhookEndpoints, queryFn: fetchEndpoints, enabled });

/** An endpoint's delivery log, newest first, page by page; asked again every 5 s while open (attempts are not on the feed). */
export const useDeliveries = (id: string, status: WebhookDeliveryStatus | 'all') =>
  useInfiniteQuery({
    queryKey: queryKeys.developer.webhookDeliveries.list(id, status),
    queryFn: ({ pageParam }) => fetchDeliveries(id, status, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    refetchInterval: 5000,
  });
