import { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { reloadPage } from '@/lib/reload-page';
import { ME, mockApi, SIGNED_IN_ROUTES } from '@/test/mock-api';
import { CALLER_NUMBER_ERRORS } from './from-number-field';
import { VoiceDialerPanel } from './voice-dialer-panel';
import { voiceDevice } from './voice/voice-device';

vi.mock('@/lib/reload-page', () => ({ reloadPage: vi.fn() }));

afterEach(() => {
  voiceDevice.reset();
  vi.mocked(reloadPage).mockClear();
});

const failure = (message: string) => ({ status: 500, body: { error: { code: 'INTERNAL', message } } });
const NUMBERS = { items: [{ id: 'n1', phone_number: '+15125550100', is_active: true, is_primary: true, label: 'Main', created_at: '2026-01-01T00:00:00Z' }] };

function renderDialer(routes: Parameters<typeof mockApi>[0]) {
  mockApi({
    ...SIGNED_IN_ROUTES,
    'GET /api/phone-numbers': { body: NUMBERS },
    'GET /api/calls/caller-id?leadId=lead-1': { body: { phone_number: '+15125550100', reason: 'org_primary' } },
    'GET /api/calls/check?leadId=lead-1&to=%2B15551234567': { body: { allowed: true } },
    'POST /api/voice/token': { body: { provider: 'demo', identity: 'demo_user1', token: null, expires_at: null } },
    ...routes,
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <AppProviders client={client}>
      <VoiceDialerPanel lead={{ leadId: 'lead-1', name: 'Ana Owner', address: '12 Oak St', phone: '(555) 123-4567', email: '' }} />
    </AppProviders>,
  );
}

/** The From Number field's error, with its Retry reloading the page (dialer.md §2). */
async function expectFromNumberError(message: string, detail?: string) {
  const alert = await screen.findByRole('alert');
  expect(within(alert).getByText(message)).toBeInTheDocument();
  if (detail) expect(within(alert).getByText(detail)).toBeInTheDocument();
  expect(screen.queryByRole('combobox', { name: 'From Number' })).not.toBeInTheDocument();
  await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
  expect(reloadPage).toHaveBeenCalledTimes(1);
}

describe("the dialer's From Number: the user's organization and its numbers", () => {
  it('lists the active numbers of the organization it names', async () => {
    renderDialer({});
    expect(await screen.findByText('Numbers of Acme Home Buyers')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'From Number' })).toHaveValue('+15125550100');
  });

  it(`says '${CALLER_NUMBER_ERRORS.me}' when /api/me fails`, async () => {
    renderDialer({ 'GET /api/me': failure('Database unavailable') });
    await expectFromNumberError('Unable to load user organization data', 'Database unavailable');
  });

  it(`says '${CALLER_NUMBER_ERRORS.noOrganization}' for a user without one`, async () => {
    renderDialer({ 'GET /api/me': { body: { ...ME, organization: null, role: null } } });
    await expectFromNumberError('User is not associated with an organization');
  });

  it(`says '${CALLER_NUMBER_ERRORS.organization}' when the organization request fails`, async () => {
    renderDialer({ 'GET /api/organization': failure('Organization lookup failed') });
    await expectFromNumberError('Failed to load organization data', 'Organization lookup failed');
  });

  it(`says '${CALLER_NUMBER_ERRORS.numbers}' when the numbers request fails`, async () => {
    renderDialer({ 'GET /api/phone-numbers': failure('Database down') });
    await expectFromNumberError('Failed to load phone numbers. Please try refreshing the page.', 'Database down');
  });
});
