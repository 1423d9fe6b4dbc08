import { QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { mockApi } from '@/test/mock-api';
import { dialerStore, type DialerData } from './dialer-store';
import { LeadDialerModal } from './lead-dialer-modal';
import { voiceDevice } from './voice/voice-device';

const lead: DialerData = { leadId: 'lead-1', name: 'Ana Owner', address: '12 Oak St', phone: '(555) 123-4567', email: 'ana@example.com' };

afterEach(() => {
  act(() => dialerStore.close());
  toast.dismiss();
  voiceDevice.reset();
  vi.useRealTimers();
});

function renderModal(extra: Parameters<typeof mockApi>[0] = {}) {
  mockApi({
    'GET /api/phone-numbers': { body: { items: [{ id: 'n1', phone_number: '+15125550100', is_active: true, is_primary: true, label: null, created_at: '' }] } },
    'GET /api/calls/caller-id?leadId=lead-1': { body: { phone_number: '+15125550100', reason: 'org_primary' } },
    'GET /api/calls/check?leadId=lead-1': { body: { allowed: true } },
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

  it('does not close on Escape during a live call', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderModal({
      'POST /api/calls': { status: 201, body: { call_id: 'call-1', call_sid: 'demo-1' } },
      'GET /api/calls/call-1': { body: { id: 'call-1', status: 'in-progress' } },
    });
    const call = screen.getByRole('button', { name: /^Call 1/ });
    await waitFor(() => expect(call).toBeEnabled());
    await user.click(call);
    await screen.findByText(/^Live • /);
    await user.keyboard('{Escape}');
    expect(dialerStore.getState().isOpen).toBe(true);
    expect(await screen.findByText('End the call before closing the dialer')).toBeInTheDocument();
  });
});
