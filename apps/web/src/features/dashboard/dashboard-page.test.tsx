import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ME } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { makeLead, mockLeadsApi } from '@/features/leads/test-fixtures';
import { today } from './today.fixtures';

beforeAll(async () => {
  await import('./dashboard-page');
});

const stats = { total_leads: 1234, new_leads_count: 56, high_motivation_count: 78, avg_property_value: 312345.6, leads_with_values: 900 };
const top = {
  ...makeLead({ id: 'a', owner_1_name: 'Ana Owner', property_address_full: '12 Oak St' }),
  composite_score: 98,
  score_breakdown: [{ term: 'motivation', label: 'Motivation 9 × 10', points: 90 }],
};

describe('dashboard', () => {
  it('shows today above the lead statistics and the top leads', async () => {
    mockLeadsApi({ 'GET /api/leads/stats': { body: stats }, 'GET /api/leads/top': { body: { items: [top] } }, 'GET /api/dashboard/today': { body: today() } });
    renderApp('/dashboard');
    const cards = await screen.findByRole('region', { name: 'Lead statistics' });
    expect(within(cards).getByText('Total leads').nextSibling).toHaveTextContent('1,234');
    expect(within(cards).getByText('New this week').nextSibling).toHaveTextContent('56');
    expect(within(cards).getByText('High motivation').nextSibling).toHaveTextContent('78');
    expect(within(cards).getByText('Average property value').nextSibling).toHaveTextContent('$312,346');
    expect(within(cards).getByText('Across 900 leads with a value')).toBeInTheDocument();

    expect(await screen.findByText('Ana Owner')).toBeInTheDocument();
    expect(screen.getByLabelText('Composite score 98')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /View all/ })).toHaveAttribute('href', '/top10');
    expect(await screen.findByText('No follow-ups due today. Calls you log with a follow-up date show up here on that day.')).toBeInTheDocument();
    const [todayHeading, statisticsHeading] = screen.getAllByRole('heading', { level: 2 });
    expect([todayHeading?.textContent, statisticsHeading?.textContent]).toEqual(['Today, Wednesday, April 15', 'Statistics']);
    expect(screen.getByText(/Ana/, { selector: 'h1' })).toBeInTheDocument();
    expect(screen.queryByText('Recent activity')).not.toBeInTheDocument();
  });

  it('keeps the getting-started guidance while there are no leads', async () => {
    mockLeadsApi({ 'GET /api/leads/stats': { body: { ...stats, total_leads: 0, new_leads_count: 0, high_motivation_count: 0, avg_property_value: null, leads_with_values: 0 } } });
    renderApp('/dashboard');
    expect(await screen.findByText('No leads yet')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Lead statistics' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /^Today/ })).not.toBeInTheDocument();
  });

  it('still offers to create an organization to a user without one', async () => {
    mockLeadsApi({ 'GET /api/me': { body: { ...ME, organization: null, role: null } } });
    renderApp('/dashboard');
    expect(await screen.findByText('You are not part of an organization yet.')).toBeInTheDocument();
    expect(screen.queryByText('Total leads')).not.toBeInTheDocument();
  });
});
