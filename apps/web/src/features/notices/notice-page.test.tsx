import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockPendingApi } from '@/test/mock-api';
import { currentUrl, renderApp } from '@/test/render-app';

describe('notice pages', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // The target is protected; a session that never loads keeps the URL still for the assertions.
    mockPendingApi();
  });
  afterEach(() => vi.useRealTimers());

  it('counts down and redirects /dialer to the send tab after exactly 3 s', async () => {
    const { router } = renderApp('/dialer');
    await act(() => import('./notice-page'));
    expect(screen.getByRole('heading', { name: 'The dialer has moved into Communications' })).toBeInTheDocument();
    expect(screen.getByText('Redirecting in 3 seconds...')).toBeInTheDocument();
    // The tab the notice names is the one Communications shows: 'Dialer', not 'Send'.
    expect(screen.getByText('Calls, live transcripts and AI coaching now live on the Dialer tab of Communications.')).toBeInTheDocument();

    await act(async () => vi.advanceTimersByTime(1000));
    expect(screen.getByText('Redirecting in 2 seconds...')).toBeInTheDocument();

    await act(async () => vi.advanceTimersByTime(1900));
    expect(currentUrl(router)).toBe('/dialer');

    await act(async () => vi.advanceTimersByTime(100));
    expect(currentUrl(router)).toBe('/communications?tab=send');
  });

  it.each([
    ['/voice-dashboard', 'The dialer has moved into Communications', '/communications?tab=send'],
    ['/sms-manager', 'Messaging has moved into Communications', '/communications?tab=conversations'],
    ['/sms', 'Messaging has moved into Communications', '/communications?tab=conversations'],
  ])('%s redirects at once on the button', async (path, title, target) => {
    const { router } = renderApp(path);
    await act(() => import('./notice-page'));
    expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Go to Communications now/ })));
    expect(currentUrl(router)).toBe(target);
  });
});
