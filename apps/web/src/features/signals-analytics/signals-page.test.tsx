import { signalFigures, signalKeyInfo, suggestedWeights, type SignalCounts, type SignalGroup, type SignalsAnalytics } from '@wholesail/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockLeadsApi, requestedUrls } from '@/features/leads/test-fixtures';
import { renderApp } from '@/test/render-app';
import { liftChartData } from './lift-chart';
import { signalsCsv } from './signals-format';

beforeAll(async () => {
  await import('./signals-page');
});

const ALL: SignalCounts = { leads: 400, contacted: 200, offered: 40, contracted: 20 };
const counts: Record<string, [SignalGroup, SignalCounts]> = {
  tax_delinquent: ['distress', { leads: 100, contacted: 60, offered: 20, contracted: 9 }],
  vacant: ['distress', { leads: 60, contacted: 30, offered: 3, contracted: 2 }],
  out_of_state_owner: ['distress', { leads: 12, contacted: 5, offered: 5, contracted: 5 }],
  'equity:150000': ['equity', { leads: 40, contacted: 20, offered: 8, contracted: 2 }],
  'tag:probate': ['tag', { leads: 35, contacted: 30, offered: 10, contracted: 7 }],
};
const row = (key: string) => ({ key, label: signalKeyInfo(key)!.label, group: counts[key]![0], ...signalFigures(counts[key]![1], ALL) });

const REPORT: SignalsAnalytics = {
  min_sample: 30,
  all: signalFigures(ALL, ALL),
  rows: Object.keys(counts).map(row),
  omitted: { property_type: 0, tag: 4 },
  weights: suggestedWeights((k) => counts[k]?.[1] ?? { leads: 0, contacted: 0, offered: 0, contracted: 0 }, ALL),
  stacks: {
    signals: [{ key: 'signals:2', label: '2 distress signals at once', count: 2, ...signalFigures({ leads: 50, contacted: 40, offered: 10, contracted: 6 }, ALL) }],
    lists: [{ key: 'lists:3', label: 'On 3 imported lists', count: 3, ...signalFigures({ leads: 8, contacted: 8, offered: 4, contracted: 3 }, ALL) }],
  },
};

const mockSignals = (report: unknown, leads: (url: URL) => unknown = () => ({ items: [], total: 0 })) =>
  mockLeadsApi({ 'GET /api/analytics/signals': typeof report === 'function' ? (report as () => { body: unknown }) : { body: report }, 'GET /api/analytics/signals/leads': (url) => ({ body: leads(url) }) });

