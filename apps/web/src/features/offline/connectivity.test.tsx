import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_MESSAGES, useOnlineStatus, watchConnectivity } from './connectivity';
import { OfflineBanner } from './offline-banner';

let stops: Array<() => void> = [];
afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
});

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

describe('online and offline', () => {
  it('signals app-offline and app-online on window as the connection drops and returns', () => {
    const seen: string[] = [];
    const record = (event: Event) => seen.push(event.type);
    window.addEventListener('app-offline', record);
    window.addEventListener('app-online', record);
    stops.push(watchConnectivity(), () => {
      window.removeEventListener('app-offline', record);
      window.removeEventListener('app-online', record);
    });
    goOffline(true);
    goOffline(false);
    expect(seen).toEqual(['app-offline', 'app-online']);
  });

  it('signals app-offline at once when the app starts offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const onOffline = vi.fn();
    window.addEventListener('app-offline', onOffline);
    stops.push(watchConnectivity(), () => window.removeEventListener('app-offline', onOffline));
    expect(onOffline).toHaveBeenCalledTimes(1);
  });

  it('useOnlineStatus follows the connection', () => {
    function Probe() {
      return <span>{useOnlineStatus() ? 'online' : 'offline'}</span>;
    }
    render(<Probe />);
    expect(screen.getByText('online')).toBeInTheDocument();
    goOffline(true);
    expect(screen.getByText('offline')).toBeInTheDocument();
    goOffline(false);
    expect(screen.getByText('online')).toBeInTheDocument();
  });

  it("shows 'Offline — showing saved data' only while offline, with the updates waiting to sync", () => {
    const { rerender } = render(<OfflineBanner pending={0} />);
    expect(screen.queryByText(OFFLINE_MESSAGES.banner)).not.toBeInTheDocument();
    goOffline(true);
    expect(screen.getByRole('status')).toHaveTextContent('Offline — showing saved data');
    expect(screen.getByRole('status')).not.toHaveTextContent('will sync');
    rerender(<OfflineBanner pending={2} />);
    expect(screen.getByRole('status')).toHaveTextContent('2 updates will sync when you are back online');
    goOffline(false);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
