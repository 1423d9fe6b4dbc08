import type { ConversationThread } from '@wholesail/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeLead, mockLeadsApi, toListItem } from '@/features/leads/test-fixtures';
import { makeMessage, makeThread, minutesAgo } from '@/features/conversations/test-fixtures';
import { FakeWebSocket } from '@/test/fake-websocket';
import { currentUrl, renderApp } from '@/test/render-app';

beforeAll(async () => {
  await import('./communications-page');
  await import('@/features/dialer/voice-dialer-panel');
});

describe('/communications', () => {
  const ana = makeLead({ id: 'lead-1', owner_1_name: 'Ana Owner', property_address_full: '12 Oak St', phone: '(555) 123-4567' });

  it('defaults to the dialer tab: search a lead, then the dialer panel shows', async () => {
    mockLeadsApi({
      'GET /api/leads': (url: URL) => ({ body: { items: url.searchParams.get('search') === 'ana' && url.searchParams.get('limit') === '10' ? [toListItem(ana)] : [], total: 1, total_exact: true } }),
      'GET /api/phone-numbers': { body: { items: [] } },
    });
    const user = userEvent.setup();
    renderApp('/communications');
    expect(await screen.findByRole('tab', { name: 'Dialer', selected: true }, { timeout: 5000 })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Search leads' }), 'ana');
    const results = await screen.findByRole('list', { name: 'Lead results' });
    await user.click(within(results).getByRole('button', { name: /Ana Owner/ }));
    expect(await screen.findByText('Voice Dialer', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByLabelText('To Number')).toHaveValue('1 (555) 123-4567');
  });

  it('shows the conversations tab from ?tab=conversations, and the dialer tab on click', async () => {
    mockLeadsApi({ 'GET /api/conversations/threads': { body: { items: [] } } });
    const user = userEvent.setup();
    const { router } = renderApp('/communications?tab=conversations');
    expect(await screen.findByText('No conversations yet', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Select a conversation')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Dialer' }));
    expect(router.state.location.search).toBe('?tab=send');
  });
});

const ana = makeLead({ id: 'lead-1', owner_1_name: 'Ana Owner', phone: '(555) 123-4567' });
const bob = makeLead({ id: 'lead-2', owner_1_name: 'Bob Seller', phone: '(512) 555-0199' });
const anaThread = makeThread({ lead_id: 'lead-1', lead_name: 'Ana Owner', last: { body: 'Sounds good', created_at: minutesAgo(5) } });
const bobThread = makeThread({ lead_id: 'lead-2', lead_name: 'Bob Seller', phone: '+15125550199', last: { body: 'Call me tomorrow', direction: 'outbound', status: 'delivered', created_at: minutesAgo(60) } });

/** The conversations API of two leads; `state` can be changed by a test to play the server. */
function mockConversations(state: { threads: ConversationThread[] }, extra: Parameters<typeof mockLeadsApi>[0] = {}) {
  return mockLeadsApi({
    'GET /api/leads/lead-1': { body: ana },
    'GET /api/leads/lead-2': { body: bob },
    'GET /api/conversations/threads': () => ({ body: { items: state.threads } }),
    'GET /api/conversations': (url: URL) => ({ body: { items: url.searchParams.get('lead_id') === 'lead-1' ? [makeMessage({ body: 'Sounds good', direction: 'inbound', status: 'received', read_at: minutesAgo(1) })] : [] } }),
    'GET /api/conversations/check': { body: { allowed: true } },
    'POST /api/conversations/lead-1/read': { status: 204 },
    'POST /api/conversations/lead-2/read': { status: 204 },
    ...extra,
  });
}

const threadRows = async () => within(await screen.findByRole('list', { name: 'Threads' }, { timeout: 5000 })).getAllByRole('listitem');

describe('/communications?tab=conversations', () => {
  it('opens the thread picked in the list and keeps it in the URL', async () => {
    mockConversations({ threads: [anaThread, bobThread] });
    const user = userEvent.setup();
    const { router } = renderApp('/communications?tab=conversations');
    const [first] = await threadRows();
    await user.click(within(first!).getByRole('button'));
    expect(currentUrl(router)).toBe('/communications?tab=conversations&lead=lead-1');
    const thread = await screen.findByRole('region', { name: 'Conversation with Ana Owner' });
    expect(await within(thread).findByText('Sounds good')).toBeInTheDocument();
  });

  it('opens the thread named in the URL', async () => {
    mockConversations({ threads: [anaThread, bobThread] });
    renderApp('/communications?tab=conversations&lead=lead-2');
    expect(await screen.findByRole('heading', { name: 'Bob Seller', level: 2 }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('No texts with Bob Seller yet')).toBeInTheDocument();
    const [, second] = await threadRows();
    expect(within(second!).getByRole('button')).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('link', { name: 'Export this conversation' })).toHaveAttribute('href', '/api/texts/export.csv?lead_id=lead-2');
    expect(screen.getByRole('link', { name: 'Export calls' })).toHaveAttribute('href', '/api/calls/export.csv');
  });

  it('starts a new text: pick a lead, its thread opens', async () => {
    mockConversations(
      { threads: [anaThread] },
      { 'GET /api/leads': (url: URL) => ({ body: { items: url.searchParams.get('search') === 'bob' ? [toListItem(bob)] : [], total: 1, total_exact: true } }) },
    );
    const user = userEvent.setup();
    const { router } = renderApp('/communications?tab=conversations');
    await threadRows();
    await user.click(screen.getAllByRole('button', { name: 'New text' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New text' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Search leads' }), 'bob');
    await user.click(await within(dialog).findByRole('button', { name: /Bob Seller/ }));
    expect(currentUrl(router)).toBe('/communications?tab=conversations&lead=lead-2');
    expect(await screen.findByRole('heading', { name: 'Bob Seller', level: 2 })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('moves a thread with a new inbound text to the top with its unread count, live', async () => {
    const state = { threads: [anaThread, bobThread] };
    mockConversations(state);
    renderApp('/communications?tab=conversations&lead=lead-1');
    expect((await threadRows())[0]).toHaveTextContent('Ana Owner');
    await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));

    // Bob replies: the server's thread list changes and the change feed says so.
    state.threads = [makeThread({ ...bobThread, unread_count: 1, last: { body: 'Actually, call me now', direction: 'inbound', status: 'received', created_at: minutesAgo(0) } }), anaThread];
    act(() => FakeWebSocket.instances.at(-1)!.receive({ table: 'conversations', op: 'INSERT', record: { lead_id: 'lead-2' } }));

    await waitFor(async () => expect((await threadRows())[0]).toHaveTextContent('Bob Seller'));
    const [top] = await threadRows();
    expect(top).toHaveTextContent('Actually, call me now');
    expect(within(top!).getByLabelText('1 unread')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Conversations/ })).toHaveTextContent('1');
  });
});
