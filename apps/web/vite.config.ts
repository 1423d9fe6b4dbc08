import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
// By path, not '@wholesail/domain': Vite leaves package imports of its config to Node, which cannot load .ts; with its
// extension, as Vite's native config loader (its coming default) needs and warns about otherwise.
import { API_CACHE_MAX_AGE_SECONDS, API_CACHE_MAX_ENTRIES, API_CACHE_NAME, API_CACHE_PATTERN, OFFLINE_SUPPORT } from '../../packages/domain/src/offline.ts';

/** The primary colour (--primary in src/index.css) in sRGB, for the browser's title bar and the icons. */
const THEME_COLOUR = '#4f49df';

/**
 * The service worker /sw.js (platform.md §4). generateSW rather than injectManifest: everything it does is
 * stock Workbox (precache the build, navigation fallback, one NetworkFirst API route, SKIP_WAITING on
 * message), so there is no worker source of our own to type-check, bundle and keep in step with Workbox, and
 * no workbox-* runtime dependencies to pin; the queue of offline updates lives in the page, not the worker.
 * The page registers it (src/features/offline/service-worker.ts), so the plugin injects nothing.
 */
const serviceWorker = VitePWA({
  disable: !OFFLINE_SUPPORT.enabled,
  injectRegister: false,
  registerType: 'prompt',
  filename: 'sw.js',
  scope: '/',
  // The installable app: Chromium offers "Install" with a manifest, these icons and a service worker. The icons
  // are the logo (src/components/logo.tsx), drawn once from public/favicon.svg and kept in public/icons.
  manifest: {
    name: 'Wholesail - Real Estate Investment Platform',
    short_name: 'Wholesail',
    description: 'Find, call and close off-market real-estate leads with live transcription and AI coaching.',
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOUR,
    background_color: '#f9fafb',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    // A new worker waits until the page says SKIP_WAITING (the 'Update available — Reload' toast); the first
    // one takes control of the open page at once, so it works offline without a reload.
    skipWaiting: false,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    globPatterns: OFFLINE_SUPPORT.cacheStaticAssets ? ['**/*.{js,css,html,svg,png,jpg,jpeg,webp,ico,woff2}'] : [],
    maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
    navigateFallback: OFFLINE_SUPPORT.cacheStaticAssets ? 'index.html' : null,
    navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/sw\.js$/],
    runtimeCaching: OFFLINE_SUPPORT.cacheApiResponses
      ? [
          {
            // Serialized into the worker, so the pattern is inlined rather than closed over.
            urlPattern: new Function('{ url, sameOrigin }', `return sameOrigin && ${API_CACHE_PATTERN}.test(url.pathname);`) as () => boolean,
            handler: 'NetworkFirst',
            method: 'GET',
            options: {
              cacheName: API_CACHE_NAME,
              expiration: { maxEntries: API_CACHE_MAX_ENTRIES, maxAgeSeconds: API_CACHE_MAX_AGE_SECONDS },
              cacheableResponse: { statuses: [200] },
            },
          },
        ]
      : [],
  },
});

export default defineConfig({
  plugins: [react(), tailwindcss(), serviceWorker],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    rolldownOptions: {
      output: {
        // The landing page is its own chunk, so /login does not load it. The icons it shares with the app would
        // each be a chunk of their own (a dozen requests of 200 bytes on /): they travel together instead.
        codeSplitting: {
          groups: [{ name: 'public-icons', test: /lucide-react\/dist\/esm\/icons\/(arrow-right|check|chevron-down|credit-card|gauge|gift|quote|sailboat|search|shield-check|sparkles|upload|users|x)\.mjs$/, includeDependenciesRecursively: false }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false, ws: true },
    },
  },
});
