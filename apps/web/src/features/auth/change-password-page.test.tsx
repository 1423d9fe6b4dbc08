import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ME, mockApi, SIGNED_IN_SESSION } from '@/test/mock-api';
import { currentUrl, renderApp } from '@/test/render-app';
import { PASSWORD_UPDATED_MESSAGE, WRONG_CURRENT_PASSWORD } from './change-password-page';

const signedIn = { 'GET /api/auth/get-session': { body: SIGNED_IN_SESSION }, 'GET /api/me': { body: ME } };

async function fill(current: string, password: string, confirm: string) {
  const user = userEvent.setup();
  if (current) await user.type(await screen.findByLabelText('Current password', {}, { timeout: 5000 }), current);
  if (password) await user.type(screen.getByLabelText('New password'), password);
  if (confirm) await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

const changeCalls = (fetchMock: ReturnType<typeof mockApi>) => fetchMock.mock.calls.filter(([url]) => url === '/api/auth/change-password');

describe('change password page', () => {
  it('names each field that is wrong, marks it invalid and sends nothing', async () => {
    const fetchMock = mockApi(signedIn);
    renderApp('/settings/password');
    await screen.findByLabelText('Current password', {}, { timeout: 5000 });
    await fill('', 'short', 'other');
    expect(await screen.findByText('Enter your current password')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.setup().clear(screen.getByLabelText('New password'));
    await userEvent.setup().type(screen.getByLabelText('New password'), 'long enough 1');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm new password')).toHaveAttribute('aria-invalid', 'true');
    expect(changeCalls(fetchMock)).toEqual([]);
  });

  it('sends the current and new password and says it is done', async () => {
    const fetchMock = mockApi({ ...signedIn, 'POST /api/auth/change-password': { body: { token: 't', user: SIGNED_IN_SESSION.user } } });
    renderApp('/settings/password');
    await fill('my old password', 'a brand new secret', 'a brand new secret');
    expect(await screen.findByRole('status')).toHaveTextContent(PASSWORD_UPDATED_MESSAGE);
    const [call] = changeCalls(fetchMock);
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ currentPassword: 'my old password', newPassword: 'a brand new secret' });
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('puts a wrong current password on that field', async () => {
    mockApi({ ...signedIn, 'POST /api/auth/change-password': { status: 400, body: { code: 'INVALID_PASSWORD', message: 'Invalid password' } } });
    renderApp('/settings/password');
    await fill('not my password', 'a brand new secret', 'a brand new secret');
    expect(await screen.findByText(WRONG_CURRENT_PASSWORD)).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('is reached from Settings and from the account menu', async () => {
    mockApi({
      ...signedIn,
      'GET /api/organization/settings': { body: { aiIntegration: { enableRealTimeCoaching: true, enableAutoEnrichment: true, enableSmartScoring: true, enableConversationAnalysis: true } } },
      'GET /api/organization/members': { body: { members: [] } },
      'GET /api/organization/invitations': { body: { invitations: [] } },
    });
    const { router } = renderApp('/settings');
    // The sidebar's account links and the Settings card.
    await waitFor(() => expect(screen.getAllByRole('link', { name: /change password/i })).toHaveLength(2), { timeout: 5000 });
    await userEvent.setup().click(screen.getAllByRole('link', { name: /change password/i })[1]!);
    await waitFor(() => expect(currentUrl(router)).toBe('/settings/password'));
    expect(await screen.findByRole('heading', { name: 'Change password' })).toBeInTheDocument();
  });
});
