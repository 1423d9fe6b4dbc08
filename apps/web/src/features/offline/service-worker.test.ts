import { SERVICE_WORKER_UPDATE_CHECK_MS } from '@wholesail/domain';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as reload from '@/lib/reload-page';
import { applyUpdate, registerServiceWorker, watchRegistration } from './service-worker';

/** A ServiceWorkerRegistration and navigator.serviceWorker, as far as the registration code uses them. */
function fakeWorkers({ controlled = true } = {}) {
  const container = Object.assign(new EventTarget(), {
    controller: controlled ? {} : null,
    register: vi.fn(),
  });
  const registration = Object.assign(new EventTarget(), {
    waiting: null as null | { postMessage: ReturnType<typeof vi.fn> },
    installing: null as null | (EventTarget & { state: string }),
    update: vi.fn().mockResolvedValue(undefined),
  });
  container.register.mockResolvedValue(registration);
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  return { container, registration, asRegistration: registration as unknown as ServiceWorkerRegistration };
}

let stop: (() => void) | undefined;
beforeEach(() => {
  stop = undefined;
});
afterEach(() => {
  stop?.();
  vi.useRealTimers();
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
});

describe('the service worker registration', () => {
  it('registers nothing outside production builds (dev and tests)', () => {
    const { container } = fakeWorkers();
    registerServiceWorker();
    registerServiceWorker(false);
    expect(container.register).not.toHaveBeenCalled();
  });

  it("registers /sw.js with scope / in a production build, and shows 'Update available' with Reload when a new version waits", async () => {
    const { container, registration } = fakeWorkers();
    render(createElement(Toaster));
    registerServiceWorker(true);
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });

    registration.waiting = { postMessage: vi.fn() };
    act(() => {
      window.dispatchEvent(new CustomEvent('sw-update-available', { detail: registration }));
    });
    expect(await screen.findByText('Update available')).toBeInTheDocument();
    // A click without pointer events: sonner's swipe handling needs pointer capture, which jsdom lacks.
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(registration.waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    act(() => toast.dismiss());
  });

  it('looks for a new version every 30 minutes', async () => {
    vi.useFakeTimers();
    const { registration, asRegistration } = fakeWorkers();
    stop = watchRegistration(asRegistration);
    expect(registration.update).not.toHaveBeenCalled();
    vi.advanceTimersByTime(SERVICE_WORKER_UPDATE_CHECK_MS);
    expect(registration.update).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(SERVICE_WORKER_UPDATE_CHECK_MS);
    expect(registration.update).toHaveBeenCalledTimes(2);
  });

  it('signals sw-update-available for a worker waiting to replace the one in control, not for the first install', () => {
    const onUpdate = vi.fn();
    window.addEventListener('sw-update-available', onUpdate);
    try {
      const first = fakeWorkers({ controlled: false });
      first.registration.waiting = { postMessage: vi.fn() };
      watchRegistration(first.asRegistration)();
      expect(onUpdate).not.toHaveBeenCalled();

      const { registration, asRegistration } = fakeWorkers();
      stop = watchRegistration(asRegistration);
      const installing = Object.assign(new EventTarget(), { state: 'installing' });
      registration.installing = installing;
      registration.dispatchEvent(new Event('updatefound'));
      registration.waiting = { postMessage: vi.fn() };
      installing.state = 'installed';
      installing.dispatchEvent(new Event('statechange'));
      expect(onUpdate).toHaveBeenCalledTimes(1);
      expect((onUpdate.mock.calls[0]![0] as CustomEvent).detail).toBe(registration);
    } finally {
      window.removeEventListener('sw-update-available', onUpdate);
    }
  });

  it("offers 'Update available — Reload': the waiting worker is told to take over, and the page reloads once it has", async () => {
    const reloadPage = vi.spyOn(reload, 'reloadPage').mockImplementation(() => {});
    const { container, registration, asRegistration } = fakeWorkers();
    registration.waiting = { postMessage: vi.fn() };

    applyUpdate(asRegistration);
    expect(registration.waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(reloadPage).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    container.dispatchEvent(new Event('controllerchange'));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });
});
