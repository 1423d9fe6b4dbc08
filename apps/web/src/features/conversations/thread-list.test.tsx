import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { ThreadList } from './thread-list';
import { makeThread, minutesAgo, renderWithProviders } from './test-fixtures';

const ana = makeThread({ lead_id: 'lead-1', lead_name: 'Ana Owner', unread_count: 2, last: { body: 'Is the offer still open?', created_at: minutesAgo(5) } });
const bob = makeThread({
  lead_id: 'lead-2',
  lead_name: 'Bob Seller',
  phone: '+15125550199',
  dnc_status: true,
  last: { body: 'Thanks, talk soon', direction: 'outbound', status: 'delivered', created_at: minutesAgo(180) },
});
const unknown = makeThread({ lead_id: 'lead-3', lead_name: 'Unknown Lead', phone: '+15125550123', last: { body: 'Who is this?', created_at: minutesAgo(3 * 24 * 60) } });

function renderList(props: Partial<Parameters<typeof ThreadList>[0]> = {}) {
  const onSelect = vi.fn();
  const onNewText = vi.fn();
  const onSearchChange = vi.fn();
  renderWithProviders(<ThreadList search="" onSearchChange={onSearchChange} selectedLeadId={null} onSelect={onSelect} onNewText={onNewText} {...props} />);
  return { onSelect, onNewText, onSearchChange };
}

const rows = async () => within(await screen.findByRole('list', { name: 'Threads' })).getAllByRole('listitem');

describe('ThreadList', () => {
  it('shows one row per lead, newest first: name, preview, age, unread count and DNC badge', async () => {
    mockApi({ 'GET /api/conversations/threads?limit=50': { body: { items: [bob, unknown, ana] } } });
    renderList();
    const [first, second, third] = await rows();

    expect(first).toHaveTextContent('Ana Owner');
    expect(first).toHaveTextContent('Is the offer still open?');
    expect(first).toHaveTextContent('5m');
    expect(within(first!).getByLabelText('2 unread')).toHaveTextContent('2');
    expect(within(first!).queryByText('DNC')).not.toBeInTheDocument();
    expect(within(first!).queryByText('You:')).not.toBeInTheDocument();

    expect(second).toHaveTextContent('Bob Seller');
    expect(second).toHaveTextContent('You: Thanks, talk soon');
    expect(second).toHaveTextContent('3h');
    expect(within(second!).getByText('DNC')).toBeInTheDocument();
    expect(within(second!).queryByLabelText(/unread/)).not.toBeInTheDocument();

    // A sender not known by name shows as its number.
    expect(third).toHaveTextContent('1 (512) 555-0123');
    expect(third).toHaveTextContent('3d');
  });

  it('opens a thread on click and marks the selected one', async () => {
    mockApi({ 'GET /api/conversations/threads?limit=50': { body: { items: [ana, bob] } } });
    const user = userEvent.setup();
    const { onSelect } = renderList({ selectedLeadId: 'lead-2' });
    const [first, second] = await rows();
    expect(within(second!).getByRole('button')).toHaveAttribute('aria-current', 'true');
    expect(within(first!).getByRole('button')).not.toHaveAttribute('aria-current');
    await user.click(within(first!).getByRole('button'));
    expect(onSelect).toHaveBeenCalledWith('lead-1');
  });

  it('searches the threads by name or phone through the API', async () => {
    const fetchMock = mockApi({
      'GET /api/conversations/threads?limit=50': { body: { items: [ana, bob] } },
      'GET /api/conversations/threads?search=555-0199&limit=50': { body: { items: [bob] } },
    });
    renderList({ search: '555-0199' });
    const found = await rows();
    expect(found).toHaveLength(1);
    expect(found[0]).toHaveTextContent('Bob Seller');
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/conversations/threads?search=555-0199&limit=50');
  });

  it('passes typed text up and clears the search', async () => {
    mockApi({ 'GET /api/conversations/threads?search=zed&limit=50': { body: { items: [] } } });
    const user = userEvent.setup();
    const { onSearchChange } = renderList({ search: 'zed' });
    expect(await screen.findByText('No conversations match “zed”')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search conversations' }), 'x');
    expect(onSearchChange).toHaveBeenLastCalledWith('zedx');
    // The × in the box and the button of the empty state both clear it.
    const clears = screen.getAllByRole('button', { name: 'Clear search' });
    expect(clears).toHaveLength(2);
    for (const clear of clears) {
      onSearchChange.mockClear();
      await user.click(clear);
      expect(onSearchChange).toHaveBeenCalledWith('');
    }
  });

  it('says what to do when there are no conversations yet', async () => {
    mockApi({ 'GET /api/conversations/threads?limit=50': { body: { items: [] } } });
    const user = userEvent.setup();
    const { onNewText } = renderList();
    expect(await screen.findByText('No conversations yet')).toBeInTheDocument();
    expect(screen.getByText('Text a lead to start one. Replies from sellers show up here as they arrive.')).toBeInTheDocument();
    const buttons = screen.getAllByRole('button', { name: 'New text' });
    expect(buttons).toHaveLength(2);
    await user.click(buttons[1]!);
    expect(onNewText).toHaveBeenCalled();
  });
});
