/** API keys for owners and admins (docs/api-keys.md). */
import type { ApiKey, CreateApiKeyBody, CreatedApiKey } from '@wholesail/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const fetchApiKeys = () => apiRequest<{ items: ApiKey[] }>('/api/api-keys').then((r) => r.items);
export const createApiKey = (body: CreateApiKeyBody) => apiRequest<CreatedApiKey>('/api/api-keys', { method: 'POST', body });
export const revokeApiKey = (id: string) => apiRequest<void>(`/api/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const useApiKeys = (enabled: boolean) => useQuery({ queryKey: queryKeys.developer.apiKeys, queryFn: fetchApiKeys, enabled });
