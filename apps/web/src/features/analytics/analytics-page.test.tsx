import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { requestedUrls } from '@/features/leads/test-fixtures';
import { currentUrl, renderApp } from '@/test/render-app';
import { CALLS, drillItem, mockAnalyticsApi, REPORTING, TEXTS } from './test-fixtures';

beforeAll(async () => {
  await import('./analytics-page');
});

// 04:30 UTC on March 10 is 23:30 on March 9 in Chicago (the organization's zone) and 00:30 on March 10 in New York.
beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-03-10T04:30:00.000Z'), toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

type FetchMock = ReturnType<typeof mockAnalyticsApi>;
const lastQuery = (fetchMock: FetchMock, path: string) => Object.fromEntries(requestedUrls(fetchMock, path).at(-1)!.searchParams);
const tile = (group: string, name: string) => within(screen.getByRole('group', { name: group })).getByRole('button', { name });

describe('the analytics screen', () => {
  it('shows each figure with its change against the period before, the funnel and the tables', async () => {
    mockAnalyticsApi();
    renderApp('/analytics');
    await screen.findByRole('group', { name: 'Calling figures' });
    expect(tile('Calling figures', 'Dials: 120')).toHaveTextContent('↑ 20%');
    expect(tile('Calling figures', 'Dials: 120')).toHaveAccessibleDescription('up 20% against the period before');
    expect(tile('Calling figures', 'Connects: 30')).toHaveTextContent('↓ 9%');
    expect(tile('Calling figures', 'Connect rate: 25%')).toHaveTextContent('↓ 8 pts');
    expect(tile('Calling figures', 'Conversations: 12')).toHaveTextContent('No change');
    expect(tile('Calling figures', 'Talk time: 1 h 30 min')).toHaveTextContent('↑ 1 h 30 min');
    expect(tile('Calling figures', 'Average call: 3 min')).toHaveAccessibleDescription('nothing to compare with in the period before');
    expect(tile('Calling figures', 'Dials per hour: 40')).toHaveTextContent('No change');
    expect(screen.getByText('Times in Central Time')).toBeInTheDocument();

    const byMember = screen.getByRole('table', { name: 'Calls by member' });
    expect(within(byMember).getByRole('row', { name: 'Ben Ortiz' }).textContent).toBe('Ben Ortiz401025%430 min3 min40');
    expect(within(screen.getByRole('table', { name: 'Calls by day' })).getByRole('row', { name: 'Mar 3' }).textContent).toBe('Mar 3702081 h 0 min');
    expect(within(screen.getByRole('list', { name: 'Outcomes' })).getByRole('button', { name: 'No Answer: 90' })).toBeInTheDocument();

    const funnel = await screen.findByRole('list', { name: 'Funnel' });
    expect(within(funnel).getByRole('listitem', { name: 'Dials' })).toHaveTextContent('Previous period: 100');
    expect(within(funnel).getByRole('listitem', { name: 'Connects' })).toHaveTextContent('25% of dials · Previous period: 33');
    expect(within(funnel).getByRole('listitem', { name: 'Interested or appointment' })).toHaveTextContent('58.3% of conversations · Previous period: 4');
    // Two closings against one new contract in the period: said in words, not as 200%.
    expect(within(funnel).getByRole('listitem', { name: 'Closed' })).toHaveTextContent('More than under contract: some began in an earlier period');

    await screen.findByRole('group', { name: 'Texting figures' });
    expect(tile('Texting figures', 'Sent: 200')).toHaveTextContent('↑ 100%');
    expect(tile('Texting figures', 'Failed: 10')).toHaveTextContent('↑ 10');
    expect(tile('Texting figures', 'Failed: 10').querySelector('.text-destructive')).not.toBeNull();
    expect(tile('Texting figures', 'Opt-out rate: 3%')).toHaveTextContent('↑ 2 pts');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("asks for the preset's days, today being the organization's day, and keeps the range in the address", async () => {
    const fetchMock = mockAnalyticsApi();
    const { router } = renderApp('/analytics');
    const user = userEvent.setup();
    await screen.findByRole('group', { name: 'Calling figures' });
    expect(lastQuery(fetchMock, '/api/analytics/calls')).toEqual({ from: '2026-03-03', to: '2026-03-09' });
    expect(screen.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: '30 days' }));
    await waitFor(() => expect(lastQuery(fetchMock, '/api/analytics/calls')).toEqual({ from: '2026-02-08', to: '2026-03-09' }));
    expect(currentUrl(router)).toBe('/analytics?range=30d');
    await user.click(screen.getByRole('button', { name: 'Quarter' }));
    await waitFor(() => expect(lastQuery(fetchMock, '/api/analytics/texts')).toEqual({ from: '2026-01-01', to: '2026-03-09' }));
    await user.click(screen.getByRole('button', { name: 'Today' }));
    await waitFor(() => expect(lastQuery(fetchMock, '/api/analytics/funnel')).toEqual({ from: '2026-03-09', to: '2026-03-09' }));
    expect(currentUrl(router)).toBe('/analytics?range=today');

    await user.click(screen.getByRole('button', { name: 'Custom' }));
    expect(currentUrl(router)).toBe('/analytics?from=2026-03-09&to=2026-03-09');
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2026-03-01');
    await waitFor(() => expect(lastQuery(fetchMock, '/api/analytics/calls')).toEqual({ from: '2026-03-01', to: '2026-03-09' }));
    expect(currentUrl(router)).toBe('/analytics?from=2026-03-01&to=2026-03-09');
  });

  it('reads "today" in the New York office a moment after its midnight', async () => {
    const fetchMock = mockAnalyticsApi({ 'GET /api/settings/reporting': { body: { ...REPORTING, timeZone: 'America/New_York' } } });
    renderApp('/analytics?range=today');
    await screen.findByRole('group', { name: 'Calling figures' });
    expect(lastQuery(fetchMock, '/api/analytics/calls')).toEqual({ from: '2026-03-10', to: '2026-03-10' });
    expect(screen.getByText('Times in Eastern Time')).toBeInTheDocument();
  });

  it('filters by member through the address, and a shared link opens the same report', async () => {
    const fetchMock = mockAnalyticsApi();
    const { router } = renderApp('/analytics');
    const user = userEvent.setup();
    await screen.findByRole('group', { name: 'Calling figures' });
    await user.selectOptions(screen.getByLabelText('Member'), await screen.findByRole('option', { name: 'Ben Ortiz' }));
    await waitFor(() => expect(lastQuery(fetchMock, '/api/analytics/calls')).toEqual({ from: '2026-03-03', to: '2026-03-09', member: 'user-2' }));
    expect(lastQuery(fetchMock, '/api/analytics/texts')).toEqual({ from: '2026-03-03', to: '2026-03-09', member: 'user-2' });
    expect(lastQuery(fetchMock, '/api/analytics/funnel')).toEqual({ from: '2026-03-03', to: '2026-03-09', member: 'user-2' });
    expect(currentUrl(router)).toBe('/analytics?member=user-2');

    const shared = renderApp('/analytics?range=30d&member=user-1');
    await waitFor(() => expect(lastQuery(fetchMock, '/api/analytics/calls')).toEqual({ from: '2026-02-08', to: '2026-03-09', member: 'user-1' }));
    expect(currentUrl(shared.router)).toBe('/analytics?range=30d&member=user-1');
  });

  it('says why a custom range cannot be read instead of asking for it', async () => {
    const fetchMock = mockAnalyticsApi();
    renderApp('/analytics?from=2026-03-09&to=2026-03-01');
    expect(await screen.findByRole('alert')).toHaveTextContent('End date: must be on or after the start date.');
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
    expect(requestedUrls(fetchMock, '/api/analytics/calls')).toEqual([]);
  });
});

