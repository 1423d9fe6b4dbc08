import { QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { mockApi, SIGNED_IN_ROUTES } from '@/test/mock-api';
import type { DialerData } from './dialer-store';
import { VoiceDialerPanel } from './voice-dialer-panel';
import { reloadPage } from '@/lib/reload-page';
import { voiceDevice } from './voice/voice-device';

vi.mock('@/lib/reload-page', () => ({ reloadPage: vi.fn() }));

afterEach(() => {
  toast.dismiss();
  voiceDevice.reset();
  vi.useRealTimers();
});

const DEMO_TOKEN = { provider: 'demo', identity: 'demo_user1', token: null, expires_at: null };

const lead: DialerData = { leadId: 'lead-1', name: 'Ana Owner', address: '12 Oak St, Austin, TX 78701', phone: '(555) 123-4567', email: '' };
const NUMBERS = {
  items: [
    { id: 'n1', phone_number: '+15125550100', is_active: true, is_primary: true, label: 'Main', created_at: '2026-01-01T00:00:00Z' },
    { id: 'n2', phone_number: '+15125550111', is_active: true, is_primary: false, label: null, created_at: '2026-01-01T00:00:00Z' },
  ],
};
const CALL = { id: 'call-1', lead_id: 'lead-1', call_sid: 'demo-1', provider: 'demo', started_at: null, answered_at: null, ended_at: null, duration_sec: null };

type Routes = Parameters<typeof mockApi>[0];
function baseRoutes(overrides: Routes = {}): Routes {
  return {
    ...SIGNED_IN_ROUTES,
    'GET /api/phone-numbers': { body: NUMBERS },
    'GET /api/calls/caller-id?leadId=lead-1': { body: { phone_number: '+15125550111', reason: 'user_default' } },
    'GET /api/calls/check?leadId=lead-1&to=%2B15551234567': { body: { allowed: true } },
    'POST /api/voice/token': { body: DEMO_TOKEN },
    ...overrides,
  };
}

function renderPanel(data: DialerData = lead, onCompleted?: () => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <AppProviders client={client}>
      <VoiceDialerPanel lead={data} onCompleted={onCompleted} />
    </AppProviders>,
  );
  return client;
}

const callButton = () => screen.getByRole('button', { name: /^(Call|Ringing|End Call|Ending)/ });
const statusBadge = () => screen.getByLabelText('Call status');

/** Mocks a demo-line call answered on the second poll. */
function liveCallRoutes(extra: Routes = {}) {
  let polls = 0;
  return mockApi(
    baseRoutes({
      'POST /api/calls': { status: 201, body: { call_id: 'call-1', call_sid: 'demo-1' } },
      'GET /api/calls/call-1': () => {
        polls += 1;
        return { body: { ...CALL, status: polls < 2 ? 'ringing' : 'in-progress' } };
      },
      'POST /api/calls/call-1/hangup': { body: { ...CALL, status: 'completed', duration_sec: 3 } },
      'POST /api/calls/call-1/mute': (init) => ({ body: JSON.parse(String(init?.body)) }),
      'POST /api/calls/call-1/dtmf': { status: 204 },
      'GET /api/calls/by-sid/demo-1/transcriptions?limit=50': { body: { items: [] } },
      ...extra,
    }),
  );
}

async function startLiveCall(extra: Routes = {}, onCompleted?: () => void) {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const fetchMock = liveCallRoutes(extra);
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  renderPanel(lead, onCompleted);
  await waitFor(() => expect(callButton()).toBeEnabled());
  await user.click(callButton());
  await screen.findByText(/^Live • /, {}, { timeout: 3000 });
  return { user, fetchMock };
}

