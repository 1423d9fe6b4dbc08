/** GET /api/ai/health: the status of each AI area (platform.md §4), re-checked every 5 min and 1 s after an auth change. */
import { AI_HEALTH_CHECK_MS, type AiHealth } from '@wholesail/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSession } from '@/features/auth/use-session';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** dialer.md §7: an auth-state change triggers an AI health re-check 1 s later. */
export const AI_HEALTH_AUTH_RECHECK_MS = 1000;

export function fetchAiHealth(signal?: AbortSignal): Promise<AiHealth> {
  return apiRequest<AiHealth>('/api/ai/health', { signal });
}

export function useAiHealth() {
  const client = useQueryClient();
  const session = useSession();
  const userId = session.data?.user.id ?? null;
  const known = session.status !== 'loading';
  // undefined until the session is first known: loading it is not an auth change.
  const previousUser = useRef<string | null | undefined>(undefined);

  useEffect(() => {
    if (!known || previousUser.current === userId) return;
    const first = previousUser.current === undefined;
    previousUser.current = userId;
    if (first) return;
    const timer = setTimeout(() => void client.invalidateQueries({ queryKey: queryKeys.aiHealth }), AI_HEALTH_AUTH_RECHECK_MS);
    return () => clearTimeout(timer);
  }, [client, known, userId]);

  return useQuery({
    queryKey: queryKeys.aiHealth,
    queryFn: ({ signal }) => fetchAiHealth(signal),
    enabled: userId !== null,
    refetchInterval: AI_HEALTH_CHECK_MS,
  });
}
