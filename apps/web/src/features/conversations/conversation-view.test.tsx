import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LEAD_DNC_REASON } from '@/features/do-not-contact/messages';
import { makeLead } from '@/features/leads/test-fixtures';
import { queryKeys } from '@/lib/query-keys';
import { mockApi } from '@/test/mock-api';
import { ConversationView } from './conversation-view';
import { makeMessage, minutesAgo, postedBodies, renderWithProviders } from './test-fixtures';

afterEach(() => {
  toast.dismiss();
  vi.useRealTimers();
});

const HOURS = 'Texas allows telephone solicitation 9:00 AM–9:00 PM Monday–Saturday (Tex. Bus. & Com. Code § 301.051); it is 7:12 AM there (CT). Calling opens at 9:00 AM today.';
const lead = makeLead({ id: 'lead-1', owner_1_name: 'Ana Owner', phone: '(555) 123-4567', property_address: '12 Oak St', property_address_full: '12 Oak St, Austin, TX 78701' });

type Routes = Parameters<typeof mockApi>[0];
function routes(overrides: Routes = {}): Routes {
  return {
    'GET /api/leads/lead-1': { body: lead },
    'GET /api/conversations?lead_id=lead-1': { body: { items: [] } },
    'GET /api/conversations/check?leadId=lead-1': { body: { allowed: true } },
    'POST /api/conversations/lead-1/read': { status: 204 },
    ...overrides,
  };
}

function renderView(overrides: Routes = {}, showHeader = true) {
  const fetchMock = mockApi(routes(overrides));
  const view = renderWithProviders(<ConversationView leadId="lead-1" showHeader={showHeader} />);
  return { fetchMock, user: userEvent.setup(), ...view };
}

const messageBox = () => screen.getByRole('textbox', { name: 'Message' });
const sendButton = () => screen.getByRole('button', { name: 'Send' });
const bubbles = () => Array.from(screen.getByRole('list', { name: 'Messages' }).querySelectorAll<HTMLElement>('li[data-direction]'));