describe('the signals analytics screen', () => {
  it('lists each signal by group with its counts, rates and lift, and too few to tell below the minimum', async () => {
    mockSignals(REPORT);
    renderApp('/signals-analytics');
    const table = await screen.findByRole('table', { name: 'Signals and attributes' });
    // 100 leads; 9 of 100 contracted is 9% against 5% of all leads: 1.8×.
    expect(within(table).getByRole('row', { name: 'Tax delinquent' }).textContent).toBe('Tax delinquent10060 of 10060% · 1.2×20 of 10020% · 2.0×9 of 1009%1.8×');
    expect(within(table).getByRole('row', { name: 'Out-of-state owner' }).textContent).toBe('Out-of-state owner125 of 1241.7%5 of 1241.7%5 of 1241.7%Too few to tell');
    expect(within(table).getByText('1.8×', { selector: 'span' })).toHaveAttribute('data-tone', 'success');
    expect(within(within(table).getByRole('row', { name: 'Vacant' })).getAllByText('0.7×')[0]).toHaveAttribute('data-tone', 'destructive');
    expect(table).toHaveTextContent('Distress');
    expect(table).toHaveTextContent('And 4 more tags with fewer leads.');
    expect(screen.getByRole('button', { name: 'Contract: 20 of 400' })).toHaveTextContent('5% of all leads');
  });

  it('charts the contract lift of the signals with enough leads, highest first', () => {
    expect(liftChartData(REPORT.rows).map((b) => [b.label, b.lift, b.tone])).toEqual([
      ['probate', 7 / 35 / (20 / 400), 'up'], ['Tax delinquent', 9 / 100 / (20 / 400), 'up'], ['Equity over $150,000', 1, 'same'], ['Vacant', 2 / 60 / (20 / 400), 'down'],
    ]);
  });

  it('sets the suggested weights beside the fixed ones, saying the fixed ones stay the rule', async () => {
    mockSignals(REPORT);
    renderApp('/signals-analytics');
    const weights = await screen.findByRole('table', { name: 'Score weights' });
    // Judged: tax (12), vacant (10), equity over $150,000 (20) = 42 points; only tax beats all leads.
    expect(within(weights).getByRole('row', { name: 'Tax delinquent' }).textContent).toBe('Tax delinquent12421.8×');
    expect(within(weights).getByRole('row', { name: 'Out-of-state owner' }).textContent).toBe('Out-of-state owner8Too few to tell—');
    expect(screen.getByText(/The composite score keeps its fixed points: they are the rule that ranks your Top 10\./)).toHaveTextContent('lifted your contract rate');
  });

  it('opens the leads behind a count, 50 at a time, each linking to the lead', async () => {
    const fetchMock = mockSignals(REPORT, (url) => {
      const offset = Number(url.searchParams.get('offset'));
      const n = offset === 0 ? 50 : 9;
      return {
        total: 59,
        items: Array.from({ length: n }, (_, i) => ({ id: `lead-${offset + i}`, name: `Lead ${offset + i}`, address: '1 Elm St', status: 'closed', status_label: 'Closed', last_contacted_at: null, href: `/leads/lead-${offset + i}` })),
      };
    });
    renderApp('/signals-analytics');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Contract, Tax delinquent: 9 of 100' }));
    const sheet = await screen.findByRole('dialog', { name: 'Tax delinquent' });
    expect(sheet).toHaveTextContent('Its leads under contract or closed, newest first');
    const list = await within(sheet).findByRole('list', { name: 'Leads' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(50);
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Lead 01 Elm St · Closed · Not contacted yet');
    expect(within(list).getByRole('link', { name: 'Open the lead Lead 0' })).toHaveAttribute('href', '/leads/lead-0');
    expect(Object.fromEntries(requestedUrls(fetchMock, '/api/analytics/signals/leads').at(-1)!.searchParams)).toEqual({ key: 'tax_delinquent', measure: 'contracted', limit: '50', offset: '0' });
    await user.click(within(sheet).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(59));
    expect(sheet).toHaveTextContent('Showing 59 of 59');
    await user.click(within(sheet).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Leads, On 3 imported lists: 8' }));
    await waitFor(() => expect(requestedUrls(fetchMock, '/api/analytics/signals/leads').at(-1)!.searchParams.get('key')).toBe('lists:3'));
  });

  it('exports the table as shown', () => {
    const csv = signalsCsv(REPORT.rows.slice(0, 1));
    expect(csv.split('\r\n')[1]).toBe('Distress,Tax delinquent,100,60 of 100,60%,1.2×,20 of 100,20%,2.0×,9 of 100,9%,1.8×');
    expect(signalsCsv(REPORT.rows.slice(2, 3)).split('\r\n')[1]).toContain('Too few to tell');
  });

  it('says what to do without leads, and retries a report that failed', async () => {
    mockSignals({ ...REPORT, all: signalFigures({ leads: 0, contacted: 0, offered: 0, contracted: 0 }, ALL), rows: [] });
    renderApp('/signals-analytics');
    expect(await screen.findByRole('heading', { name: 'No leads to learn from yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your leads' })).toHaveAttribute('href', '/leads');

    let fail = true;
    mockSignals(() => (fail ? { status: 503, body: { error: { code: 'UNAVAILABLE', message: 'Counting is warming up' } } } : { body: REPORT }));
    renderApp('/signals-analytics');
    const user = userEvent.setup();
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('Could not load the signals: Counting is warming up');
    fail = false;
    await user.click(within(failure).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Signals and attributes' })).toBeInTheDocument();
  });
});
