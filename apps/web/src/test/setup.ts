import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { FakeWebSocket } from './fake-websocket';

/** jsdom has no ResizeObserver; Radix and react-resizable-panels measure elements with it. */
class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

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
