import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dialerStore } from '@/features/dialer/dialer-store';
import { mockLeadsApi, requestedUrls } from '@/features/leads/test-fixtures';
import { AI_HEALTH_ALL_ON } from '@/test/ai-health';
import { FakeWebSocket } from '@/test/fake-websocket';
import { renderApp } from '@/test/render-app';
import { DASHBOARD_ROUTES, today, todayCallback, todayLead, todayTask } from './today.fixtures';

beforeAll(async () => {
  await import('./dashboard-page');
});
afterEach(() => dialerStore.close());

const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

describe('dashboard: today', () => {
  it("shows the team's dials and connects against the goals, the member's own, and where to set the goals", async () => {
    mockLeadsApi({
      ...DASHBOARD_ROUTES,
      'GET /api/dashboard/today': { body: today({ dials: { mine: 12, team: 42, goal: 100 }, connects: { mine: 3, team: 10, goal: 10 }, new_leads_since_yesterday: { count: 7, since: '2026-04-14T04:00:00.000Z' } }) },
    });
    renderApp('/dashboard');
    const dials = await screen.findByRole('progressbar', { name: 'Team dials today: 42 of 100 dials' });
    expect(dials).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getByRole('progressbar', { name: 'Team connects today: 10 of 10 connects' })).toHaveAttribute('aria-valuenow', '100');
    const calls = screen.getByRole('region', { name: "Today's calls" });
    expect(calls).toHaveTextContent('You: 12');
    expect(calls).toHaveTextContent('Goal reached. You: 3');
    expect(calls).toHaveTextContent('since midnight (Eastern Time)');
    expect(within(calls).getByRole('link', { name: 'Set goals' })).toHaveAttribute('href', '/settings#reporting');
    expect(screen.getByRole('heading', { name: 'Today, Wednesday, April 15' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /7 new leads since yesterday/ })).toHaveAttribute('href', '/leads?created_after=2026-04-14T04%3A00%3A00.000Z');
  });

  it('lands “Set goals” on the Reporting card of Settings', async () => {
    // jsdom lays nothing out and has no scrollIntoView: record which element asked to be shown.
    const scrolled: Element[] = [];
    Object.defineProperty(Element.prototype, 'scrollIntoView', {
      configurable: true,
      value(this: Element) {
        scrolled.push(this);
      },
    });
    mockLeadsApi({
      ...DASHBOARD_ROUTES,
      'GET /api/dashboard/today': { body: today() },
      'GET /api/organization/settings': { body: { aiIntegration: { enableRealTimeCoaching: true, enableAutoEnrichment: true, enableSmartScoring: true, enableConversationAnalysis: true } } },
      'GET /api/organization/members': { body: { members: [] } },
      'GET /api/organization/invitations': { body: { invitations: [] } },
      'GET /api/ai/health': { body: AI_HEALTH_ALL_ON },
      'GET /api/settings/reporting': { body: { timeZone: 'America/New_York', dailyDialGoal: 100, dailyConnectGoal: 10 } },
    });
    const { router } = renderApp('/dashboard');
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Set goals' }));
    const reporting = await screen.findByRole('region', { name: 'Reporting' });
    expect(router.state.location.hash).toBe('#reporting');
    await waitFor(() => expect(scrolled).toContain(reporting));
    expect(reporting).toHaveAttribute('id', 'reporting');
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  it('lists follow-ups overdue first and marks one done, then shows the day as clear', async () => {
    let follow = today({
      follow_ups: {
        overdue: 1,
        due_today: 1,
        items: [
          todayTask({ task_id: 't-1', due_at: ago(2), overdue: true, reason: 'interested: wants a number', lead: todayLead({ id: 'lead-1', name: 'Ana Overdue' }) }),
          todayTask({ task_id: 't-2', due_at: new Date(Date.now() + 2 * HOUR + 60_000).toISOString(), lead: todayLead({ id: 'lead-2', name: 'Ben Later' }) }),
        ],
      },
    });
    const fetchMock = mockLeadsApi({
      ...DASHBOARD_ROUTES,
      'GET /api/dashboard/today': () => ({ body: follow }),
      'PATCH /api/tasks/t-1': () => {
        follow = today();
        return { body: { id: 't-1', status: 'done' } };
      },
    });
    renderApp('/dashboard');
    const list = await screen.findByRole('list', { name: 'Follow-ups' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Ana Overdue');
    expect(first).toHaveTextContent('Overdue, due 2 hours ago');
    expect(first).toHaveTextContent('Interested: wants a number');
    expect(within(first!).getByRole('link', { name: 'Ana Overdue' })).toHaveAttribute('href', '/leads/lead-1');
    expect(second).toHaveTextContent('Due in 2 hours');
    expect(screen.getByRole('region', { name: 'Follow-ups due' })).toHaveTextContent('1 overdue, 1 due later today.');

    await userEvent.setup().click(within(first!).getByRole('button', { name: 'Mark done: Ana Overdue' }));
    expect(await screen.findByText('No follow-ups due today. Calls you log with a follow-up date show up here on that day.')).toBeInTheDocument();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ status: 'done' });
    expect(requestedUrls(fetchMock, '/api/dashboard/today').length).toBe(2);
  });

  it('calls a lead from its row, and shows why a lead cannot be called with the button off', async () => {
    mockLeadsApi({
      ...DASHBOARD_ROUTES,
      'GET /api/dashboard/today': {
        body: today({
          follow_ups: { overdue: 0, due_today: 1, items: [todayTask({ task_id: 't-1', lead: todayLead({ id: 'lead-4', name: 'Dee Donotcall', call_blocked_reason: 'This lead is on the Do Not Call list' }) })] },
          callbacks: { overdue: 1, due_today: 0, items: [todayCallback({ due_at: ago(1), overdue: true, lead: todayLead({ id: 'lead-5', name: 'Eve Callback', email: 'eve@example.com' }) })] },
        }),
      },
    });
    renderApp('/dashboard');
    const user = userEvent.setup();
    const blocked = await screen.findByRole('button', { name: 'Call Dee Donotcall: This lead is on the Do Not Call list' });
    expect(blocked).toHaveAttribute('aria-disabled', 'true');
    await user.click(blocked);
    expect(await screen.findByRole('dialog')).toHaveTextContent('This lead is on the Do Not Call list');
    expect(dialerStore.getState().isOpen).toBe(false);
    await user.keyboard('{Escape}');

    const callbacks = screen.getByRole('list', { name: 'Callbacks' });
    expect(callbacks).toHaveTextContent(/Asked .*: after 5 pm/);
    await user.click(within(callbacks).getByRole('button', { name: 'Call Eve Callback' }));
    expect(dialerStore.getState()).toEqual({
      isOpen: true,
      data: { leadId: 'lead-5', name: 'Eve Callback', address: '12 Oak St, Austin, TX', phone: '+15125550101', email: 'eve@example.com', version: 3 },
    });
  });

  it('lists deal deadlines with how far off each is, linking to the deal', async () => {
    mockLeadsApi({
      ...DASHBOARD_ROUTES,
      'GET /api/dashboard/today': {
        body: today({
          deal_deadlines: [{
            deal_id: 'deal-1', lead_id: 'lead-9', lead_name: 'Gus Deal', property_address: '9 Elm St', stage: 'under_contract',
            deadlines: [{ kind: 'earnest_money', date: '2026-04-14', days_left: -1 }, { kind: 'closing', date: '2026-04-17', days_left: 2 }],
          }],
        }),
      },
    });
    renderApp('/dashboard');
    const list = await screen.findByRole('list', { name: 'Deals with deadlines' });
    expect(within(list).getByRole('link', { name: 'Gus Deal' })).toHaveAttribute('href', '/deals/deal-1');
    expect(list).toHaveTextContent('Under contract');
    expect(within(list).getByText('1 day overdue').closest('[data-tone]')).toHaveAttribute('data-tone', 'destructive');
    expect(within(list).getByText('in 2 days').closest('[data-tone]')).toHaveAttribute('data-tone', 'warning');
  });

  it('refreshes when a call, lead, deal or goal changes on the realtime feed, and not for other tables', async () => {
    let current = today({ dials: { mine: 0, team: 4, goal: 100 } });
    const fetchMock = mockLeadsApi({ ...DASHBOARD_ROUTES, 'GET /api/dashboard/today': () => ({ body: current }) });
    renderApp('/dashboard');
    await screen.findByRole('progressbar', { name: 'Team dials today: 4 of 100 dials' });
    const socket = FakeWebSocket.instances.at(-1)!;
    act(() => socket.receive({ table: 'buyers', op: 'INSERT', record: { id: 'b-1' } }));
    current = today({ dials: { mine: 1, team: 5, goal: 100 } });
    act(() => socket.receive({ table: 'calls', op: 'INSERT', record: { id: 'call-9' } }));
    expect(await screen.findByRole('progressbar', { name: 'Team dials today: 5 of 100 dials' })).toBeInTheDocument();
    expect(requestedUrls(fetchMock, '/api/dashboard/today').length).toBe(2);
  });

  it('says what to do when the day is clear, and offers Retry when today cannot load', async () => {
    let fail = true;
    mockLeadsApi({
      ...DASHBOARD_ROUTES,
      'GET /api/dashboard/today': () => (fail ? { status: 503, body: { error: { code: 'DATABASE_UNAVAILABLE', message: 'The database is not reachable right now.' } } } : { body: today() }),
    });
    renderApp('/dashboard');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Could not load today's work");
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByText(/No callbacks due\. When a seller asks you to call back/)).toBeInTheDocument());
    expect(screen.getByText('No deal deadlines in the next 3 days. Earnest-money, inspection and closing dates of deals under contract show up here.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'New leads' })).getByRole('link', { name: 'Leads' })).toHaveAttribute('href', '/leads');
    expect(screen.getByRole('progressbar', { name: 'Team dials today: 0 of 100 dials' })).toHaveAttribute('aria-valuenow', '0');
  });
});
