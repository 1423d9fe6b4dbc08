import { OFFLINE_SUPPORT, QUERY_GC_TIME_MS, QUERY_MAX_RETRY_DELAY_MS, QUERY_RETRIES } from '@wholesail/domain';
import { QueryClient } from '@tanstack/react-query';
import { isClientError } from './api';

/** Retries transient failures only: a 4xx answer will not change on retry. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return !isClientError(error) && failureCount < QUERY_RETRIES;
}

export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, QUERY_MAX_RETRY_DELAY_MS);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay,
        gcTime: QUERY_GC_TIME_MS,
        staleTime: 30_000,
        // Offline, a query still asks once: the service worker may answer from its cache of API answers.
        networkMode: OFFLINE_SUPPORT.offlineMode ? 'offlineFirst' : 'online',
      },
      mutations: { retry: false },
    },
  });
}
