import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { makeLead, mockLeadsApi } from '@/features/leads/test-fixtures';

beforeAll(async () => {
  await import('./top10-page');
});

const first = {
  ...makeLead({ id: 'a', owner_1_name: 'Ana Owner', property_address_full: '12 Oak St', motivation_score: 9 }),
  composite_score: 113,
  score_breakdown: [
    { term: 'motivation', label: 'Motivation 9 × 10', points: 90 },
    { term: 'pre_foreclosure', label: 'Pre-foreclosure', points: 15 },
    { term: 'status', label: 'Status new', points: 8 },
  ],
};
const second = {
  ...makeLead({ id: 'b', owner_1_name: 'Bob Owner', property_address_full: '3 Elm Rd', motivation_score: 4 }),
  composite_score: 45,
  score_breakdown: [{ term: 'motivation', label: 'Motivation 4 × 10', points: 40 }, { term: 'contact_info', label: 'Phone on file', points: 5 }],
};

describe('/top10', () => {
  it('ranks the leads with their composite score and shows the breakdown on expand', async () => {
    mockLeadsApi({ 'GET /api/leads/top': (url) => ({ body: { items: url.searchParams.get('limit') === '10' ? [first, second] : [] } }) });
    renderApp('/top10');
    const list = await screen.findByRole('list', { name: 'Top leads' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByLabelText('Rank 1')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Ana Owner')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('12 Oak St')).toBeInTheDocument();
    expect(within(rows[0]!).getByLabelText('Composite score 113')).toHaveTextContent('113');
    expect(within(rows[1]!).getByLabelText('Rank 2')).toBeInTheDocument();
    expect(within(rows[1]!).getByLabelText('Composite score 45')).toBeInTheDocument();

    expect(screen.queryByText('Pre-foreclosure')).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(rows[0]!).getByRole('button', { name: 'Show score breakdown for Ana Owner' }));
    expect(within(rows[0]!).getByText('Motivation 9 × 10')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('+90')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Pre-foreclosure')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('+15')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Status new')).toBeInTheDocument();
    // The AI score beside it, here not scored yet (also a chip in the row on wider screens).
    expect(within(rows[0]!).getByText(/^Not scored yet/)).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('button', { name: 'Not scored by AI yet: show why' })).toBeInTheDocument();
    // Expanding does not open the lead.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the breakdown when the score is hovered, after the tooltip delay', async () => {
    mockLeadsApi({ 'GET /api/leads/top': { body: { items: [first, second] } } });
    renderApp('/top10');
    const score = await screen.findByLabelText('Composite score 113');
    const user = userEvent.setup();
    await user.hover(score);
    // The card opens after its delay, not on the hover itself: closed now, then the trigger reports it open.
    expect(score).toHaveAttribute('data-state', 'closed');
    expect(screen.queryByText('Pre-foreclosure')).not.toBeInTheDocument();
    await waitFor(() => expect(score).toHaveAttribute('data-state', 'open'), { timeout: 1500 });
    expect(screen.getByText('Pre-foreclosure')).toBeInTheDocument();
    expect(screen.getByText('Score breakdown')).toBeInTheDocument();
  });

  it('opens the lead dialog on row click', async () => {
    mockLeadsApi({ 'GET /api/leads/top': { body: { items: [first, second] } }, 'GET /api/leads/b': { body: second } });
    renderApp('/top10');
    await userEvent.setup().click(await screen.findByText('Bob Owner'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Bob Owner' })).toBeInTheDocument();
  });

  it('shows an empty state when there are no leads', async () => {
    mockLeadsApi({ 'GET /api/leads/top': { body: { items: [] } } });
    renderApp('/top10');
    expect(await screen.findByRole('heading', { name: 'No leads to rank yet' })).toBeInTheDocument();
  });
});
