import { QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { fakeLayout, makeLead } from '@/features/leads/test-fixtures';
import { mockApi, SIGNED_IN_ROUTES } from '@/test/mock-api';
import { dialerStore, type DialerData } from './dialer-store';
import { LeadDialerModal } from './lead-dialer-modal';
import { voiceDevice } from './voice/voice-device';

const lead: DialerData = { leadId: 'lead-1', name: 'Ana Owner', address: '12 Oak St', phone: '(555) 123-4567', email: 'ana@example.com' };

let restoreLayout: () => void = () => undefined;
beforeEach(() => {
  restoreLayout = fakeLayout(800, 1400);
});

afterEach(() => {
  restoreLayout();
  act(() => dialerStore.close());
  toast.dismiss();
  voiceDevice.reset();
  vi.useRealTimers();
});

function renderModal(extra: Parameters<typeof mockApi>[0] = {}) {
  mockApi({
    ...SIGNED_IN_ROUTES,
    'GET /api/phone-numbers': { body: { items: [{ id: 'n1', phone_number: '+15125550100', is_active: true, is_primary: true, label: null, created_at: '' }] } },
    'GET /api/calls/caller-id?leadId=lead-1': { body: { phone_number: '+15125550100', reason: 'org_primary' } },
    'GET /api/calls/check?leadId=lead-1&to=%2B15551234567': { body: { allowed: true } },
    'POST /api/voice/token': { body: { provider: 'demo', identity: 'demo_user1', token: null, expires_at: null } },
    ...extra,
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  dialerStore.open(lead);
  render(
    <AppProviders client={client}>
      <LeadDialerModal />
    </AppProviders>,
  );
}

/** The modal with a demo call that the server reports answered at once. */
function renderLiveCall(extra: Parameters<typeof mockApi>[0] = {}) {
  renderModal({
    'POST /api/calls': { status: 201, body: { call_id: 'call-1', call_sid: 'demo-1' } },
    'GET /api/calls/call-1': { body: { id: 'call-1', status: 'in-progress' } },
    'POST /api/calls/call-1/hangup': { body: { id: 'call-1', status: 'completed' } },
    ...extra,
  });
  return vi.mocked(fetch);
}

describe('LeadDialerModal', () => {
  it("opens a 'Call' dialog with the dialer and the lead details panel", () => {
    renderModal();
    expect(screen.getByRole('dialog', { name: 'Call' })).toBeInTheDocument();
    expect(screen.getByText('Voice Dialer')).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Lead details' })).toBeInTheDocument();
  });

  it('L toggles the details panel, N focuses the notes, Escape closes when idle', async () => {
    const user = userEvent.setup();
    renderModal();
    await user.keyboard('l');
    expect(screen.queryByRole('complementary', { name: 'Lead details' })).not.toBeInTheDocument();
    await user.keyboard('L');
    expect(screen.getByRole('complementary', { name: 'Lead details' })).toBeInTheDocument();
    await user.keyboard('n');
    const notes = screen.getByPlaceholderText('Take notes during the call...');
    expect(notes).toHaveFocus();
    expect(notes).toHaveValue('');
    await user.keyboard('l');
    expect(notes).toHaveValue('l');
    expect(screen.getByRole('complementary', { name: 'Lead details' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(dialerStore.getState().isOpen).toBe(false);
  });

  it('asks whether to end a live call on Escape: Keep talking stays on the call, End call hangs up', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const fetchMock = renderLiveCall();
    const call = screen.getByRole('button', { name: /^Call 1/ });
    await waitFor(() => expect(call).toBeEnabled());
    await user.click(call);
    await screen.findByText(/^Live • /);

    await user.keyboard('{Escape}');
    const confirm = await screen.findByRole('dialog', { name: 'End the call?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep talking' }));
    expect(screen.queryByRole('dialog', { name: 'End the call?' })).not.toBeInTheDocument();
    expect(dialerStore.getState().isOpen).toBe(true);
    expect(screen.getByText(/^Live • /)).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await user.click(within(await screen.findByRole('dialog', { name: 'End the call?' })).getByRole('button', { name: 'End call' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/calls/call-1/hangup' && init?.method === 'POST')).toBe(true));
    expect(dialerStore.getState().isOpen).toBe(true);
  });

  it('folds the lead panel while a call is live when the dialog has no room for it beside the transcript, Show lead info brings it back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderLiveCall();
    expect(screen.getByRole('complementary', { name: 'Lead details' })).toBeInTheDocument();
    const call = screen.getByRole('button', { name: /^Call 1/ });
    await waitFor(() => expect(call).toBeEnabled());
    await user.click(call);
    await screen.findByText(/^Live • /);
    expect(screen.queryByRole('complementary', { name: 'Lead details' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show lead info' }));
    expect(screen.getByRole('complementary', { name: 'Lead details' })).toBeInTheDocument();
  });

  it('fills a phone screen with the dialer, the call button in a bar that stays in view', () => {
    restoreLayout();
    restoreLayout = fakeLayout(800, 390);
    renderModal();
    const bar = screen.getByTestId('call-bar');
    expect(bar).toHaveClass('sticky', 'bottom-0');
    expect(within(bar).getByRole('button', { name: /^Call 1/ })).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Call' })).toHaveClass('max-sm:h-dvh', 'max-sm:w-full');
  });
});

describe("the dialer's lead panel during a call: the call's lead context", () => {
  /** A call answered at once in a dialog wide enough to keep the lead panel open beside the transcript. */
  async function callWithContext(context: { status?: number; body?: unknown }) {
    restoreLayout();
    restoreLayout = fakeLayout(800, 1900);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderLiveCall({ 'GET /api/calls/by-sid/demo-1/lead-context': context });
    const call = screen.getByRole('button', { name: /^Call 1/ });
    await waitFor(() => expect(call).toBeEnabled());
    await user.click(call);
    await screen.findByText(/^Live • /);
    return screen.getByRole('complementary', { name: 'Lead details' });
  }

  it("says 'Call not linked to any lead' when the server finds no lead for the call", async () => {
    const panel = await callWithContext({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'Lead context unavailable - call not linked to lead' } } });
    expect(await within(panel).findByText('Call not linked to any lead')).toBeInTheDocument();
    expect(within(panel).getByText('Showing the lead the dialer was opened for.')).toBeInTheDocument();
    expect(screen.queryByText('Failed to Load Lead Context')).not.toBeInTheDocument();
  });

  it("says 'Failed to load lead context' in the panel, with the toast 'Failed to Load Lead Context', when the request fails", async () => {
    const panel = await callWithContext({ status: 500, body: { error: { code: 'INTERNAL', message: 'Database unavailable' } } });
    expect(await within(panel).findByText('Failed to load lead context')).toBeInTheDocument();
    expect(within(panel).getByText(/Database unavailable/)).toBeInTheDocument();
    expect(await screen.findByText('Failed to Load Lead Context')).toBeInTheDocument();
  });

  it('shows the lead the server matched by phone or address, with its info toast', async () => {
    const matched = makeLead({ id: 'lead-9', owner_1_name: 'Maria Match', estimated_value: 410000 });
    const panel = await callWithContext({ body: { lead: matched, context: { id: 'lead-9' }, matched_by: 'phone', message: 'Loaded full lead details - Matched by phone/address' } });
    expect(await within(panel).findByRole('heading', { name: 'Maria Match' })).toBeInTheDocument();
    expect(within(panel).getByText('$410,000')).toBeInTheDocument();
    expect(await screen.findByText('Loaded full lead details - Matched by phone/address')).toBeInTheDocument();
  });
});
