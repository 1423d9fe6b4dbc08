import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { currentUrl, renderApp } from '@/test/render-app';

const signedOut = { 'GET /api/auth/get-session': { body: null } };

async function fillPasswords(password: string, confirm: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('reset password page', () => {
  it('checks length and confirmation before calling the server', async () => {
    const fetchMock = mockApi(signedOut);
    renderApp('/reset-password?token=tok1');
    await fillPasswords('short', 'short');
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    await userEvent.setup().clear(screen.getByLabelText('New password'));
    await fillPasswords('long enough 1', 'long enough 2');
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/reset-password')).toBe(false);
  });

  it('sends the token and new password, then goes to /login', async () => {
    const fetchMock = mockApi({ ...signedOut, 'POST /api/auth/reset-password': { body: { status: true } } });
    const { router } = renderApp('/reset-password?token=tok1');
    await fillPasswords('a brand new secret', 'a brand new secret');
    await waitFor(() => expect(currentUrl(router)).toBe('/login'));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/auth/reset-password');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ newPassword: 'a brand new secret', token: 'tok1' });
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
  });

  it('explains an invalid link and offers a new one', async () => {
    mockApi({ ...signedOut, 'POST /api/auth/reset-password': { status: 400, body: { message: 'Invalid token', code: 'INVALID_TOKEN' } } });
    renderApp('/reset-password?token=expired');
    await fillPasswords('a brand new secret', 'a brand new secret');
    expect(await screen.findByRole('heading', { name: 'This reset link is invalid or has expired' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Request a new link' }));
    expect(await screen.findByRole('dialog', { name: 'Reset Password' })).toBeInTheDocument();
  });

  it.each(['/reset-password', '/reset-password?error=INVALID_TOKEN'])('%s shows the invalid-link message', async (path) => {
    mockApi(signedOut);
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'This reset link is invalid or has expired' })).toBeInTheDocument();
  });
});