describe('why this number', () => {
  it('lists the records behind a tile, 50 at a time, each with its lead, member, time and link', async () => {
    const fetchMock = mockAnalyticsApi({
      'GET /api/analytics/drill': (url) => {
        const offset = Number(url.searchParams.get('offset'));
        const count = offset === 0 ? 50 : 1;
        return { body: { items: Array.from({ length: count }, (_, i) => drillItem(offset + i + 1)), total: 51 } };
      },
    });
    renderApp('/analytics');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Dials: 120' }));
    const sheet = await screen.findByRole('dialog', { name: 'Dials' });
    expect(sheet).toHaveTextContent('Calls dialed · Mar 3 – Mar 9, 2026 · All members');
    const records = await within(sheet).findByRole('list', { name: 'Records' });
    expect(within(records).getAllByRole('listitem')).toHaveLength(50);
    expect(lastQuery(fetchMock, '/api/analytics/drill')).toEqual({ metric: 'dials', limit: '50', offset: '0', from: '2026-03-03', to: '2026-03-09' });
    const first = within(records).getAllByRole('listitem')[0]!;
    expect(first).toHaveTextContent('Connected, 3 min 12 s — Interested (1)');
    // 15:05 UTC is 9:05 AM in Chicago (still standard time on March 4), the organization's zone.
    expect(first).toHaveTextContent('Lead 1 · Ana Lopez · Mar 4, 2026, 9:05 AM');
    expect(within(first).getByRole('link', { name: 'Open the lead Lead 1' })).toHaveAttribute('href', '/leads/lead-1');
    expect(sheet).toHaveTextContent('Showing 50 of 51');

    await user.click(within(sheet).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(records).getAllByRole('listitem')).toHaveLength(51));
    expect(lastQuery(fetchMock, '/api/analytics/drill')).toMatchObject({ metric: 'dials', offset: '50' });
    expect(within(sheet).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it("asks for a member's row, a day's cell and an outcome with their own member, days and metric", async () => {
    const fetchMock = mockAnalyticsApi();
    renderApp('/analytics');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Connects, Ben Ortiz: 10' }));
    const sheet = await screen.findByRole('dialog', { name: 'Connects' });
    expect(await within(sheet).findByText('No calls answered from Mar 3 – Mar 9, 2026: nothing stands behind this number.')).toBeInTheDocument();
    expect(sheet).toHaveTextContent('Ben Ortiz');
    expect(lastQuery(fetchMock, '/api/analytics/drill')).toMatchObject({ metric: 'connects', member: 'user-2', from: '2026-03-03', to: '2026-03-09' });
    await user.click(within(sheet).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Dials, Mar 3: 70' }));
    await waitFor(() => expect(lastQuery(fetchMock, '/api/analytics/drill')).toMatchObject({ metric: 'dials', from: '2026-03-03', to: '2026-03-03' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Interested: 5' }));
    await waitFor(() => expect(lastQuery(fetchMock, '/api/analytics/drill')).toMatchObject({ metric: 'outcome:interested' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close' }));

    // The funnel's "interested" step adds two outcomes: a tab each.
    await user.click(screen.getByRole('button', { name: 'Interested or appointment: 7' }));
    const step = await screen.findByRole('dialog', { name: 'Interested or appointment' });
    await waitFor(() => expect(lastQuery(fetchMock, '/api/analytics/drill')).toMatchObject({ metric: 'outcome:interested' }));
    await user.click(within(step).getByRole('button', { name: 'Calls marked Appointment Scheduled' }));
    await waitFor(() => expect(lastQuery(fetchMock, '/api/analytics/drill')).toMatchObject({ metric: 'outcome:appointment_scheduled' }));
  });
});

describe('the states of a report', () => {
  it("shows the opt-out warning's sentence", async () => {
    const warning = 'Opt-outs are rising: 3.0% of texts this period against 1.0% the period before. Carriers block numbers whose opt-out rate climbs; send fewer texts or change the message.';
    mockAnalyticsApi({ 'GET /api/analytics/texts': { body: { ...TEXTS, opt_out_warning: warning } } });
    renderApp('/analytics');
    expect(await screen.findByRole('alert')).toHaveTextContent(warning);
  });

  it('says what to do when there are no calls, and retries a report that failed', async () => {
    let textsFail = true;
    mockAnalyticsApi({
      'GET /api/analytics/calls': { body: { ...CALLS, dials: 0, connects: 0, connect_rate: null, by_member: [], by_day: [] } },
      'GET /api/analytics/texts': () => (textsFail ? { status: 503, body: { error: { code: 'UNAVAILABLE', message: 'Reports are warming up' } } } : { body: TEXTS }),
    });
    renderApp('/analytics');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'No calls in these 7 days' })).toBeInTheDocument();
    expect(screen.getByText('Calls you make from the dialer show up here.')).toBeInTheDocument();
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('Could not load the texting figures: Reports are warming up');
    textsFail = false;
    await user.click(within(failure).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('group', { name: 'Texting figures' })).toBeInTheDocument();
  });
});
