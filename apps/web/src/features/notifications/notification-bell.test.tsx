import type { AppNotification } from '@wholesail/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { FakeWebSocket } from '@/test/fake-websocket';
import { ME, mockApi, SIGNED_IN_SESSION } from '@/test/mock-api';
import { currentUrl, renderApp } from '@/test/render-app';
import { NOTIFICATIONS_PATH } from './notifications-api';

beforeAll(async () => {
  await import('@/features/help/help-page');
});

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
const make = (over: Partial<AppNotification>): AppNotification => ({
  id: crypto.randomUUID(), kind: 'general', level: 'info', title: 'Notice', body: null, link: null, read_at: null, created_at: minutesAgo(1), ...over,
});

/** The server's side: the member's notifications (and those that arrive `later`), read and marked read as the routes do. */
function mockNotifications(items: AppNotification[], later: AppNotification[] = []) {
  const state = { items };
  const unread = () => state.items.filter((n) => n.read_at === null).length;
  const routes: Parameters<typeof mockApi>[0] = {
    'GET /api/auth/get-session': { body: SIGNED_IN_SESSION },
    'GET /api/me': { body: ME },
    [`GET ${NOTIFICATIONS_PATH}`]: () => ({ body: { items: state.items, unread_count: unread(), has_more: false } }),
    'POST /api/notifications/read-all': () => {
      const marked = unread();
      state.items = state.items.map((n) => ({ ...n, read_at: n.read_at ?? new Date().toISOString() }));
      return { body: { marked, unread_count: 0 } };
    },
  };
  for (const n of [...items, ...later]) {
    routes[`POST /api/notifications/${n.id}/read`] = () => {
      state.items = state.items.map((m) => (m.id === n.id ? { ...m, read_at: new Date().toISOString() } : m));
      return { body: state.items.find((m) => m.id === n.id) };
    };
  }
  return { state, fetchMock: mockApi(routes) };
}

const calls = (fetchMock: ReturnType<typeof mockApi>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => url === path && (init?.method ?? 'GET') === method).length;

/** The sidebar's bell (the phone's top bar has the same one; jsdom shows both). */
const bell = async (name: RegExp = /^Notifications/) => (await screen.findAllByRole('button', { name }))[0]!;
const openList = async () => {
  await userEvent.click(await bell());
  return screen.findByRole('dialog');
};

const imported = make({ kind: 'import.finished', level: 'success', title: 'Import finished: 2 leads added from list.csv', body: '1 lead updated.', link: '/leads', created_at: minutesAgo(5) });
const failed = make({ kind: 'import.finished', level: 'error', title: 'Import failed: The file is not valid CSV', created_at: minutesAgo(90) });
const old = make({ title: 'Welcome aboard', read_at: minutesAgo(60), created_at: minutesAgo(3 * 24 * 60) });

