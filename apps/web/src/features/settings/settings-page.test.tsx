import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { AI_HEALTH_ALL_ON } from '@/test/ai-health';
import { ME, mockApi, SIGNED_IN_SESSION } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

const base = {
  'GET /api/auth/get-session': { body: SIGNED_IN_SESSION },
  'GET /api/organization/settings': {
    body: { aiIntegration: { enableRealTimeCoaching: true, enableAutoEnrichment: true, enableSmartScoring: true, enableConversationAnalysis: true } },
  },
  'GET /api/organization/members': { body: { members: [{ id: 'user-1', email: 'ana@example.com', name: 'Ana Lopez', role: 'owner', created_at: '2025-01-12T10:00:00Z' }] } },
  'GET /api/organization/invitations': { body: { invitations: [] } },
  'GET /api/ai/health': { body: AI_HEALTH_ALL_ON },
};

afterEach(() => {
  toast.dismiss();
});

describe('settings page', () => {
  it('lets an owner rename the organization', async () => {
    const fetchMock = mockApi({
      ...base,
      'GET /api/me': { body: ME },
      'PATCH /api/organization': { body: { id: 'org-1', name: 'Acme Capital', created_at: '', updated_at: '' } },
    });
    renderApp('/settings');
    const user = userEvent.setup();
    const input = await screen.findByLabelText('Name', {}, { timeout: 5000 });
    await user.clear(input);
    await user.type(input, 'Acme Capital');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Organization updated')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url, init]) => url === '/api/organization' && init?.method === 'PATCH');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ name: 'Acme Capital' });
  });

  it('links the Voice & Dialer settings from the page and the navigation', async () => {
    mockApi({ ...base, 'GET /api/me': { body: ME } });
    renderApp('/settings');
    const card = await screen.findByRole('link', { name: /Phone numbers, caller ID, calling hours and the Do Not Contact list/ }, { timeout: 5000 });
    expect(card).toHaveAttribute('href', '/settings/voice-dialer');
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(nav.getByRole('link', { name: 'Voice & Dialer' })).toHaveAttribute('href', '/settings/voice-dialer');
    expect(nav.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
  });

  it('marks Voice & Dialer, not Settings, as the current page of the navigation on /settings/voice-dialer', async () => {
    mockApi({ ...base, 'GET /api/me': { body: ME } });
    renderApp('/settings/voice-dialer');
    const nav = within(await screen.findByRole('navigation', { name: 'Main' }, { timeout: 5000 }));
    expect(nav.getByRole('link', { name: 'Voice & Dialer' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'Settings' })).not.toHaveAttribute('aria-current');
  });

  it('shows a member the name read-only and no invitation tools', async () => {
    mockApi({ ...base, 'GET /api/me': { body: { ...ME, role: 'member' } } });
    renderApp('/settings');
    expect(await screen.findByText('Members')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
    expect(screen.queryByText('Invite a teammate')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('Acme Home Buyers').length).toBeGreaterThan(1));
  });

  it('saves an AI switch with PUT', async () => {
    const fetchMock = mockApi({
      ...base,
      'GET /api/me': { body: ME },
      'PUT /api/organization/settings': (init) => ({
        body: { aiIntegration: { ...base['GET /api/organization/settings'].body.aiIntegration, ...JSON.parse(String(init?.body)).aiIntegration } },
      }),
    });
    renderApp('/settings');
    const toggle = await screen.findByRole('switch', { name: 'Smart lead scoring' });
    await userEvent.setup().click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ aiIntegration: { enableSmartScoring: false } });
  });

  it('offers a user without an organization to create one', async () => {
    const fetchMock = mockApi({
      ...base,
      'GET /api/me': { body: { ...ME, organization: null, role: null } },
      'POST /api/organizations': { status: 201, body: { id: 'org-2', name: 'New Co', created_at: '', updated_at: '' } },
    });
    renderApp('/settings');
    expect(await screen.findByText('No organization found')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Organization name'), 'New Co');
    await user.click(screen.getByRole('button', { name: 'Create organization' }));
    expect(await screen.findByText('Organization created')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/organizations');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ org_name: 'New Co' });
  });
});
