/**
 * Offline support of platform.md §4: the one place its flags live, read by the web app's build (the service
 * worker vite-plugin-pwa generates) and by the page (registration, offline mode, clearing the cache).
 */
export const OFFLINE_SUPPORT = {
  /** Register the service worker /sw.js (scope /) in production builds. */
  enabled: true,
  /** Precache the built app shell and its chunks, so visited pages load offline. */
  cacheStaticAssets: true,
  /** Keep same-origin API GET answers (network first) to show them while offline. */
  cacheApiResponses: true,
  /** Work on offline: saved data, a banner, calling and texting off, post-call outcomes queued. */
  offlineMode: true,
} as const;

/** Events dispatched on window. */
export const OFFLINE_EVENTS = {
  updateAvailable: 'sw-update-available',
  offline: 'app-offline',
  online: 'app-online',
} as const;

export const SERVICE_WORKER_URL = '/sw.js';
export const SERVICE_WORKER_SCOPE = '/';
/** The message a waiting service worker takes over on (Workbox's generated worker listens for it). */
export const SKIP_WAITING_MESSAGE = { type: 'SKIP_WAITING' } as const;

/** The Cache Storage name of API answers; cleared on sign-out so nobody sees another user's data. */
export const API_CACHE_NAME = 'wholesail-api';
export const API_CACHE_MAX_ENTRIES = 300;
export const API_CACHE_MAX_AGE_SECONDS = 7 * 24 * 3600;

/**
 * Same-origin API paths whose GET answers are cached (network first) and served from the cache when offline:
 * all of /api/ but the session and auth answers (better-auth's session carries its token), invitation tokens in
 * the URL, voice tokens and the maps key, health, and the live call endpoints (call records polled during a call,
 * transcripts, calling and texting checks) whose stale answer would mislead. A literal, so it costs the page
 * nothing and goes into the generated worker as it is.
 */
export const API_CACHE_PATTERN = /^\/api\/(?!(?:auth\/|invitations\/|voice\/|maps\/|health|ai\/health|calls\/|conversations\/check))/;
