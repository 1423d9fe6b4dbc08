/**
 * Whether the page needs the toaster yet. Sonner (about 10 KB gzipped) stays out of the landing page's initial
 * JavaScript: the landing page shows no toasts, so the toaster loads on any other page, or when something asks for
 * it (the service worker's 'Update available'). Sonner shows a toast made before its toaster mounted once it does.
 */
let requested = false;
const listeners = new Set<() => void>();

export function requestToaster(): void {
  if (requested) return;
  requested = true;
  for (const listener of listeners) listener();
}

export const toasterGate = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  needed: (): boolean => requested || window.location.pathname !== '/',
};