describe('VoiceDialerPanel: labels and disabled rules', () => {
  it('pre-selects the caller id, shows the To number and a ready Call button', async () => {
    mockApi(baseRoutes());
    renderPanel();
    expect(screen.getByText('Voice Dialer')).toBeInTheDocument();
    expect(screen.getByText('Not Ready')).toBeInTheDocument();
    expect(await screen.findByText('Ready')).toBeInTheDocument();
    expect(screen.getByText('Demo line')).toBeInTheDocument();
    expect(screen.getByText('Start a call to see live transcription')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('From Number')).toHaveValue('+15125550111'));
    expect(screen.getByLabelText('To Number')).toHaveValue('1 (555) 123-4567');
    await waitFor(() => expect(callButton()).toBeEnabled());
    expect(callButton()).toHaveTextContent('Call 1 (555) 123-4567');
    expect(statusBadge()).toHaveTextContent('Ready to Call');
    expect(screen.getByPlaceholderText('Take notes during the call...')).toHaveClass('min-h-[180px]', 'max-h-[300px]');
  });

  it('is disabled without organization numbers', async () => {
    mockApi(baseRoutes({ 'GET /api/phone-numbers': { body: { items: [] } }, 'GET /api/calls/caller-id?leadId=lead-1': { body: { phone_number: null, reason: 'none' } } }));
    renderPanel();
    expect(await screen.findByText(/No phone numbers configured for your organization/)).toBeInTheDocument();
    expect(screen.getByLabelText('From Number')).toBeDisabled();
    expect(callButton()).toBeDisabled();
  });

  it('shows Loading... and then a load error with a Retry that reloads the page', async () => {
    mockApi(baseRoutes({ 'GET /api/phone-numbers': () => ({ status: 500, body: { error: { code: 'X', message: 'Database down' } } }) }));
    const user = userEvent.setup();
    renderPanel();
    expect(screen.getByRole('option', { name: 'Loading...' })).toBeInTheDocument();
    expect(await screen.findByText('Failed to load phone numbers. Please try refreshing the page.')).toBeInTheDocument();
    expect(screen.getByText('Database down')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('is disabled for a lead without a phone number', async () => {
    mockApi(baseRoutes());
    renderPanel({ ...lead, phone: '' });
    expect(screen.getByLabelText('To Number')).toHaveValue('No phone number');
    await waitFor(() => expect(screen.getByLabelText('From Number')).toHaveValue('+15125550111'));
    expect(callButton()).toHaveTextContent(/^Call$/);
    expect(callButton()).toBeDisabled();
  });

  it('is disabled with the reason when the compliance check refuses', async () => {
    mockApi(baseRoutes({ 'GET /api/calls/check?leadId=lead-1&to=%2B15551234567': { body: { allowed: false, code: 'DNC_LISTED', reason: 'This lead is on the Do Not Call list' } } }));
    renderPanel();
    expect(await screen.findByText('This lead is on the Do Not Call list')).toBeInTheDocument();
    expect(callButton()).toBeDisabled();
  });

  it('is disabled with the reason while offline, and enabled again when the connection returns', async () => {
    mockApi(baseRoutes());
    renderPanel();
    await waitFor(() => expect(callButton()).toBeEnabled());
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(callButton()).toBeDisabled();
    expect(screen.getByTestId('call-offline')).toHaveTextContent('You are offline: calling is unavailable until the connection returns');
    offline.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(callButton()).toBeEnabled();
    expect(screen.queryByTestId('call-offline')).not.toBeInTheDocument();
  });

  it("toasts 'Cannot make call' with the server message and returns to Ready", async () => {
    mockApi(baseRoutes({ 'POST /api/calls': { status: 409, body: { error: { code: 'LEAD_ON_CALL', message: 'Another agent is on a call with this lead' } } } }));
    const user = userEvent.setup();
    renderPanel();
    await waitFor(() => expect(callButton()).toBeEnabled());
    await user.click(callButton());
    expect(await screen.findByText('Cannot make call')).toBeInTheDocument();
    expect(screen.getByText('Another agent is on a call with this lead')).toBeInTheDocument();
    expect(statusBadge()).toHaveTextContent('Ready to Call');
  });
});

describe('VoiceDialerPanel: a demo-line call', () => {
  it('dials, rings, goes live and counts seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = liveCallRoutes();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPanel();
    await waitFor(() => expect(callButton()).toBeEnabled());
    await user.click(callButton());
    await waitFor(() => expect(callButton()).toHaveTextContent('Ringing...'));
    expect(callButton()).toBeDisabled();
    expect(statusBadge()).toHaveTextContent('Connecting...');
    const post = fetchMock.mock.calls.find(([url, init]) => url === '/api/calls' && init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ lead_id: 'lead-1', from_e164: '+15125550111', to_e164: '+15551234567' });

    await act(() => vi.advanceTimersByTimeAsync(600));
    await waitFor(() => expect(statusBadge()).toHaveTextContent('Live • 0:00'));
    expect(screen.getByText('Call connected')).toBeInTheDocument();
    expect(callButton()).toHaveTextContent('End Call');
    expect(callButton()).toHaveClass('bg-destructive');
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(statusBadge()).toHaveTextContent('Live • 0:03');
  });

  it('records keypad digits from keys and buttons and sends each tone, but not while typing in the notes', async () => {
    const { user, fetchMock } = await startLiveCall();
    const readout = screen.getByLabelText('Keys pressed');
    await user.keyboard('5');
    expect(readout).toHaveTextContent('5');
    await user.click(screen.getByRole('button', { name: 'Key #' }));
    expect(readout).toHaveTextContent('5#');
    await user.click(screen.getByPlaceholderText('Take notes during the call...'));
    await user.keyboard('7');
    expect(screen.getByPlaceholderText('Take notes during the call...')).toHaveValue('7');
    expect(readout).toHaveTextContent(/^5#$/);
    const tones = fetchMock.mock.calls.filter(([url]) => url === '/api/calls/call-1/dtmf').map(([, init]) => JSON.parse(String(init?.body)));
    expect(tones).toEqual([{ digits: '5' }, { digits: '#' }]);
  });

  it('mutes and unmutes on the line with toasts', async () => {
    const { user, fetchMock } = await startLiveCall();
    await user.click(screen.getByRole('button', { name: 'Mute' }));
    expect(await screen.findByText('Microphone muted')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unmute' }));
    expect(await screen.findByText('Microphone unmuted')).toBeInTheDocument();
    const bodies = fetchMock.mock.calls.filter(([url]) => url === '/api/calls/call-1/mute').map(([, init]) => JSON.parse(String(init?.body)));
    expect(bodies).toEqual([{ muted: true }, { muted: false }]);
  });

  it("says 'Mute toggle failed' and 'Failed to send tone' when the line refuses", async () => {
    const refused = { status: 409, body: { error: { code: 'NO_ACTIVE_CALL', message: 'No active call' } } };
    const { user } = await startLiveCall({ 'POST /api/calls/call-1/mute': refused, 'POST /api/calls/call-1/dtmf': refused });
    await user.click(screen.getByRole('button', { name: 'Mute' }));
    expect(await screen.findByText('Mute toggle failed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mute' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Key 1' }));
    expect(await screen.findByText('Failed to send tone')).toBeInTheDocument();
  });

  it('shows both speakers of the live transcript, interim pieces merged into their final lines', async () => {
    const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, s)).toISOString();
    const chunk = (id: string, speaker: string, transcript: string, s: number, is_partial = false) => ({ id, call_sid: 'demo-1', transcript, timestamp: at(s), confidence: 0.93, speaker, is_partial });
    await startLiveCall({
      'GET /api/calls/by-sid/demo-1/transcriptions?limit=50': {
        body: { items: [chunk('a', 'lead', 'Hello?', 0), chunk('b', 'agent', 'Hi, is this', 1, true), chunk('c', 'agent', 'Hi, is this Ana?', 2), chunk('d', 'lead', 'What would you', 3, true)] },
      },
    });
    // The test's socket never opens: after the 5 s connect timeout the panel polls the transcript.
    await act(() => vi.advanceTimersByTimeAsync(5000));
    const transcript = await screen.findByRole('list', { name: 'Live transcript' });
    await waitFor(() => expect(within(transcript).getAllByRole('listitem').filter((li) => li.dataset.speaker)).toHaveLength(3));
    const items = within(transcript).getAllByRole('listitem').filter((li) => li.dataset.speaker);
    expect(items.map((li) => [li.dataset.speaker, li.querySelector('p')?.textContent])).toEqual([
      ['lead', 'Hello?'], ['agent', 'Hi, is this Ana?'], ['lead', 'What would you'],
    ]);
    expect(within(items[2]!).getByText('Partial')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Final')).toBeInTheDocument();
    expect(within(items[1]!).getByText('93%')).toBeInTheDocument();
    expect(screen.getByText('demo-1')).toBeInTheDocument();
  });

  it('ends the call and opens the post-call dialog with the duration and notes', async () => {
    const { user, fetchMock } = await startLiveCall();
    await user.type(screen.getByPlaceholderText('Take notes during the call...'), 'Wants to sell');
    await act(() => vi.advanceTimersByTimeAsync(3000));
    await user.click(callButton());
    const dialog = await screen.findByRole('dialog', { name: 'Post-Call Actions' });
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/calls/call-1/hangup' && init?.method === 'POST')).toBe(true);
    expect(within(dialog).getByText(/^0:0[34]$/)).toBeInTheDocument();
    expect(within(dialog).getByText('Wants to sell')).toBeInTheDocument();
    expect(screen.getByText('Call ended')).toBeInTheDocument();
    expect(statusBadge()).toHaveTextContent('Call Ended');
  });

  it('forces Ended 3 s after the hangup request when the server does not answer', async () => {
    const { user } = await startLiveCall();
    liveCallRoutes({ 'POST /api/calls/call-1/hangup': () => new Promise(() => {}), 'GET /api/calls/call-1': { body: { ...CALL, status: 'in-progress' } } });
    await user.click(callButton());
    expect(callButton()).toHaveTextContent('Ending...');
    expect(statusBadge()).toHaveTextContent('Ending Call...');
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(await screen.findByRole('dialog', { name: 'Post-Call Actions' })).toBeInTheDocument();
  });

  it('skipping the post-call dialog auto-completes after 10 s and resets to Ready', async () => {
    const onCompleted = vi.fn();
    const { user } = await startLiveCall({}, onCompleted);
    await user.click(callButton());
    const dialog = await screen.findByRole('dialog', { name: 'Post-Call Actions' });
    await user.click(within(dialog).getByRole('button', { name: 'Skip for Now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('The dialer resets for the next call in 10 seconds.')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(9_900));
    expect(statusBadge()).toHaveTextContent('Call Ended');
    expect(onCompleted).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(statusBadge()).toHaveTextContent('Ready to Call');
    expect(onCompleted).toHaveBeenCalledWith(expect.objectContaining({ callId: 'call-1', leadId: 'lead-1', notes: '' }));
  });

  it('does not auto-complete over unsaved notes, and the dialog can be reopened', async () => {
    const onCompleted = vi.fn();
    const { user } = await startLiveCall({}, onCompleted);
    await user.type(screen.getByPlaceholderText('Take notes during the call...'), 'Roof is old');
    await user.click(callButton());
    await user.click(within(await screen.findByRole('dialog', { name: 'Post-Call Actions' })).getByRole('button', { name: 'Skip for Now' }));
    expect(await screen.findByText(/Your notes are not saved yet/)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(onCompleted).not.toHaveBeenCalled();
    expect(statusBadge()).toHaveTextContent('Call Ended');
    await user.click(screen.getByRole('button', { name: 'Post-call actions' }));
    expect(within(await screen.findByRole('dialog', { name: 'Post-Call Actions' })).getByText('Roof is old')).toBeInTheDocument();
  });
});

describe('VoiceDialerPanel: the voice device', () => {
  it("shows 'Configuration Required' and keeps Call disabled when Twilio is chosen but not configured", async () => {
    mockApi(baseRoutes({ 'POST /api/voice/token': { status: 503, body: { error: { code: 'TWILIO_NOT_CONFIGURED', message: 'Voice calling requires Twilio configuration: missing Twilio credentials on the server' } } } }));
    renderPanel();
    expect(await screen.findByText('Configuration Required')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Voice calling requires Twilio configuration');
    expect(screen.getByText('Not Ready')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('From Number')).toHaveValue('+15125550111'));
    expect(callButton()).toBeDisabled();
  });
});
