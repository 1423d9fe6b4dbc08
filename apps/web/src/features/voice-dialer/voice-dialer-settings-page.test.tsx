import { DEFAULT_OUTCOME_STATUS, type OrganizationPhoneNumber } from '@wholesail/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ME, mockApi, SIGNED_IN_SESSION } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

beforeAll(async () => {
  await import('./voice-dialer-settings-page');
});

afterEach(() => {
  toast.dismiss();
});

const main: OrganizationPhoneNumber = { id: 'pn-1', phone_number: '+15125550100', is_active: true, is_primary: true, label: 'Main line', created_at: '2025-03-04T10:00:00Z' };
const second: OrganizationPhoneNumber = { id: 'pn-2', phone_number: '+15125550111', is_active: true, is_primary: false, label: null, created_at: '2025-03-05T10:00:00Z' };
const off: OrganizationPhoneNumber = { id: 'pn-3', phone_number: '+15125550122', is_active: false, is_primary: false, label: 'Old', created_at: '2025-03-06T10:00:00Z' };

const SETTINGS = { enforceHours: true, voiceProvider: 'auto', activeProvider: 'demo', twilioConfigured: false, callsPerNumberPer24h: 3, outcomeStatus: DEFAULT_OUTCOME_STATUS };
const LIMIT_WHY = "Florida's telephone solicitation act allows 3 calls per 24 hours on the same subject, and the stricter rule is the safe default everywhere.";
const base = {
  'GET /api/auth/get-session': { body: SIGNED_IN_SESSION },
  'GET /api/me': { body: ME },
  'GET /api/phone-numbers': { body: { items: [main, second, off] } },
  'GET /api/phone-assignments': { body: { items: [{ phone_number: '+15125550100', is_default: true }] } },
  'GET /api/calls/settings': { body: SETTINGS },
};

const bodyOf = (fetchMock: ReturnType<typeof mockApi>, method: string, url: string) =>
  JSON.parse(String(fetchMock.mock.calls.find(([u, init]) => u === url && init?.method === method)?.[1]?.body));

