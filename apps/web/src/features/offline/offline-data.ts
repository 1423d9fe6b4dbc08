/**
 * What the browser keeps for offline use beyond the service worker's precache: the API answers (Cache Storage,
 * filled by the worker) and a token-free copy of the session, so a reload while offline opens the signed-in app.
 * Both belong to the signed-in user and are dropped on sign-out.
 */
import { API_CACHE_NAME, OFFLINE_SUPPORT } from '@wholesail/domain';
import { getSession, type SessionData } from '@/features/auth/auth-api';
import { isNetworkError } from '@/lib/api';
import { getOfflineSession, setOfflineSession } from '@/lib/storage';

/** Only what the app shows: better-auth's session answer also carries its token, which must not be stored. */
function remember(data: SessionData | null): void {
  if (!data) return setOfflineSession(null);
  const { session, user } = data;
  setOfflineSession(JSON.stringify({ session: { id: session.id, expiresAt: session.expiresAt }, user: { id: user.id, email: user.email, name: user.name } }));
}

function saved(): SessionData | null {
  try {
    const data = JSON.parse(getOfflineSession() ?? 'null') as SessionData | null;
    return data && Date.parse(data.session.expiresAt) > Date.now() ? data : null;
  } catch {
    return null;
  }
}

/** The session; when the server cannot be reached, the one last seen (until it expires) so the app opens offline. */
export async function getSessionOrSaved(): Promise<SessionData | null> {
  if (!OFFLINE_SUPPORT.offlineMode) return getSession();
  try {
    const data = await getSession();
    remember(data);
    return data;
  } catch (error) {
    const last = isNetworkError(error) ? saved() : null;
    if (last) return last;
    throw error;
  }
}

/** Forgets the saved session and every cached API answer (on sign-out: the next user must see none of them). */
export async function clearOfflineData(): Promise<void> {
  setOfflineSession(null);
  if (typeof caches !== 'undefined') await caches.delete(API_CACHE_NAME).catch(() => false);
}
