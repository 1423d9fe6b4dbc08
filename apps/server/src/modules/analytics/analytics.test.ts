import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, useTestApp, type TestApp } from '../../../test/harness';
import { memberApi } from '../../../test/member-api';
import { seedWeek } from './analytics.week';

type Org = Awaited<ReturnType<TestApp['createOrg']>>;

const RANGE = 'from=2026-03-02&to=2026-03-08';
const zeroDay = (date: string) => ({ date, dials: 0, connects: 0, conversations: 0, talk_time_sec: 0 });
const zeroTextDay = (date: string) => ({ date, sent: 0, delivered: 0, failed: 0, replies: 0, opt_outs: 0 });
const NO_OUTCOMES = { interested: 0, maybe: 0, not_interested: 0, callback_requested: 0, appointment_scheduled: 0, offer_made: 0, no_answer: 0, wrong_number: 0 };

/** The reports over seedWeek's rows (analytics.week.ts): every expected figure is worked out by hand from them. */
describe.each(DB_KINDS)('analytics reports on %s', (kind) => {
  const t = useTestApp(kind);
  const { ok, call } = memberApi(t);
  let a: Org;
  let b: Org;
  let m: { userId: string; cookie: string };

  beforeAll(async () => {
    ({ a, b, m } = await seedWeek(t));
  }, 60_000);

  it('reports in the organization’s time zone, which an admin sets and a member reads', async () => {
    // New York by default: 00:30 EST on 03-02 is that day's, and 23:30 CDT on 03-08 is 00:30 EDT on the 9th.
    const eastern = await ok(a, 'GET', `/api/analytics/calls?${RANGE}`);
    expect(eastern.time_zone).toBe('America/New_York');
    expect([eastern.by_day[0].dials, eastern.by_day[6].dials]).toEqual([3, 0]);

    expect(await ok(m, 'GET', '/api/settings/reporting')).toEqual({ timeZone: 'America/New_York', dailyDialGoal: 100, dailyConnectGoal: 10 });
    expect((await call(m, 'PATCH', '/api/settings/reporting', { timeZone: 'America/Chicago' })).status).toBe(403);
    expect(await call(a, 'PATCH', '/api/settings/reporting', { timeZone: 'Europe/London' })).toMatchObject({ status: 400, body: { error: { message: expect.stringMatching(/^timeZone: expected one of America\/New_York/) } } });
    expect(await ok(a, 'PATCH', '/api/settings/reporting', { timeZone: 'America/Chicago', dailyDialGoal: 150 })).toEqual({ timeZone: 'America/Chicago', dailyDialGoal: 150, dailyConnectGoal: 10 });
    expect(await ok(m, 'GET', '/api/settings/reporting')).toEqual({ timeZone: 'America/Chicago', dailyDialGoal: 150, dailyConnectGoal: 10 });
  });

  it('adds up the calls of the range and of the period before, by member and by local day', async () => {
    expect(await ok(a, 'GET', `/api/analytics/calls?${RANGE}`)).toEqual({
      from: '2026-03-02', to: '2026-03-08', time_zone: 'America/Chicago',
      dials: 6, connects: 5, connect_rate: 5 / 6, conversations: 2, talk_time_sec: 343, avg_duration_sec: 68.6, dials_per_hour: 1.2,
      by_member: [
        { user_id: a.userId, name: 'Olive Owner', dials: 4, connects: 3, connect_rate: 0.75, conversations: 1, talk_time_sec: 252, avg_duration_sec: 84, dials_per_hour: 4 / 3 },
        { user_id: m.userId, name: 'Mira Member', dials: 2, connects: 2, connect_rate: 1, conversations: 1, talk_time_sec: 91, avg_duration_sec: 45.5, dials_per_hour: 1 },
      ],
      by_day: [
        { date: '2026-03-02', dials: 2, connects: 1, conversations: 1, talk_time_sec: 192 },
        { date: '2026-03-03', dials: 2, connects: 2, conversations: 1, talk_time_sec: 121 },
        zeroDay('2026-03-04'),
        { date: '2026-03-05', dials: 1, connects: 1, conversations: 0, talk_time_sec: 0 },
        zeroDay('2026-03-06'),
        zeroDay('2026-03-07'),
        { date: '2026-03-08', dials: 1, connects: 1, conversations: 0, talk_time_sec: 30 },
      ],
      outcomes: { ...NO_OUTCOMES, interested: 1, no_answer: 1, not_interested: 1, appointment_scheduled: 1, callback_requested: 1 },
      previous: { dials: 2, connects: 1, connect_rate: 0.5, conversations: 1, talk_time_sec: 120, avg_duration_sec: 120, dials_per_hour: 1 },
    });
  });

  it('filters every figure to one member, and a stranger’s id to nothing', async () => {
    const mine = await ok(a, 'GET', `/api/analytics/calls?${RANGE}&member=${m.userId}`);
    expect(mine).toMatchObject({
      dials: 2, connects: 2, connect_rate: 1, conversations: 1, talk_time_sec: 91, avg_duration_sec: 45.5, dials_per_hour: 1,
      by_member: [{ user_id: m.userId, name: 'Mira Member', dials: 2 }],
      outcomes: { ...NO_OUTCOMES, appointment_scheduled: 1, callback_requested: 1 },
      previous: { dials: 1, connects: 0, connect_rate: 0, conversations: 0, talk_time_sec: 0, avg_duration_sec: null, dials_per_hour: 1 },
    });
    expect(mine.by_day.map((d: { dials: number }) => d.dials)).toEqual([0, 1, 0, 0, 0, 0, 1]);
    const stranger = await ok(a, 'GET', `/api/analytics/calls?${RANGE}&member=${b.userId}`);
    expect(stranger).toMatchObject({ dials: 0, connect_rate: null, avg_duration_sec: null, dials_per_hour: null, by_member: [], previous: { dials: 0 } });
  });

  it('adds up the texts: sent, delivered, failed, replies for the member whose text they answer, and the organization’s opt-outs', async () => {
    const warning = 'Opt-outs are rising: 33.3% of texts this period against 0.0% the period before. Carriers block numbers whose opt-out rate climbs; send fewer texts or change the message.';
    expect(await ok(a, 'GET', `/api/analytics/texts?${RANGE}`)).toEqual({
      from: '2026-03-02', to: '2026-03-08', time_zone: 'America/Chicago',
      sent: 3, delivered: 2, failed: 1, replies: 2, reply_rate: 2 / 3, opt_outs: 1, opt_out_rate: 1 / 3,
      by_member: [
        { user_id: a.userId, name: 'Olive Owner', sent: 2, delivered: 2, failed: 0, replies: 1, reply_rate: 0.5 },
        { user_id: m.userId, name: 'Mira Member', sent: 1, delivered: 0, failed: 1, replies: 1, reply_rate: 1 },
      ],
      by_day: [
        { date: '2026-03-02', sent: 1, delivered: 1, failed: 0, replies: 1, opt_outs: 0 },
        { date: '2026-03-03', sent: 1, delivered: 0, failed: 1, replies: 1, opt_outs: 1 },
        zeroTextDay('2026-03-04'), zeroTextDay('2026-03-05'), zeroTextDay('2026-03-06'), zeroTextDay('2026-03-07'),
        { date: '2026-03-08', sent: 1, delivered: 1, failed: 0, replies: 0, opt_outs: 0 },
      ],
      previous: { sent: 1, delivered: 1, failed: 0, replies: 1, reply_rate: 1, opt_outs: 0, opt_out_rate: 0 },
      opt_out_warning: warning,
    });
    expect(await ok(a, 'GET', `/api/analytics/texts?${RANGE}&member=${m.userId}`)).toMatchObject({
      sent: 1, delivered: 0, failed: 1, replies: 1, reply_rate: 1, opt_outs: 1, opt_out_rate: 1 / 3,
      by_member: [{ user_id: m.userId, sent: 1 }],
      previous: { sent: 0, replies: 0, reply_rate: null, opt_outs: 0, opt_out_rate: 0 },
      opt_out_warning: warning,
    });
    // The period before had no texts at all: no rate, so no comparison and no warning below the threshold.
    expect(await ok(a, 'GET', '/api/analytics/texts?from=2026-02-01&to=2026-02-07')).toMatchObject({ sent: 0, reply_rate: null, opt_out_rate: null, opt_out_warning: null });
  });

  it('draws the funnel from dials to closed with the rate between each step', async () => {
    const steps = (await ok(a, 'GET', `/api/analytics/funnel?${RANGE}`)).steps;
    expect(steps.map((s: { key: string; count: number; previous: number; rate_from_previous_step: number | null }) => [s.key, s.count, s.previous, s.rate_from_previous_step])).toEqual([
      ['dials', 6, 2, null], ['connects', 5, 1, 5 / 6], ['conversations', 2, 1, 0.4], ['interested', 2, 1, 1],
      ['offers', 1, 1, 0.5], ['under_contract', 1, 0, 1], ['closed', 1, 0, 1],
    ]);
    expect(steps[3].label).toBe('Interested or appointment');
    const mine = (await ok(a, 'GET', `/api/analytics/funnel?${RANGE}&member=${m.userId}`)).steps;
    expect(mine.map((s: { count: number; previous: number; rate_from_previous_step: number | null }) => [s.count, s.previous, s.rate_from_previous_step])).toEqual([
      [2, 1, null], [2, 0, 1], [1, 0, 0.5], [1, 0, 1], [0, 1, 0], [0, 0, null], [1, 0, null],
    ]);
  });

  it('shows organization B only its own records in the same hours', async () => {
    await ok(b, 'PATCH', '/api/settings/reporting', { timeZone: 'America/Chicago' });
    expect(await ok(b, 'GET', `/api/analytics/calls?${RANGE}`)).toMatchObject({ dials: 1, connects: 1, talk_time_sec: 500, by_member: [{ user_id: b.userId, dials: 1 }] });
    expect(await ok(b, 'GET', `/api/analytics/texts?${RANGE}`)).toMatchObject({ sent: 1, delivered: 1, replies: 1, opt_outs: 1 });
    expect((await ok(b, 'GET', `/api/analytics/funnel?${RANGE}`)).steps.map((s: { count: number }) => s.count)).toEqual([1, 1, 1, 1, 1, 0, 0]);
  });

  it('answers bad ranges and bad filters with 400 naming the field', async () => {
    const bad: Array<[string, RegExp]> = [
      ['/api/analytics/calls?from=2026-02-30&to=2026-03-08', /^from: expected a date as YYYY-MM-DD$/],
      ['/api/analytics/calls?to=2026-03-08', /^from: expected a date as YYYY-MM-DD$/],
      ['/api/analytics/texts?from=2026-03-02&to=03/08/2026', /^to: expected a date as YYYY-MM-DD$/],
      ['/api/analytics/funnel?from=2026-03-09&to=2026-03-08', /^to: must be on or after from$/],
      ['/api/analytics/calls?from=2025-01-01&to=2026-02-05', /^to: a range can span at most 400 days$/],
      ['/api/analytics/calls?from=2026-03-02&to=2026-03-08&member=', /^member: expected a member id$/],
      ['/api/analytics/drill?from=2026-03-02&to=2026-03-08&metric=revenue', /^metric: expected one of dials, connects/],
      ['/api/analytics/drill?from=2026-03-02&to=2026-03-08&metric=dials&limit=0', /^limit: expected a number from 1 to 200$/],
      ['/api/analytics/drill?from=2026-03-02&to=2026-03-08&metric=dials&offset=-1', /^offset: expected 0 or more$/],
      ['/api/analytics/drill?from=0100-01-01&to=0100-01-31&metric=offers', /^from: must be 1900-01-01 or later$/],
    ];
    for (const [url, message] of bad) {
      const res = await call(a, 'GET', url);
      expect(res, url).toMatchObject({ status: 400, body: { error: { code: 'VALIDATION_ERROR', message: expect.stringMatching(message) } } });
    }
    // 400 days is the longest range, and the farthest days a date may name are still answered.
    expect((await call(a, 'GET', '/api/analytics/calls?from=2025-01-01&to=2026-02-04')).status).toBe(200);
    expect((await call(a, 'GET', '/api/analytics/funnel?from=9999-12-01&to=9999-12-31')).status).toBe(200);
    expect((await call(a, 'GET', '/api/analytics/calls?from=1900-01-01&to=1900-01-31')).status).toBe(200);
    expect((await call(a, 'GET', '/api/analytics/drill?from=1900-01-01&to=1900-01-31&metric=offers')).status).toBe(200);
  });
});