describe('ConversationView: the thread', () => {
  it('shows the header: name, formatted phone, Call and a link to the lead', async () => {
    renderView();
    expect(await screen.findByRole('heading', { name: 'Ana Owner', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('1 (555) 123-4567')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open lead' })).toHaveAttribute('href', '/leads/lead-1');
    expect(screen.getByRole('button', { name: 'Call' })).toBeEnabled();
    expect(screen.queryByText('DNC')).not.toBeInTheDocument();
  });

  it('puts the lead’s texts on the left and the agent’s on the right, each with its time and status', async () => {
    // Mid-afternoon, so the texts of the last hour are all 'Today' whatever the real clock says.
    vi.useFakeTimers({ now: new Date(2026, 5, 10, 15, 0, 0), toFake: ['Date'] });
    const items = [
      makeMessage({ id: 'm1', direction: 'inbound', status: 'received', body: 'Who is this?', created_at: minutesAgo(50), read_at: minutesAgo(40) }),
      makeMessage({ id: 'm2', status: 'delivered', body: 'Hi Ana, about 12 Oak St', created_at: minutesAgo(45) }),
      makeMessage({ id: 'm3', status: 'sent', body: 'Are you there?', created_at: minutesAgo(30) }),
      makeMessage({ id: 'm4', status: 'queued', body: 'Just checking', created_at: minutesAgo(20) }),
      makeMessage({ id: 'm5', status: 'failed', body: 'Last try', error: 'Carrier rejected the message', created_at: minutesAgo(10) }),
    ];
    renderView({ 'GET /api/conversations?lead_id=lead-1': { body: { items } } });
    await screen.findByText('Who is this?');
    const rows = bubbles();
    expect(rows.map((row) => row.dataset.direction)).toEqual(['inbound', 'outbound', 'outbound', 'outbound', 'outbound']);
    expect(rows[0]).toHaveClass('justify-start');
    expect(rows[1]).toHaveClass('justify-end');
    expect(rows.map((row) => within(row).getByTestId('message-status').textContent)).toEqual([
      'Received',
      'Delivered',
      'Sent',
      'Queued',
      'Failed: Carrier rejected the message',
    ]);
    expect(rows[0]!.querySelector('time')).toHaveAttribute('dateTime', items[0]!.created_at);
    expect(within(rows[0]!).getByText('Ana Owner:')).toHaveClass('sr-only');
    expect(screen.getByRole('separator', { name: 'Today' })).toBeInTheDocument();
  });

  it('says what to do when there are no texts yet', async () => {
    renderView();
    expect(await screen.findByText('No texts with Ana Owner yet')).toBeInTheDocument();
    expect(screen.getByText('Write the first message below, or start from a template. Replies show up here as they arrive.')).toBeInTheDocument();
  });

  it('says so when the lead does not exist', async () => {
    renderView({ 'GET /api/leads/lead-1': { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Lead not found' } } } });
    expect(await screen.findByText('Lead not found')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
  });
});

describe('ConversationView: sending', () => {
  it('posts the typed body on Enter, shows the text in the thread and toasts', async () => {
    const sent = makeMessage({ id: 'm9', body: 'Hi Ana, still interested?', status: 'queued', created_at: new Date().toISOString() });
    const items: unknown[] = [];
    const { fetchMock, user } = renderView({
      'GET /api/conversations?lead_id=lead-1': () => ({ body: { items } }),
      'POST /api/conversations': () => {
        items.push(sent);
        return { status: 201, body: sent };
      },
    });
    await screen.findByRole('textbox', { name: 'Message' });
    expect(sendButton()).toBeDisabled(); // nothing typed yet
    await user.type(messageBox(), 'Hi Ana, still interested?');
    expect(sendButton()).toBeEnabled();
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Message sent')).toBeInTheDocument();
    expect(postedBodies(fetchMock, '/api/conversations')).toEqual([{ lead_id: 'lead-1', body: 'Hi Ana, still interested?' }]);
    const [bubble] = bubbles();
    expect(bubble).toHaveTextContent('Hi Ana, still interested?');
    expect(bubble!.dataset.direction).toBe('outbound');
    expect(within(bubble!).getByTestId('message-status')).toHaveTextContent('Queued');
    expect(messageBox()).toHaveValue('');
  });

  it('adds a line on Shift+Enter and sends with the Send button', async () => {
    const { fetchMock, user } = renderView({ 'POST /api/conversations': (init) => ({ status: 201, body: makeMessage({ id: 'm9', body: JSON.parse(String(init?.body)).body }) }) });
    await screen.findByRole('textbox', { name: 'Message' });
    await user.type(messageBox(), 'Line one{Shift>}{Enter}{/Shift}Line two');
    expect(messageBox()).toHaveValue('Line one\nLine two');
    expect(postedBodies(fetchMock, '/api/conversations')).toEqual([]);
    await user.click(sendButton());
    await screen.findByText('Message sent');
    expect(postedBodies(fetchMock, '/api/conversations')).toEqual([{ lead_id: 'lead-1', body: 'Line one\nLine two' }]);
  });

  it('toasts the server’s refusal, keeps the text and asks the check again', async () => {
    let checks = 0;
    const { fetchMock, user } = renderView({
      'GET /api/conversations/check?leadId=lead-1': () => {
        checks += 1;
        return { body: checks === 1 ? { allowed: true } : { allowed: false, code: 'OUTSIDE_CALLING_HOURS', reason: HOURS } };
      },
      'POST /api/conversations': { status: 409, body: { error: { code: 'OUTSIDE_CALLING_HOURS', message: HOURS } } },
    });
    await screen.findByRole('textbox', { name: 'Message' });
    await waitFor(() => expect(checks).toBe(1));
    await user.type(messageBox(), 'Are you free today?{Enter}');

    expect(await screen.findByText('Message failed')).toBeInTheDocument();
    expect(screen.getAllByText(HOURS).length).toBeGreaterThanOrEqual(1);
    expect(postedBodies(fetchMock, '/api/conversations')).toHaveLength(1);
    // The check answers "outside hours" now: the composer is off and says why, the text is kept.
    expect(await screen.findByRole('alert')).toHaveTextContent(HOURS);
    expect(messageBox()).toHaveValue('Are you free today?');
    expect(messageBox()).toBeDisabled();
    expect(screen.queryByRole('list', { name: 'Messages' })).not.toBeInTheDocument(); // no "Sending…" bubble left behind
  });
});

describe('ConversationView: composer rules', () => {
  it('is disabled with the DNC reason before anything is typed', async () => {
    renderView({ 'GET /api/conversations/check?leadId=lead-1': { body: { allowed: false, code: 'DNC_LISTED', reason: LEAD_DNC_REASON } } });
    expect(await screen.findByRole('alert')).toHaveTextContent('This lead is on the Do Not Call list');
    expect(messageBox()).toBeDisabled();
    expect(sendButton()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Templates' })).toBeDisabled();
  });

  it('is disabled at once for a lead flagged DNC, with the DNC badge in the header', async () => {
    renderView({ 'GET /api/leads/lead-1': { body: { ...lead, dnc_status: true } }, 'GET /api/conversations/check?leadId=lead-1': { status: 500, body: {} } });
    expect(await screen.findByRole('alert')).toHaveTextContent(LEAD_DNC_REASON);
    expect(messageBox()).toBeDisabled();
    expect(within(screen.getByRole('banner')).getByText('DNC')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Call: ${LEAD_DNC_REASON}` })).toHaveAttribute('aria-disabled', 'true');
  });

  it("opens the DNC badge on a tap: which of the lead's numbers are listed, why, and the way to the list", async () => {
    const listed = { phone_e164: '+15551234567', source: 'sms_opt_out', reason: 'STOP', created_at: '2025-03-04T10:00:00.000Z' };
    const { user } = renderView({ 'GET /api/leads/lead-1': { body: { ...lead, dnc_status: true, dnc_numbers: [listed] } } });
    await user.click(await within(await screen.findByRole('banner')).findByRole('button', { name: 'DNC: why' }));
    const panel = await screen.findByRole('dialog');
    expect(panel).toHaveTextContent('1 (555) 123-4567');
    expect(panel).toHaveTextContent('Opted out by text, Mar 4, 2025');
    expect(panel).toHaveTextContent('“STOP”');
    expect(within(panel).getByRole('link', { name: 'See 1 (555) 123-4567 on the Do Not Contact list' })).toHaveAttribute(
      'href',
      '/settings/voice-dialer/do-not-contact?search=%2B15551234567',
    );
  });

  it('is disabled outside calling hours and for a lead without a phone number', async () => {
    renderView({ 'GET /api/conversations/check?leadId=lead-1': { body: { allowed: false, code: 'NO_PHONE', reason: 'This lead has no valid phone number' } } });
    expect(await screen.findByRole('alert')).toHaveTextContent('This lead has no valid phone number');
    expect(messageBox()).toBeDisabled();
  });

  it('is disabled with the reason while offline, and comes back with the connection', async () => {
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderView();
    expect(await screen.findByRole('alert')).toHaveTextContent('You are offline: texting is unavailable until the connection returns');
    expect(messageBox()).toBeDisabled();
    expect(sendButton()).toBeDisabled();
    offline.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(messageBox()).toBeEnabled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('fills a template with the lead’s first name and street address', async () => {
    const { user } = renderView();
    await screen.findByRole('heading', { name: 'Ana Owner' });
    await user.click(screen.getByRole('button', { name: 'Templates' }));
    await user.click(await screen.findByRole('menuitem', { name: /Introduction/ }));
    const filled = 'Hi Ana, this is about 12 Oak St. Would you consider a cash offer for it? Reply STOP to opt out.';
    expect(messageBox()).toHaveValue(filled);
    expect(screen.getByTestId('sms-counter')).toHaveTextContent(`${filled.length} / 1600`);
    await waitFor(() => expect(messageBox()).toHaveFocus());
  });

  it('falls back to the template’s defaults when the lead has no name or address', async () => {
    const { user } = renderView({ 'GET /api/leads/lead-1': { body: makeLead({ id: 'lead-1', phone: '5551234567' }) } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Templates' })).toBeEnabled());
    await user.type(messageBox(), 'Hello!');
    await user.click(screen.getByRole('button', { name: 'Templates' }));
    await user.click(await screen.findByRole('menuitem', { name: /Follow-up/ }));
    expect(messageBox()).toHaveValue('Hello! Hi there, following up on your property. Is now still a good time to talk?');
  });

  it('counts characters up to 1,600 and refuses more', async () => {
    const { user } = renderView();
    await screen.findByRole('heading', { name: 'Ana Owner' });
    const counter = screen.getByTestId('sms-counter');
    expect(counter).toHaveTextContent('0 / 1600');
    await user.type(messageBox(), 'Hi');
    expect(counter).toHaveTextContent('2 / 1600');

    fireEvent.change(messageBox(), { target: { value: 'x'.repeat(1600) } });
    expect(counter).toHaveTextContent('1600 / 1600');
    await waitFor(() => expect(sendButton()).toBeEnabled());
    expect(messageBox()).not.toHaveAttribute('aria-invalid');

    fireEvent.change(messageBox(), { target: { value: 'x'.repeat(1601) } });
    expect(counter).toHaveTextContent('1601 / 1600');
    expect(sendButton()).toBeDisabled();
    expect(messageBox()).toHaveAttribute('aria-invalid', 'true');
    expect(messageBox()).toHaveAccessibleDescription('A text message can be at most 1,600 characters');
  });
});

describe('ConversationView: read marks', () => {
  it('marks the thread read on open, and again when a new text arrives while it is open', async () => {
    let items = [makeMessage({ id: 'm1', direction: 'inbound', status: 'received', body: 'Hello?', read_at: null })];
    const { fetchMock, client } = renderView({ 'GET /api/conversations?lead_id=lead-1': () => ({ body: { items } }) });
    const reads = () => postedBodies(fetchMock, '/api/conversations/lead-1/read').length;
    await screen.findByText('Hello?');
    await waitFor(() => expect(reads()).toBe(1));

    // The server marked it read; a refresh changes nothing.
    items = [{ ...items[0]!, read_at: minutesAgo(0) }];
    await client.invalidateQueries({ queryKey: queryKeys.conversations.all });
    await waitFor(() => expect(reads()).toBe(1));

    // A new reply arrives (the realtime feed refreshes the thread).
    items = [...items, makeMessage({ id: 'm2', direction: 'inbound', status: 'received', body: 'Still there?', read_at: null, created_at: minutesAgo(0) })];
    await client.invalidateQueries({ queryKey: queryKeys.conversations.all });
    await screen.findByText('Still there?');
    await waitFor(() => expect(reads()).toBe(2));
  });

  it('marks a thread read once even without unread texts', async () => {
    const { fetchMock } = renderView({}, false);
    await screen.findByText('No texts with Ana Owner yet');
    await waitFor(() => expect(postedBodies(fetchMock, '/api/conversations/lead-1/read')).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Ana Owner' })).not.toBeInTheDocument(); // no header in the lead page/dialog
  });
});