describe('the notification bell', () => {
  it('shows the unread count and lists the newest with level, body, time and unread emphasis', async () => {
    mockNotifications([imported, failed, old]);
    renderApp('/help');
    expect(await bell(/Notifications, 2 unread/)).toBeInTheDocument();
    expect(screen.getAllByTestId('notification-count')[0]).toHaveTextContent('2');

    const panel = await openList();
    const items = within(within(panel).getByRole('list', { name: 'Notifications' })).getAllByRole('listitem');
    expect(items.map((li) => li.dataset.unread)).toEqual(['true', 'true', 'false']);
    expect(items[0]).toHaveTextContent('Import finished: 2 leads added from list.csv');
    expect(items[0]).toHaveTextContent('1 lead updated.');
    expect(items[0]).toHaveTextContent('5 minutes ago');
    expect(within(items[0]!).getByRole('img', { name: 'Success' })).toBeInTheDocument();
    expect(within(items[1]!).getByRole('img', { name: 'Error' })).toBeInTheDocument();
    expect(within(items[1]!).getByRole('img', { name: 'Unread' })).toBeInTheDocument();
    expect(within(items[2]!).queryByRole('img', { name: 'Unread' })).not.toBeInTheDocument();
    expect(items[2]).toHaveTextContent('3 days ago');
  });

  it('opens what a notification is about and marks it read', async () => {
    const { fetchMock } = mockNotifications([imported, failed]);
    const { router } = renderApp('/help');
    const panel = await openList();
    await userEvent.click(within(panel).getByRole('link', { name: /Import finished/ }));
    await waitFor(() => expect(currentUrl(router)).toBe('/leads'));
    await waitFor(() => expect(calls(fetchMock, 'POST', `/api/notifications/${imported.id}/read`)).toBe(1));
    expect(await bell(/Notifications, 1 unread/)).toBeInTheDocument();
  });

  it('marks one without a link read in place', async () => {
    const { fetchMock } = mockNotifications([failed]);
    renderApp('/help');
    const panel = await openList();
    await userEvent.click(within(panel).getByRole('button', { name: /Import failed/ }));
    await waitFor(() => expect(calls(fetchMock, 'POST', `/api/notifications/${failed.id}/read`)).toBe(1));
    expect(await bell(/^Notifications$/)).toBeInTheDocument();
  });

  it('marks all as read', async () => {
    const { fetchMock } = mockNotifications([imported, failed, old]);
    renderApp('/help');
    const panel = await openList();
    await userEvent.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(calls(fetchMock, 'POST', '/api/notifications/read-all')).toBe(1));
    await waitFor(() => expect(screen.queryAllByTestId('notification-count')).toEqual([]));
    expect(within(panel).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    expect(within(panel).getAllByRole('listitem').map((li) => li.dataset.unread)).toEqual(['false', 'false', 'false']);
  });

  it("says you're all caught up when there is none", async () => {
    mockNotifications([]);
    renderApp('/help');
    const panel = await openList();
    expect(within(panel).getByText("You're all caught up")).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    expect(screen.queryAllByTestId('notification-count')).toEqual([]);
  });

  it('counts a new one live when the change feed tells of an insert, with a quiet toast', async () => {
    const arrived = make({ kind: 'task.due', title: 'Follow-up due: Ana Owner', body: 'Callback requested', link: '/leads/lead-1', created_at: minutesAgo(0) });
    const { state } = mockNotifications([old], [arrived]);
    renderApp('/help');
    expect(await bell(/^Notifications$/)).toBeInTheDocument();
    await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));

    state.items = [arrived, ...state.items];
    act(() => FakeWebSocket.instances.at(-1)!.receive({ table: 'system_notifications', op: 'INSERT', record: { id: arrived.id } }));

    expect(await bell(/Notifications, 1 unread/)).toBeInTheDocument();
    expect(await screen.findByText('Follow-up due: Ana Owner')).toBeInTheDocument();
    expect(screen.getByText('Callback requested')).toBeInTheDocument();

    // Opening the list takes the toast away at once (well before its 5 s are up): the list says the same.
    const panel = await openList();
    expect(within(panel).getByText('Follow-up due: Ana Owner')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('Follow-up due: Ana Owner')).toHaveLength(1), { timeout: 1500 });
  });

  it('marks a text read at once, with no toast, when its thread is the screen open', async () => {
    const thread = '/communications?tab=conversations&lead=lead-1';
    const text = make({ kind: 'text.received', title: 'New text from Ana Owner', body: 'Is your offer still open?', link: thread, created_at: minutesAgo(0) });
    const other = make({ kind: 'text.received', title: 'New text from Bob Seller', link: '/communications?tab=conversations&lead=lead-2', created_at: minutesAgo(0) });
    const { state, fetchMock } = mockNotifications([], [text, other]);
    renderApp(thread);
    expect(await bell(/^Notifications$/)).toBeInTheDocument();
    await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));

    state.items = [text, other];
    act(() => FakeWebSocket.instances.at(-1)!.receive({ table: 'system_notifications', op: 'INSERT', record: { id: text.id } }));

    // Bob's thread is not open: his text is announced; Ana's is read without a word.
    expect(await screen.findByText('New text from Bob Seller')).toBeInTheDocument();
    await waitFor(() => expect(calls(fetchMock, 'POST', `/api/notifications/${text.id}/read`)).toBe(1));
    expect(screen.queryByText('New text from Ana Owner')).not.toBeInTheDocument();
    expect(calls(fetchMock, 'POST', `/api/notifications/${other.id}/read`)).toBe(0);
    expect(await bell(/Notifications, 1 unread/)).toBeInTheDocument();
  });
});
