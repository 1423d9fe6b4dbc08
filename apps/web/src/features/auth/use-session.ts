import { SESSION_REFRESH_INTERVAL_MS } from '@wholesail/domain';
import { useQuery } from '@tanstack/react-query';
import { getSessionOrSaved } from '@/features/offline/offline-data';
import { SESSION_KEY } from '@/lib/session-key';
import type { SessionData } from './auth-api';


export type SessionState =
  | { status: 'loading'; data: null }
  | { status: 'signed-in'; data: SessionData }
  | { status: 'signed-out'; data: null };

/**
 * The session, re-read every SESSION_REFRESH_INTERVAL_MS and on window focus: each read slides
 * the server-side expiry forward (the spec's automatic token refresh). A failed re-read keeps
 * the last answer, so a network blip does not sign anyone out; only a `null` answer does. Opened offline,
 * the session last seen stands in (offline mode).
 */
export function useSession(): SessionState {
  const query = useQuery({
    queryKey: SESSION_KEY,
    queryFn: getSessionOrSaved,
    staleTime: 60_000,
    refetchOnWindowFocus: 'always',
    refetchInterval: (q) => (q.state.data ? SESSION_REFRESH_INTERVAL_MS : false),
  });
  if (query.data) return { status: 'signed-in', data: query.data };
  if (query.isPending) return { status: 'loading', data: null };
  return { status: 'signed-out', data: null };
}
