/** Online or offline: `app-online`/`app-offline` on window, and a hook for the components that depend on it. */
import { OFFLINE_EVENTS } from '@wholesail/domain';
import { useSyncExternalStore } from 'react';

export const OFFLINE_MESSAGES = {
  banner: 'Offline — showing saved data',
  calling: 'You are offline: calling is unavailable until the connection returns',
  texting: 'You are offline: texting is unavailable until the connection returns',
} as const;

/** What the browser believes; a server that cannot be reached while "online" shows up as a network error instead. */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/**
 * Re-dispatches the browser's `online`/`offline` as `app-online`/`app-offline` (and `app-offline` at once when
 * the app starts offline). Returns a function that stops it.
 */
export function watchConnectivity(): () => void {
  const signal = (name: string) => () => window.dispatchEvent(new Event(name));
  const online = signal(OFFLINE_EVENTS.online);
  const offline = signal(OFFLINE_EVENTS.offline);
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  if (!isOnline()) offline();
  return () => {
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
  };
}

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** True while the browser is online; re-renders when the connection drops or returns. */
export function useOnlineStatus(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
