import type { ActivityEntry, ActivityPage } from '@wholesail/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { FakeWebSocket } from '@/test/fake-websocket';
import { renderApp } from '@/test/render-app';
import { makeLead, mockLeadsApi, requestedUrls } from './test-fixtures';

beforeAll(async () => {
  await import('./lead-detail-page');
});

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const entry = (id: string, over: Partial<ActivityEntry> = {}): ActivityEntry => ({
  id, action: 'lead.updated', kind: 'edit', actor: { id: 'user-1', name: 'Dana Agent' }, summary: `Entry ${id}`, created_at: minutesAgo(5),
  links: { call_id: null, conversation_id: null }, ...over,
});
const lead = makeLead({ id: 'lead-1', owner_1_name: 'Ana Owner' });

/** The lead page with its timeline answered from `pages` (by cursor: '' is the first page). */
function openTimeline(pages: Record<string, ActivityPage>) {
  const fetchMock = mockLeadsApi({
    'GET /api/leads/lead-1': { body: lead },
    'GET /api/leads/lead-1/activity': (url: URL) => ({ body: pages[url.searchParams.get('cursor') ?? ''] }),
  });
  renderApp('/leads/lead-1');
  return fetchMock;
}
const rows = async () => within(await screen.findByRole('list', { name: 'Lead activity' })).getAllByRole('listitem');

describe('lead activity timeline', () => {
  it('shows each entry with its sentence, who did it, when, and a link to the conversation of a text', async () => {
    openTimeline({
      '': {
        items: [
          entry('e2', { action: 'sms.received', kind: 'text', actor: { id: null, name: 'System' }, summary: 'Text received: “Call me”', created_at: minutesAgo(2), links: { call_id: null, conversation_id: 'c-1' } }),
          entry('e1', { action: 'call.completed', kind: 'call', summary: 'Call: Interested (1:35)', created_at: minutesAgo(60 * 26) }),
        ],
        next_cursor: null,
      },
    });
    const [text, call] = await rows();
    expect(text).toHaveTextContent('Text received: “Call me”');
    expect(text).toHaveTextContent('System');
    expect(text).toHaveTextContent('2 minutes ago');
    expect(within(text!).getByLabelText('text')).toBeInTheDocument();
    expect(within(text!).getByRole('link', { name: 'Open conversation' })).toHaveAttribute('href', '/communications?tab=conversations&lead=lead-1');
    expect(call).toHaveTextContent('Call: Interested (1:35)');
    expect(call).toHaveTextContent('Dana Agent');
    expect(call).toHaveTextContent('yesterday');
    expect(within(call!).getByLabelText('call')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows a new entry as it happens: an activity_logs change on the realtime feed refetches the timeline', async () => {
    const pages: Record<string, ActivityPage> = { '': { items: [entry('e1', { summary: 'Created the lead', kind: 'created' })], next_cursor: null } };
    openTimeline(pages);
    expect(await rows()).toHaveLength(1);
    await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));

    pages[''] = { items: [entry('e2', { summary: 'Marked Do Not Call after a call', kind: 'dnc', created_at: minutesAgo(0) }), ...pages['']!.items], next_cursor: null };
    act(() => FakeWebSocket.instances.at(-1)!.receive({ table: 'activity_logs', op: 'INSERT', record: { entity_id: 'lead-1' } }));

    await waitFor(async () => expect(await rows()).toHaveLength(2));
    expect((await rows())[0]).toHaveTextContent('Marked Do Not Call after a call');
    expect((await rows())[0]).toHaveTextContent('just now');
  });

  it('loads older entries with "Load more" from the cursor of the last page', async () => {
    const fetchMock = openTimeline({
      '': { items: [entry('e3'), entry('e2')], next_cursor: 'cursor-2' },
      'cursor-2': { items: [entry('e1', { summary: 'Created the lead', kind: 'created' })], next_cursor: null },
    });
    expect(await rows()).toHaveLength(2);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(async () => expect(await rows()).toHaveLength(3));
    expect((await rows())[2]).toHaveTextContent('Created the lead');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(requestedUrls(fetchMock, '/api/leads/lead-1/activity').map((u) => u.searchParams.get('cursor'))).toEqual([null, 'cursor-2']);
  });

  it('says when there is nothing yet', async () => {
    openTimeline({ '': { items: [], next_cursor: null } });
    expect(await screen.findByText('No activity yet.')).toBeInTheDocument();
  });

  it('says why the timeline could not load, with Retry', async () => {
    mockLeadsApi({
      'GET /api/leads/lead-1': { body: lead },
      'GET /api/leads/lead-1/activity': { status: 500, body: { error: { code: 'INTERNAL', message: 'Database unavailable' } } },
    });
    renderApp('/leads/lead-1');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the activity: Database unavailable');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
