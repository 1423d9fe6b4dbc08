import { useEffect } from 'react';
import { sendHeartbeat, type RoomAccessKeys } from './public-room-api';

export const HEARTBEAT_MS = 15_000;

/** Tells search engines not to index or follow the page while it is shown (a room is for the people it is sent to). */
export function useNoIndex(): void {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex, nofollow';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);
}

/** Every 15 s while the page is visible, says the visit goes on, so the access log knows how long it lasted. */
export function useHeartbeat(slug: string, viewId: string | null, access: RoomAccessKeys): void {
  const { invite, password } = access;
  useEffect(() => {
    if (!viewId) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void sendHeartbeat(slug, viewId, { invite, password }).catch(() => undefined);
    }, HEARTBEAT_MS);
    return () => clearInterval(timer);
  }, [slug, viewId, invite, password]);
}