describe('voice & dialer settings', () => {
  it('lists the organization numbers formatted, with label, active switch and primary badge', async () => {
    mockApi(base);
    renderApp('/settings/voice-dialer');
    expect(await screen.findByRole('heading', { name: 'Voice & Dialer Settings' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Organization phone numbers' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('1 (512) 555-0100');
    expect(rows[0]).toHaveTextContent('Main line');
    expect(within(rows[0]!).getByText('Primary')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: 'Make 1 (512) 555-0111 primary' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Active 1 (512) 555-0122' })).toHaveAttribute('aria-checked', 'false');
    // Default caller ID: only active numbers, the saved default selected.
    const select = screen.getByLabelText('Default number');
    expect(select).toHaveValue('+15125550100');
    expect(within(select).queryByText(/555-0122/)).not.toBeInTheDocument();
  });

  it('makes a number primary and removes one after confirming', async () => {
    const fetchMock = mockApi({ ...base, 'PATCH /api/phone-numbers/pn-2': { body: { ...second, is_primary: true } }, 'DELETE /api/phone-numbers/pn-3': { status: 204 } });
    renderApp('/settings/voice-dialer');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Make 1 (512) 555-0111 primary' }));
    await waitFor(() => expect(bodyOf(fetchMock, 'PATCH', '/api/phone-numbers/pn-2')).toEqual({ is_primary: true }));
    await user.click(screen.getByRole('button', { name: 'Remove 1 (512) 555-0122' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove 1 (512) 555-0122?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove number' }));
    expect(await screen.findByText('Phone number removed')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u, init]) => u === '/api/phone-numbers/pn-3' && init?.method === 'DELETE')).toBe(true);
  });

  it('validates the new number, posts it and shows the server 400 message', async () => {
    const fetchMock = mockApi({
      ...base,
      'POST /api/phone-numbers': { status: 400, body: { error: { code: 'VALIDATION', message: 'Phone number must be a valid US number' } } },
    });
    renderApp('/settings/voice-dialer');
    const user = userEvent.setup();
    const phone = await screen.findByLabelText('Phone number');
    await user.type(phone, '512-555');
    await user.click(screen.getByRole('button', { name: 'Add number' }));
    expect(await screen.findByText('Phone number must be at least 10 digits')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await user.clear(phone);
    await user.type(phone, ' (512) 555-0199 ');
    await user.type(screen.getByLabelText('Label'), 'Spare');
    await user.click(screen.getByLabelText('Make this the primary number'));
    await user.click(screen.getByRole('button', { name: 'Add number' }));
    expect(await screen.findByText('Phone number must be a valid US number')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST', '/api/phone-numbers')).toEqual({ phone_number: '(512) 555-0199', label: 'Spare', is_primary: true });
  });

  it('assigns the default caller ID with a success toast', async () => {
    const fetchMock = mockApi({ ...base, 'PUT /api/phone-assignments/default': { body: { phone_number: '+15125550111', is_default: true } } });
    renderApp('/settings/voice-dialer');
    await userEvent.setup().selectOptions(await screen.findByLabelText('Default number'), '+15125550111');
    expect(await screen.findByText('Phone number assigned successfully')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'PUT', '/api/phone-assignments/default')).toEqual({ phone_number: '+15125550111' });
  });

  it("shows 'Failed to assign phone number' with the server message", async () => {
    mockApi({ ...base, 'PUT /api/phone-assignments/default': { status: 400, body: { error: { code: 'VALIDATION', message: '+15125550111 is not an active number of your organization' } } } });
    renderApp('/settings/voice-dialer');
    await userEvent.setup().selectOptions(await screen.findByLabelText('Default number'), '+15125550111');
    expect(await screen.findByText('Failed to assign phone number')).toBeInTheDocument();
    expect(screen.getByText('+15125550111 is not an active number of your organization')).toBeInTheDocument();
  });

  it('shows the empty state when the organization has no numbers', async () => {
    mockApi({ ...base, 'GET /api/phone-numbers': { body: { items: [] } }, 'GET /api/phone-assignments': { body: { items: [] } } });
    renderApp('/settings/voice-dialer');
    expect(await screen.findByText('No phone numbers configured for your organization')).toBeInTheDocument();
    expect(screen.getByText('Configure phone numbers in Voice & Dialer Settings to start making calls')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('toasts the load error and retries', async () => {
    let fail = true;
    const fetchMock = mockApi({
      ...base,
      'GET /api/phone-numbers': () => (fail ? { status: 500, body: { error: { code: 'INTERNAL', message: 'boom' } } } : { body: { items: [main] } }),
    });
    renderApp('/settings/voice-dialer');
    expect(await screen.findByText('Error loading phone numbers')).toBeInTheDocument();
    expect(screen.getAllByText('Could not load organization phone numbers. Please check your connection and try again.').length).toBeGreaterThan(0);
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Organization phone numbers' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([u]) => u === '/api/phone-numbers').length).toBeGreaterThanOrEqual(2);
  });

  it('shows a member the numbers read-only, without the add form or calling hours', async () => {
    mockApi({ ...base, 'GET /api/me': { body: { ...ME, role: 'member' } } });
    renderApp('/settings/voice-dialer');
    const table = await screen.findByRole('table', { name: 'Organization phone numbers' });
    for (const toggle of within(table).getAllByRole('switch')) expect(toggle).toBeDisabled();
    expect(within(table).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add number' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Voice line')).not.toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: /Enforce calling hours/ })).not.toBeInTheDocument();
    // A member still picks their own caller ID.
    expect(screen.getByLabelText('Default number')).toBeEnabled();
  });

  it('lets an admin set the calls per number in 24 hours, with why 3 is the default', async () => {
    const fetchMock = mockApi({ ...base, 'GET /api/me': { body: { ...ME, role: 'admin' } }, 'PUT /api/calls/settings': { body: { ...SETTINGS, callsPerNumberPer24h: 5 } } });
    renderApp('/settings/voice-dialer');
    const select = await screen.findByLabelText('Calls to the same number in 24 hours');
    await waitFor(() => expect(select).toBeEnabled());
    expect(select).toHaveValue('3');
    expect(within(select).getByRole('option', { name: '3 calls (default)' })).toBeInTheDocument();
    expect(within(select).getAllByRole('option')).toHaveLength(10);
    expect(select).toHaveAccessibleDescription(LIMIT_WHY);
    await userEvent.setup().selectOptions(select, '5');
    await waitFor(() => expect(bodyOf(fetchMock, 'PUT', '/api/calls/settings')).toEqual({ callsPerNumberPer24h: 5 }));
    await waitFor(() => expect(select).toHaveValue('5'));
  });

  it("lets an admin choose the status each call outcome gives the lead, 'No change' included", async () => {
    const saved = { ...SETTINGS, outcomeStatus: { ...DEFAULT_OUTCOME_STATUS, interested: 'no_change' } };
    const fetchMock = mockApi({ ...base, 'GET /api/me': { body: { ...ME, role: 'admin' } }, 'PUT /api/calls/settings': { body: saved } });
    renderApp('/settings/voice-dialer');
    const card = (await screen.findByText('Status after a call')).closest('[data-slot="card"]') as HTMLElement ?? document.body;
    const select = within(card).getByLabelText('Interested');
    await waitFor(() => expect(select).toBeEnabled());
    expect(select).toHaveDisplayValue('Interested — follow up (default)');
    expect(within(card).getByLabelText('No Answer')).toHaveDisplayValue('No change (default)');
    await userEvent.setup().selectOptions(select, 'No change');
    await waitFor(() => expect(bodyOf(fetchMock, 'PUT', '/api/calls/settings')).toEqual({ outcomeStatus: { interested: 'no_change' } }));
    await waitFor(() => expect(select).toHaveDisplayValue('No change'));
  });

  it('shows a member the status after each outcome, read-only', async () => {
    mockApi({ ...base, 'GET /api/me': { body: { ...ME, role: 'member' } } });
    renderApp('/settings/voice-dialer');
    const select = await screen.findByLabelText('Callback Requested');
    await waitFor(() => expect(select).toHaveDisplayValue('Follow up (default)'));
    expect(select).toBeDisabled();
  });

  it('shows a member the call limit and why, read-only', async () => {
    mockApi({ ...base, 'GET /api/me': { body: { ...ME, role: 'member' } }, 'GET /api/calls/settings': { body: { ...SETTINGS, callsPerNumberPer24h: 2 } } });
    renderApp('/settings/voice-dialer');
    const select = await screen.findByLabelText('Calls to the same number in 24 hours');
    await waitFor(() => expect(select).toHaveValue('2'));
    expect(select).toBeDisabled();
    expect(screen.getByText(LIMIT_WHY)).toBeInTheDocument();
    expect(screen.getByText('How often one number may be called. Only owners and admins can change it.')).toBeInTheDocument();
  });

  it('links to the Do Not Contact list', async () => {
    mockApi({ ...base, 'GET /api/me': { body: { ...ME, role: 'member' } } });
    renderApp('/settings/voice-dialer');
    expect(await screen.findByRole('link', { name: 'Open the Do Not Contact list' })).toHaveAttribute('href', '/settings/voice-dialer/do-not-contact');
  });

  it('saves calling-hours enforcement with PUT', async () => {
    const fetchMock = mockApi({ ...base, 'PUT /api/calls/settings': { body: { ...SETTINGS, enforceHours: false } } });
    renderApp('/settings/voice-dialer');
    const toggle = await screen.findByRole('switch', { name: "Enforce calling hours (the lead's state rules in the lead's local time; 8:00 AM–9:00 PM where the state sets none)" });
    await waitFor(() => expect(toggle).toBeEnabled());
    await userEvent.setup().click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(bodyOf(fetchMock, 'PUT', '/api/calls/settings')).toEqual({ enforceHours: false });
  });

  it('chooses the voice line with PUT and says where calls go', async () => {
    const fetchMock = mockApi({ ...base, 'PUT /api/calls/settings': { body: { ...SETTINGS, voiceProvider: 'twilio', activeProvider: null } } });
    renderApp('/settings/voice-dialer');
    expect(await screen.findByText('Calls go to the demo line: no carrier, a scripted seller answers.')).toBeInTheDocument();
    const select = screen.getByLabelText('Voice line');
    await waitFor(() => expect(select).toBeEnabled());
    await userEvent.setup().selectOptions(select, 'twilio');
    expect(await screen.findByText(/Twilio is chosen but this server has no Twilio credentials/)).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'PUT', '/api/calls/settings')).toEqual({ voiceProvider: 'twilio' });
  });
});
