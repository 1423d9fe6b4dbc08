import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ME, mockApi, SIGNED_IN_SESSION } from '@/test/mock-api';
import { currentUrl, renderApp } from '@/test/render-app';
import { INCOMPLETE_LINK } from './accept-invitation-page';
import { tokenFromInput } from './invitation-api';

const preview = { email: 'ana@example.com', organization_name: 'Acme Home Buyers', role: 'member', expires_at: '2099-01-01T00:00:00Z' };

describe('accept invitation', () => {
  it('shows the server message for an unusable invitation', async () => {
    mockApi({
      'GET /api/auth/get-session': { body: null },
      'GET /api/invitations/old': { status: 410, body: { error: { code: 'INVITATION_EXPIRED', message: 'This invitation has expired' } } },
    });
    renderApp('/accept-invitation/old');
    expect(await screen.findByText('This invitation has expired')).toBeInTheDocument();
  });

  it('says an incomplete link is incomplete, in words, not the validation text', async () => {
    mockApi({
      'GET /api/auth/get-session': { body: null },
      'GET /api/invitations/abc': { status: 400, body: { error: { code: 'VALIDATION_ERROR', message: 'token: the invitation link is incomplete' } } },
    });
    renderApp('/accept-invitation/abc');
    expect(await screen.findByText(INCOMPLETE_LINK)).toBeInTheDocument();
    expect(screen.queryByText(/token:/)).not.toBeInTheDocument();
  });

  it('creates the account of a signed-out invitee and shows errors verbatim', async () => {
    let attempts = 0;
    const fetchMock = mockApi({
      'GET /api/auth/get-session': { body: null },
      'GET /api/invitations/tok': { body: preview },
      'POST /api/invitations/tok/accept': () =>
        ++attempts === 1
          ? { status: 409, body: { error: { code: 'CONFLICT', message: 'An account with this email already exists. Sign in with it, then open this link again.' } } }
          : { body: { organization: { id: 'org-1', name: 'Acme Home Buyers' } } },
      'GET /api/me': { body: ME },
    });
    // Opened from the mail: its proof goes with the acceptance, so the server can mark the address verified.
    const { router } = renderApp('/accept-invitation/tok?proof=from-the-mail');
    expect(await screen.findByRole('heading', { name: 'Join Acme Home Buyers' })).toBeInTheDocument();
    expect(screen.getByText('ana@example.com')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name'), 'Ana Lopez');
    await user.type(screen.getByLabelText('Password'), 'sturdy password');
    await user.type(screen.getByLabelText('Confirm password'), 'sturdy password');
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByText('An account with this email already exists. Sign in with it, then open this link again.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/dashboard'));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/invitations/tok/accept');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ name: 'Ana Lopez', password: 'sturdy password', emailProof: 'from-the-mail' });
  });

  it('offers just the button to the signed-in invitee', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/get-session': { body: SIGNED_IN_SESSION },
      'GET /api/invitations/tok': { body: preview },
      'POST /api/invitations/tok/accept': { body: { organization: { id: 'org-1', name: 'Acme Home Buyers' } } },
      'GET /api/me': { body: ME },
    });
    const { router } = renderApp('/accept-invitation/tok');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    await waitFor(() => expect(currentUrl(router)).toBe('/dashboard'));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/invitations/tok/accept');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({});
  });

  it('reads a token from a pasted link or a bare token', () => {
    expect(tokenFromInput('https://app.example.com/accept-invitation/abc123')).toBe('abc123');
    expect(tokenFromInput('http://x/accept-invitation?token=t%2D1')).toBe('t-1');
    expect(tokenFromInput('  abc.DEF_9 ')).toBe('abc.DEF_9');
    expect(tokenFromInput('not a token')).toBeNull();
  });
});
