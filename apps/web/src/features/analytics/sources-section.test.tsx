import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { requestedUrls } from '@/features/leads/test-fixtures';
import { ME } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { readDollars } from './spend-dialog';
import { sourceChartData } from './sources-chart';
import { SOURCES, SPEND } from './sources-fixtures';
import { mockAnalyticsApi } from './test-fixtures';

beforeAll(async () => {
  await import('./analytics-page');
});

// March 9 in Chicago: the 7-day range is March 3–9, and its month March 2026.
beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-03-10T04:30:00.000Z'), toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

type FetchMock = ReturnType<typeof mockAnalyticsApi>;
const lastQuery = (fetchMock: FetchMock, path: string) => Object.fromEntries(requestedUrls(fetchMock, path).at(-1)!.searchParams);
const putBodies = (fetchMock: FetchMock) => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([, init]) => JSON.parse(String(init!.body)));

describe('sources and lists', () => {
  it('shows each source’s and list’s figures, with "—" where no spend was entered, and charts leads and deals per source', async () => {
    const fetchMock = mockAnalyticsApi();
    renderApp('/analytics?member=user-2');
    const sources = await screen.findByRole('table', { name: 'Sources' });
    // $2,000 over 40 leads and 2 contracts; (12,500.50 − 2,000) ÷ 2,000 = 525 %.
    expect(within(sources).getByRole('row', { name: 'Mailers' }).textContent).toBe('Mailers401221$12,500.50$2,000$50$1,000525%');
    expect(within(sources).getByRole('row', { name: 'Cold calling' }).textContent).toBe('Cold calling10800$0————');
    const lists = screen.getByRole('table', { name: 'Lists imported' });
    expect(within(lists).getByRole('row', { name: 'cold-calls.csv' })).toHaveTextContent('Mar 5, 2026, 9:00 AM30910$0');
    expect(within(screen.getByLabelText('All sources')).getByText('$40')).toBeInTheDocument();
    // The team's: the member picked for the other reports is not sent.
    expect(lastQuery(fetchMock, '/api/analytics/sources')).toEqual({ from: '2026-03-03', to: '2026-03-09' });
    expect(screen.getByText(/The whole team’s sources and lists, whoever is picked above/)).toBeInTheDocument();
    expect(sourceChartData(SOURCES.sources)).toEqual([{ source: 'Mailers', leads: 40, deals: 2 }, { source: 'Cold calling', leads: 10, deals: 0 }]);
    expect(screen.getByRole('button', { name: 'Export Sources as CSV' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export Lists imported as CSV' })).toBeInTheDocument();
  });

  it('opens the records behind a source’s or a list’s number', async () => {
    const fetchMock = mockAnalyticsApi();
    renderApp('/analytics');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Deals, Mailers: 2' }));
    let sheet = await screen.findByRole('dialog', { name: 'Deals · Mailers' });
    expect(sheet).toHaveTextContent('Deals put under contract · Mar 3 – Mar 9, 2026 · All members');
    await waitFor(() => expect(lastQuery(fetchMock, '/api/analytics/drill')).toEqual({ source: 'Mailers', metric: 'source_under_contract', limit: '50', offset: '0', from: '2026-03-03', to: '2026-03-09' }));
    await user.click(within(sheet).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Fees, Mailers: $12,500.50' }));
    await waitFor(() => expect(lastQuery(fetchMock, '/api/analytics/drill')).toMatchObject({ source: 'Mailers', metric: 'source_closed' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Leads, cold-calls.csv: 30' }));
    sheet = await screen.findByRole('dialog', { name: 'Leads · cold-calls.csv' });
    expect(await within(sheet).findByText('No leads on the list (cold-calls.csv, all time): nothing stands behind this number.')).toBeInTheDocument();
    expect(lastQuery(fetchMock, '/api/analytics/drill')).toMatchObject({ list: 'import-2', metric: 'list_members' });
  });

  it('says what to do when nothing came in', async () => {
    mockAnalyticsApi({ 'GET /api/analytics/sources': { body: { ...SOURCES, sources: [], lists: [] } } });
    renderApp('/analytics');
    expect(await screen.findByText('No new leads, deals or spend in these 7 days')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Import leads' })).toHaveAttribute('href', '/leads');
  });
});

describe('the spend dialog', () => {
  it('reads dollars and cents', () => {
    expect(['', '3100', '$1,250.50', '0.5', '12.345', 'abc', '-5'].map(readDollars)).toEqual([0, 310_000, 125_050, 50, null, null, null]);
  });

  it('lets an admin enter a month’s spend per source, saving only what changed', async () => {
    const fetchMock = mockAnalyticsApi({ 'PUT /api/analytics/spend': { body: SPEND } });
    renderApp('/analytics');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Enter spend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Spend by source' });
    expect(within(dialog).getByLabelText('Month')).toHaveValue('2026-03');
    const mailers = await within(dialog).findByLabelText('Mailers');
    expect(mailers).toHaveValue('3100');
    expect(within(dialog).getByLabelText('Cold calling')).toHaveValue('');
    expect(lastQuery(fetchMock, '/api/analytics/spend')).toEqual({ year: '2026' });

    await user.type(within(dialog).getByLabelText('Cold calling'), '12.345');
    await user.click(within(dialog).getByRole('button', { name: 'Save spend' }));
    expect(within(dialog).getByText('Enter dollars, like 1250 or 1250.50')).toBeInTheDocument();
    expect(putBodies(fetchMock)).toEqual([]);

    await user.clear(within(dialog).getByLabelText('Cold calling'));
    await user.type(within(dialog).getByLabelText('Cold calling'), '620');
    await user.type(within(dialog).getByLabelText('Another source'), 'Referrals{Enter}');
    await user.type(within(dialog).getByLabelText('Referrals'), '50.50');
    await user.click(within(dialog).getByRole('button', { name: 'Save spend' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Spend by source' })).not.toBeInTheDocument());
    expect(putBodies(fetchMock)).toEqual([{ source: 'Cold calling', month: '2026-03', amount: 620 }, { source: 'Referrals', month: '2026-03', amount: 50.5 }]);
  });

  it('shows a member the spend without letting them change it', async () => {
    mockAnalyticsApi({ 'GET /api/me': { body: { ...ME, role: 'member' } } });
    renderApp('/analytics');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Enter spend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Spend by source' });
    expect(await within(dialog).findByText('Only owners and admins can enter spend.')).toBeInTheDocument();
    expect(within(dialog).getByText('$3,100')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Save spend' })).not.toBeInTheDocument();
  });
});
