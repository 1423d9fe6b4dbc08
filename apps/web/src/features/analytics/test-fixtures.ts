/** Reports and a fetch mock for the analytics screen (tests only). */
import { funnelSteps, type CallsAnalytics, type DrillItem, type FunnelAnalytics, type ReportingSettings, type TextsAnalytics } from '@wholesail/domain';
import { MEMBERS } from '@/features/deals/test-fixtures';
import { mockLeadsApi } from '@/features/leads/test-fixtures';
import { SOURCES, SPEND } from './sources-fixtures';

type Handler = Parameters<typeof mockLeadsApi>[0][string];

export const REPORTING: ReportingSettings = { timeZone: 'America/Chicago', dailyDialGoal: 100, dailyConnectGoal: 10 };

const figures = { dials: 120, connects: 30, connect_rate: 0.25, conversations: 12, talk_time_sec: 5400, avg_duration_sec: 180, dials_per_hour: 40 };

export const CALLS: CallsAnalytics = {
  from: '2026-03-03', to: '2026-03-09', time_zone: 'America/Chicago',
  ...figures,
  by_member: [
    { user_id: 'user-1', name: 'Ana Lopez', dials: 80, connects: 20, connect_rate: 0.25, conversations: 8, talk_time_sec: 3600, avg_duration_sec: 180, dials_per_hour: 40 },
    { user_id: 'user-2', name: 'Ben Ortiz', dials: 40, connects: 10, connect_rate: 0.25, conversations: 4, talk_time_sec: 1800, avg_duration_sec: 180, dials_per_hour: 40 },
  ],
  by_day: [
    { date: '2026-03-03', dials: 70, connects: 20, conversations: 8, talk_time_sec: 3600 },
    { date: '2026-03-04', dials: 50, connects: 10, conversations: 4, talk_time_sec: 1800 },
  ],
  outcomes: { interested: 5, maybe: 3, not_interested: 8, callback_requested: 4, appointment_scheduled: 2, offer_made: 1, no_answer: 90, wrong_number: 7 },
  previous: { dials: 100, connects: 33, connect_rate: 0.33, conversations: 12, talk_time_sec: 0, avg_duration_sec: null, dials_per_hour: 40 },
};

export const TEXTS: TextsAnalytics = {
  from: '2026-03-03', to: '2026-03-09', time_zone: 'America/Chicago',
  sent: 200, delivered: 190, failed: 10, replies: 20, reply_rate: 0.1, opt_outs: 6, opt_out_rate: 0.03,
  by_member: [{ user_id: 'user-1', name: 'Ana Lopez', sent: 200, delivered: 190, failed: 10, replies: 20, reply_rate: 0.1 }],
  by_day: [{ date: '2026-03-03', sent: 200, delivered: 190, failed: 10, replies: 20, opt_outs: 6 }],
  previous: { sent: 100, delivered: 100, failed: 0, replies: 10, reply_rate: 0.1, opt_outs: 1, opt_out_rate: 0.01 },
  opt_out_warning: null,
};

export const FUNNEL: FunnelAnalytics = {
  from: '2026-03-03', to: '2026-03-09', time_zone: 'America/Chicago',
  steps: funnelSteps(
    { dials: 120, connects: 30, conversations: 12, interested: 7, offers: 3, under_contract: 1, closed: 2 },
    { dials: 100, connects: 33, conversations: 12, interested: 4, offers: 2, under_contract: 0, closed: 0 },
  ),
};

export function drillItem(n: number, overrides: Partial<DrillItem> = {}): DrillItem {
  return {
    kind: 'call', id: `call-${n}`, at: '2026-03-04T15:05:00.000Z', lead_id: `lead-${n}`, lead_name: `Lead ${n}`, member_name: 'Ana Lopez',
    summary: `Connected, 3 min 12 s — Interested (${n})`, href: `/leads/lead-${n}`, ...overrides,
  };
}

/** A signed-in owner's app with the analytics routes answering the fixtures; `routes` override them. */
export function mockAnalyticsApi(routes: Record<string, Handler> = {}) {
  return mockLeadsApi({
    'GET /api/settings/reporting': { body: REPORTING },
    'GET /api/organization/members': { body: { members: MEMBERS } },
    'GET /api/analytics/calls': { body: CALLS },
    'GET /api/analytics/texts': { body: TEXTS },
    'GET /api/analytics/funnel': { body: FUNNEL },
    'GET /api/analytics/drill': { body: { items: [], total: 0 } },
    'GET /api/analytics/sources': { body: SOURCES },
    'GET /api/analytics/spend': { body: SPEND },
    ...routes,
  });
}
