import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { FakeWebSocket } from './fake-websocket';

beforeEach(() => {
  vi.stubGlobal('WebSocket', FakeWebSocket);
});

afterEach(() => {
  cleanup();
  FakeWebSocket.instances.length = 0;
  window.sessionStorage.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});
