import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, useTestApp, type TestApp } from '../../../test/harness';
import { memberApi } from '../../../test/member-api';
import { NOW, seedToday } from './today.fixture';

type Seeded = Awaited<ReturnType<typeof seedToday>>;

const lead = (id: string, name: string, phone: string, blocked: string | null = null) => ({
  id, name, phone, address: null, email: null, version: expect.any(Number), call_blocked_reason: blocked,
});

/** GET /api/dashboard/today over seedToday's rows (today.fixture.ts): every figure below is worked out by hand from them. */
describe.each(DB_KINDS)('the dashboard’s today on %s', (kind) => {
  const t: TestApp = useTestApp(kind);
  const { ok, call } = memberApi(t);
  let s: Seeded;

  beforeAll(async () => {
    t.app.services.calls.clock = () => NOW;
    s = await seedToday(t);
  }, 60_000);

  it('lists what is due today and overdue, deadlines within 3 days, today’s dials against the goals and the new leads', async () => {
    const { a, leads, calls, gusDeal } = s;
    expect(await ok(a, 'GET', '/api/dashboard/today')).toEqual({
      date: '2026-04-15',
      time_zone: 'America/New_York',
      // Ana (yesterday) and Dee (09:00) are overdue, Ben at 16:00 is due; Cal is tomorrow's, Ben's other task done,
      // Zed's lead deleted; the callbacks are on their own list.
      follow_ups: {
        overdue: 2,
        due_today: 1,
        items: [
          { task_id: expect.any(String), due_at: '2026-04-14T14:00:00.000Z', overdue: true, reason: 'interested: wants a number', suggested_message: null, lead: lead(leads.ana, 'Ana Overdue', '+15125550101') },
          {
            task_id: expect.any(String), due_at: '2026-04-15T13:00:00.000Z', overdue: true, reason: 'Send the offer', suggested_message: null,
            lead: lead(leads.dee, 'Dee Donotcall', '+15125550104', 'This lead is on the Do Not Call list'),
          },
          { task_id: expect.any(String), due_at: '2026-04-15T20:00:00.000Z', overdue: false, reason: null, suggested_message: null, lead: lead(leads.ben, 'Ben Today', '+15125550102') },
        ],
      },
      // Eve's (17:00 yesterday) is overdue, Gil's (17:00 today) due; Fay was called again this morning.
      callbacks: {
        overdue: 1,
        due_today: 1,
        items: [
          {
            task_id: expect.any(String), due_at: '2026-04-14T21:00:00.000Z', overdue: true, reason: 'callback_requested', suggested_message: null,
            call_id: calls.eveCall, requested_at: '2026-04-14T15:00:00.000Z', lead: lead(leads.eve, 'Eve Callback', '+15125550105'),
          },
          {
            task_id: expect.any(String), due_at: '2026-04-15T21:00:00.000Z', overdue: false, reason: 'callback_requested', suggested_message: null,
            call_id: calls.gilCall, requested_at: '2026-04-14T16:00:00.000Z', lead: lead(leads.gil, 'Gil Later', '+15125550107'),
          },
        ],
      },
      // Hal's closing in 5 days is further off; Gus's inspection in 10 too.
      deal_deadlines: [
        {
          deal_id: gusDeal, lead_id: leads.gus, lead_name: 'Gus Deal', property_address: null, stage: 'under_contract',
          deadlines: [{ kind: 'earnest_money', date: '2026-04-14', days_left: -1 }, { kind: 'closing', date: '2026-04-17', days_left: 2 }],
        },
      ],
      // 00:30, 10:00 (both Olive's, answered) and Mira's unanswered 11:00; 23:30 yesterday is not today's.
      dials: { mine: 2, team: 3, goal: 100 },
      connects: { mine: 2, team: 2, goal: 10 },
      // Nia (00:30 yesterday) and Nell (this morning); Olaf at 23:30 the day before is older, Zed is deleted.
      new_leads_since_yesterday: { count: 2, since: '2026-04-14T04:00:00.000Z' },
    });
  });

  it('shows each member their own dials beside the team’s, and the goals the team set', async () => {
    const { a, m } = s;
    await ok(a, 'PATCH', '/api/settings/reporting', { dailyDialGoal: 120, dailyConnectGoal: 12 });
    const mine = await ok(m, 'GET', '/api/dashboard/today');
    expect([mine.dials, mine.connects]).toEqual([{ mine: 1, team: 3, goal: 120 }, { mine: 0, team: 2, goal: 12 }]);
    await ok(a, 'PATCH', '/api/settings/reporting', { dailyDialGoal: 100, dailyConnectGoal: 10 });
  });

  it('counts the day where the team works: in Los Angeles today began at 07:00 UTC', async () => {
    const { a } = s;
    await ok(a, 'PATCH', '/api/settings/reporting', { timeZone: 'America/Los_Angeles' });
    const west = await ok(a, 'GET', '/api/dashboard/today');
    await ok(a, 'PATCH', '/api/settings/reporting', { timeZone: 'America/New_York' });
    expect(west).toMatchObject({
      date: '2026-04-15', time_zone: 'America/Los_Angeles',
      // 04:30 UTC was 21:30 yesterday there; Nia arrived before yesterday began there.
      dials: { mine: 1, team: 2 }, connects: { mine: 1, team: 1 },
      new_leads_since_yesterday: { count: 1, since: '2026-04-14T07:00:00.000Z' },
      follow_ups: { overdue: 2, due_today: 1 },
    });
  });

  it('shows another organization nothing of this one', async () => {
    const other = await ok(s.b, 'GET', '/api/dashboard/today');
    expect(other).toMatchObject({ follow_ups: { overdue: 1, due_today: 0 }, callbacks: { overdue: 0, due_today: 0, items: [] }, deal_deadlines: [], dials: { mine: 1, team: 1 } });
    expect(other.follow_ups.items.map((i: { lead: { name: string } }) => i.lead.name)).toEqual(['Bea Other']);
  });

  it('opens the leads list on the leads created since an instant, and names a bad one', async () => {
    const { a } = s;
    const since = encodeURIComponent('2026-04-14T04:00:00.000Z');
    const page = await ok(a, 'GET', `/api/leads?created_after=${since}`);
    expect([page.total, page.items.map((l: { owner_1_name: string }) => l.owner_1_name).sort()]).toEqual([2, ['Nell Newest', 'Nia New']]);
    expect((await ok(a, 'GET', `/api/leads?created_after=${since}&search=nia`)).items).toHaveLength(1);
    for (const bad of ['yesterday', '2026-04-14', '1899-12-31T00:00:00Z']) {
      expect(await call(a, 'GET', `/api/leads?created_after=${bad}`)).toMatchObject({
        status: 400, body: { error: { code: 'VALIDATION_ERROR', message: 'created_after: expected a date and time such as 2026-04-14T04:00:00Z, from 1900 on' } },
      });
    }
  });
});
