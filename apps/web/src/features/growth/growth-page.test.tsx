import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { drillItem } from '@/features/analytics/test-fixtures';
import { requestedUrls } from '@/features/leads/test-fixtures';
import { renderApp } from '@/test/render-app';
import { inflowChartData, pipelineChartData } from './growth-data';
import { EMPTY_GROWTH, GROWTH, mockGrowthApi } from './growth-fixtures';

beforeAll(async () => {
  await import('./growth-page');
});

// 04:30 UTC on March 6 is 22:30 on March 5 in Chicago, the organization's zone.
beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-03-06T04:30:00.000Z'), toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

type FetchMock = ReturnType<typeof mockGrowthApi>;
const lastQuery = (fetchMock: FetchMock, path: string) => Object.fromEntries(requestedUrls(fetchMock, path).at(-1)!.searchParams);
const row = (table: string, name: string) => within(screen.getByRole('table', { name: table })).getByRole('row', { name }).textContent;

describe('the growth charts’ data', () => {
  it('stacks new leads by the biggest sources, the rest together, and the pipeline in its order', () => {
    expect(inflowChartData(GROWTH.inflow, 2)).toEqual({
      series: ['Zillow', 'Referral', 'Other sources'],
      rows: [{ date: '2026-03-03', values: [3, 1, 0] }, { date: '2026-03-04', values: [0, 0, 0] }, { date: '2026-03-05', values: [2, 2, 1] }],
    });
    expect(inflowChartData(GROWTH.inflow).series).toEqual(['Zillow', 'Referral', 'Unknown']);
    expect(pipelineChartData(GROWTH.pipeline.lead_status)).toEqual({
      series: ['New', 'Discovery'],
      rows: [{ date: '2026-03-03', values: [10, 2] }, { date: '2026-03-04', values: [9, 3] }, { date: '2026-03-05', values: [12, 3] }],
    });
  });
});

describe('the growth screen', () => {
  it('shows the inflow, the lists, the pipeline, the waiting leads and the speed to first contact', async () => {
    const fetchMock = mockGrowthApi();
    renderApp('/growth');
    expect(await screen.findByRole('heading', { name: 'Growth', level: 1 })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'New leads by day' });
    // The organization's last 7 days, and no member: growth is the whole team's.
    expect(lastQuery(fetchMock, '/api/analytics/growth')).toEqual({ from: '2026-02-27', to: '2026-03-05' });
    expect(screen.queryByLabelText('Member')).not.toBeInTheDocument();

    expect(row('New leads by day', 'Mar 3')).toBe('Mar 34');
    expect(row('New leads by source', 'Zillow')).toBe('Zillow555.6%');
    expect(row('Lists imported', 'march.csv')).toBe('march.csvMar 41205125');
    expect(row('Leads by status', 'Mar 5')).toBe('Mar 5123');
    expect(row('Deals by stage', 'Mar 4')).toBe('Mar 41');
    expect(screen.getByRole('figure', { name: /^Chart of new leads by day and source/ })).toBeInTheDocument();

    expect(screen.getByRole('button', { name: 'Not contacted yet: 7' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Waiting by age' })).getByRole('button', { name: '8–30 days: 3' })).toBeInTheDocument();
    const oldest = within(screen.getByRole('list', { name: 'Waiting longest' })).getAllByRole('listitem');
    expect(oldest[0]).toHaveTextContent('Olga OldestWaiting 44 days');
    expect(within(oldest[0]!).getByRole('button', { name: 'Call' })).toBeEnabled();
    expect(within(oldest[0]!).getByRole('link', { name: 'Open the lead Olga Oldest' })).toHaveAttribute('href', '/leads/lead-old');
    // No number to call: the button says why instead.
    expect(within(oldest[1]!).getByRole('button', { name: /Call/ })).toHaveAttribute('aria-disabled', 'true');

    const speed = screen.getByRole('group', { name: 'Speed figures' });
    expect(within(speed).getByRole('button', { name: 'First contacts: 4' })).toBeInTheDocument();
    expect(within(speed).getByRole('button', { name: 'Average wait: 2 h 30 min' })).toBeInTheDocument();
    expect(within(speed).getByRole('button', { name: 'Median wait: 1–24 hours' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'First contacts by wait' })).getByRole('button', { name: 'Longer: 1' })).toBeInTheDocument();
  });

  it('opens the leads behind a number with what it counts', async () => {
    const fetchMock = mockGrowthApi({
      'GET /api/analytics/growth/drill': () => ({ body: { items: [drillItem(1, { kind: 'lead', summary: 'From Zillow · 1 Main St', member_name: null })], total: 1 } }),
    });
    renderApp('/growth');
    const user = userEvent.setup();
    const open = async (button: string, title: string, params: Record<string, string>) => {
      await user.click(await screen.findByRole('button', { name: button }));
      const sheet = await screen.findByRole('dialog', { name: title });
      await waitFor(() => expect(lastQuery(fetchMock, '/api/analytics/growth/drill')).toEqual({ ...params, limit: '50', offset: '0' }));
      return sheet;
    };
    const close = async (sheet: HTMLElement) => user.click(within(sheet).getByRole('button', { name: 'Close' }));

    const zillow = await open('New leads, Zillow: 5', 'New leads from Zillow', { metric: 'inflow', source: 'Zillow', from: '2026-03-03', to: '2026-03-05' });
    const item = (await within(zillow).findByRole('list', { name: 'Records' })).firstElementChild!;
    // 15:05 UTC is 9:05 AM in Chicago.
    expect(item).toHaveTextContent('From Zillow · 1 Main StLead 1 · Mar 4, 2026, 9:05 AM');
    expect(within(item as HTMLElement).getByRole('link', { name: 'Open the lead Lead 1' })).toHaveAttribute('href', '/leads/lead-1');
    expect(zillow).toHaveTextContent('Showing 1 of 1');
    await close(zillow);

    await close(await open('Discovery, Mar 5: 3', 'Leads: Discovery', { metric: 'lead_status', key: 'discovery', day: '2026-03-05' }));
    await close(await open('On the list now, march.csv: 125', 'Leads on march.csv', { metric: 'list', list: 'import-1' }));
    await close(await open('8–30 days: 3', 'Not contacted yet: 8–30 days', { metric: 'uncontacted', bucket: 'days_8_30' }));
    await close(await open('Median wait: 1–24 hours', 'First contact: 1–24 hours', { metric: 'speed', bucket: 'hour_1_to_24', from: '2026-03-03', to: '2026-03-05' }));
  });

  it('says what to do in a new organization', async () => {
    mockGrowthApi({ 'GET /api/analytics/growth': { body: EMPTY_GROWTH } });
    renderApp('/growth');
    expect(await screen.findByRole('heading', { name: 'No leads yet' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import CSV' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says when the report failed and loads it again on Retry', async () => {
    let fail = true;
    mockGrowthApi({ 'GET /api/analytics/growth': () => (fail ? { status: 503, body: { error: { code: 'UNAVAILABLE', message: 'Reports are warming up' } } } : { body: GROWTH }) });
    renderApp('/growth');
    const user = userEvent.setup();
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('Could not load the growth figures: Reports are warming up');
    fail = false;
    await user.click(within(failure).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'New leads by day' })).toBeInTheDocument();
  });
});
