/**
 * Registers /sw.js (scope /) in production builds, checks for a new version every 30 minutes and, when one is
 * waiting, signals `sw-update-available` and offers 'Update available — Reload': the waiting worker is told
 * to take over (SKIP_WAITING) and the page reloads once it controls it. Kept tiny: it is in the initial bundle.
 */
import { OFFLINE_EVENTS, OFFLINE_SUPPORT, SERVICE_WORKER_SCOPE, SERVICE_WORKER_UPDATE_CHECK_MS, SERVICE_WORKER_URL, SKIP_WAITING_MESSAGE } from '@wholesail/domain';
import { requestToaster } from '@/lib/toaster-gate';
import { reloadPage } from '@/lib/reload-page';

export const UPDATE_TOAST = { title: 'Update available', action: 'Reload' } as const;

/** The registration whose waiting worker `sw-update-available` announces (its event detail). */
export type UpdateAvailableEvent = CustomEvent<ServiceWorkerRegistration>;

/** Tells the waiting worker to take over, then reloads once it controls the page (once). */
export function applyUpdate(registration: ServiceWorkerRegistration): void {
  const waiting = registration.waiting;
  if (!waiting) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => reloadPage(), { once: true });
  waiting.postMessage(SKIP_WAITING_MESSAGE);
}

function showUpdateToast(event: Event): void {
  const registration = (event as UpdateAvailableEvent).detail;
  // Sonner is loaded when a toast is due, not with the initial bundle (lib/toaster-gate.ts).
  requestToaster();
  void import('sonner').then(({ toast }) => toast(UPDATE_TOAST.title, { id: 'sw-update', duration: Infinity, action: { label: UPDATE_TOAST.action, onClick: () => applyUpdate(registration) } }));
}

/**
 * Announces a worker waiting to replace the one in control (not the first install, which takes control at
 * once), now or when one finishes installing, and looks for a new version every SERVICE_WORKER_UPDATE_CHECK_MS.
 * Returns a function that stops the checks.
 */
export function watchRegistration(registration: ServiceWorkerRegistration): () => void {
  const announce = () => {
    if (registration.waiting && navigator.serviceWorker.controller) {
      window.dispatchEvent(new CustomEvent(OFFLINE_EVENTS.updateAvailable, { detail: registration }));
    }
  };
  announce();
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => worker.state === 'installed' && announce());
  });
  const timer = setInterval(() => registration.update().catch(() => undefined), SERVICE_WORKER_UPDATE_CHECK_MS);
  return () => clearInterval(timer);
}

/** Registers the worker after the page has loaded; only in production builds (never in dev or tests). */
export function registerServiceWorker(production = import.meta.env.PROD): void {
  if (!production || !OFFLINE_SUPPORT.enabled || !('serviceWorker' in navigator)) return;
  window.addEventListener(OFFLINE_EVENTS.updateAvailable, showUpdateToast);
  const register = () => {
    navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE }).then(watchRegistration, (error: unknown) => {
      console.warn('Service worker registration failed', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
