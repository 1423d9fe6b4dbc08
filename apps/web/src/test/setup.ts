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
  vi.stubGlobal('WebSocket', FakeWebSocket);
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
});

afterEach(() => {
  cleanup();
  FakeWebSocket.instances.length = 0;
  window.sessionStorage.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});
