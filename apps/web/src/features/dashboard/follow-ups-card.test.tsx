import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockLeadsApi, requestedUrls } from '@/features/leads/test-fixtures';
import type { Task } from '@/features/tasks/tasks-api';
import { renderApp } from '@/test/render-app';

beforeAll(async () => {
  await import('./dashboard-page');
});

const stats = { total_leads: 3, new_leads_count: 1, high_motivation_count: 1, avg_property_value: 200000, leads_with_values: 3 };
const HOUR = 3_600_000;

function task(overrides: Partial<Task>): Task {
  return {
    id: 't', lead_id: 'lead-1', lead_name: 'Lead', task_type: 'follow_up', proposed_time: new Date().toISOString(), status: 'pending',
    suggested_message: null, reason: null, created_at: '2025-03-04T10:00:00.000Z', ...overrides,
  };
}

describe('dashboard follow-ups', () => {
  it('lists overdue follow-ups first in red, links the lead and expands the suggested message', async () => {
    const later = task({ id: 't-later', lead_id: 'lead-2', lead_name: 'Bob Later', proposed_time: new Date(Date.now() + 3 * 24 * HOUR).toISOString() });
    const overdue = task({ id: 't-overdue', lead_id: 'lead-1', lead_name: 'Ana Overdue', proposed_time: new Date(Date.now() - 2 * HOUR).toISOString(), suggested_message: 'Hi Ana, checking in.' });
    const fetchMock = mockLeadsApi({
      'GET /api/leads/stats': { body: stats },
      'GET /api/leads/top': { body: { items: [] } },
      // The server sends soonest first; the card still puts overdue first.
      'GET /api/tasks': { body: { items: [later, overdue] } },
    });
    renderApp('/dashboard');
    const list = await screen.findByRole('list', { name: 'Follow-ups' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Ana Overdue');
    expect(within(items[0]!).getByText('Overdue')).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Bob Later');
    expect(within(items[1]!).queryByText('Overdue')).not.toBeInTheDocument();
    expect(within(items[0]!).getByRole('link', { name: 'Ana Overdue' })).toHaveAttribute('href', '/leads/lead-1');
    expect(within(items[0]!).getByText('2 hours ago')).toBeInTheDocument();

    expect(screen.queryByText('Hi Ana, checking in.')).not.toBeInTheDocument();
    await userEvent.setup().click(within(items[0]!).getByRole('button', { name: 'Show suggested message' }));
    expect(screen.getByText('Hi Ana, checking in.')).toBeInTheDocument();
    expect(requestedUrls(fetchMock, '/api/tasks')[0]?.searchParams.get('status')).toBe('pending');
  });

  it('marks a follow-up done with PATCH and refreshes the list', async () => {
    let items = [task({ id: 't-1', lead_name: 'Ana Today', proposed_time: new Date(Date.now() + 60_000).toISOString() })];
    const fetchMock = mockLeadsApi({
      'GET /api/leads/stats': { body: stats },
      'GET /api/leads/top': { body: { items: [] } },
      'GET /api/tasks': () => ({ body: { items } }),
      'PATCH /api/tasks/t-1': () => {
        items = [];
        return { body: { ...task({ id: 't-1' }), status: 'done' } };
      },
    });
    renderApp('/dashboard');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Mark done: Ana Today' }));
    expect(await screen.findByText('No follow-ups due. Calls you log with a follow-up date will show up here.')).toBeInTheDocument();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(patch?.[0]).toBe('/api/tasks/t-1');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ status: 'done' });
  });
});
