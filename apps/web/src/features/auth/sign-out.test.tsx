import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from 'sonner';
import { ME, mockApi, SIGNED_IN_SESSION } from '@/test/mock-api';
import { currentUrl, renderApp } from '@/test/render-app';

afterEach(() => {
  toast.dismiss();
});

describe('sign out', () => {
  it('posts sign-out, forgets the user and lands on /login with "Signed out"', async () => {
    let signedIn = true;
    const fetchMock = mockApi({
      'GET /api/auth/get-session': () => ({ body: signedIn ? SIGNED_IN_SESSION : null }),
      'GET /api/me': { body: ME },
      'POST /api/auth/sign-out': () => {
        signedIn = false;
        return { body: { success: true } };
      },
    });
    const cacheDelete = vi.fn().mockResolvedValue(true);
    vi.stubGlobal('caches', { delete: cacheDelete });
    const { router, client } = renderApp('/dashboard');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/login'));
    // The API answers kept for offline use and the saved session go with the user.
    expect(cacheDelete).toHaveBeenCalledWith('wholesail-api');
    expect(window.localStorage.getItem('wholesail:offline-session')).toBeNull();
    expect(await screen.findByText('Signed out')).toBeInTheDocument();
    expect(client.getQueryData(['me'])).toBeUndefined();
    expect(fetchMock.mock.calls.find(([url]) => url === '/api/auth/sign-out')?.[1]?.body).toBe('{}');
  });

  it('shows "Sign out failed" when the server refuses', async () => {
    mockApi({
      'GET /api/auth/get-session': { body: SIGNED_IN_SESSION },
      'GET /api/me': { body: ME },
      'POST /api/auth/sign-out': { status: 500, body: { message: 'Database unavailable' } },
    });
    const { router } = renderApp('/dashboard');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Sign out failed')).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/dashboard');
  });
});
