import { vi } from 'vitest';

/** jsdom has no ResizeObserver; react-resizable-panels observes its group with one. */
export function stubPanelsEnvironment() {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}
