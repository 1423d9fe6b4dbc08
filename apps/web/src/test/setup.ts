import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { FakeWebSocket } from './fake-websocket';

/** jsdom has no ResizeObserver; Radix and react-resizable-panels measure elements with it. */
class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

/**
 * findBy/waitFor give up after this long (a first test may wait for its lazy route to load). They resolve as soon as what they wait for appears, so a longer
 * limit costs nothing on a quiet machine; the default second failed whole files on a busy 2-core one.
 */
configure({ asyncUtilTimeout: 10_000 });

beforeEach(() => {
  // Components are tested as on a page of the app: the landing page alone goes without the toaster (lib/toaster-gate.ts).
  window.history.replaceState(null, '', '/dashboard');
  vi.stubGlobal('WebSocket', FakeWebSocket);
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
});

/** Sonner removes a dismissed toast 200 ms later on a timer; one still pending when the file's environment is torn down throws 'window is not defined'. */
const SONNER_REMOVE_MS = 250;

afterEach(async () => {
  if (document.querySelector('[data-sonner-toast]')) await new Promise((resolve) => setTimeout(resolve, SONNER_REMOVE_MS));
  cleanup();
  FakeWebSocket.instances.length = 0;
  window.sessionStorage.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});
