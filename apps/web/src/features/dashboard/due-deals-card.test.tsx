import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { deal, mockDealsApi } from '@/features/deals/test-fixtures';
import { todayIso } from '@/features/deals/deadlines';
import { renderApp } from '@/test/render-app';

beforeAll(async () => {
  await import('./dashboard-page');
});

const stats = { total_leads: 3, new_leads_count: 1, high_motivation_count: 1, avg_property_value: 200000, leads_with_values: 3 };
const HOME = { 'GET /api/leads/stats': { body: stats }, 'GET /api/leads/top': { body: { items: [] } }, 'GET /api/tasks': { body: { items: [] } } };
const dayFromToday = (days: number) => todayIso(new Date(Date.now() + days * 86_400_000));

describe('dashboard: deals needing action today', () => {
  it('lists each deal with its next deadline, in red when passed and amber when close, linking to the deal', async () => {
    mockDealsApi({
      ...HOME,
      'GET /api/deals/due': {
        body: {
          items: [
            { ...deal({ id: 'deal-1', lead_name: 'Ana Owner', stage: 'under_contract' }), next_deadline: { kind: 'earnest_money', date: dayFromToday(-1) } },
            { ...deal({ id: 'deal-2', lead_name: 'Bo Seller', stage: 'assigned' }), next_deadline: { kind: 'closing', date: dayFromToday(2) } },
          ],
        },
      },
    });
    renderApp('/dashboard');
    const list = await screen.findByRole('list', { name: 'Deals needing action' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByRole('link', { name: 'Ana Owner' })).toHaveAttribute('href', '/deals/deal-1');
    expect(first).toHaveTextContent('Under contract');
    expect(within(first!).getByText('1 day overdue').closest('[data-tone]')).toHaveAttribute('data-tone', 'destructive');
    expect(within(second!).getByText('in 2 days').closest('[data-tone]')).toHaveAttribute('data-tone', 'warning');
    expect(second).toHaveTextContent('Closing');
  });

  it('says so in words when no deal needs action', async () => {
    mockDealsApi({ ...HOME, 'GET /api/deals/due': { body: { items: [] } } });
    renderApp('/dashboard');
    expect(
      await screen.findByText('No deals need action today. Deals with an earnest-money, inspection or closing date within 3 days will show up here.'),
    ).toBeInTheDocument();
  });
});
