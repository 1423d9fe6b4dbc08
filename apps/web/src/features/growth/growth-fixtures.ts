/** A growth report and a fetch mock for the growth screen (tests only). */
import type { GrowthAnalytics, ReportingSettings } from '@wholesail/domain';
import { makeLead, mockLeadsApi, toListItem } from '@/features/leads/test-fixtures';

type Handler = Parameters<typeof mockLeadsApi>[0][string];

export const REPORTING: ReportingSettings = { timeZone: 'America/Chicago', dailyDialGoal: 100, dailyConnectGoal: 10 };

const bucket = <B extends string>(bucket: B, label: string, leads: number) => ({ bucket, label, leads });

export const GROWTH: GrowthAnalytics = {
  from: '2026-03-03', to: '2026-03-05', time_zone: 'America/Chicago',
  inflow: {
    total: 9,
    sources: [{ source: 'Zillow', leads: 5 }, { source: 'Referral', leads: 3 }, { source: 'Unknown', leads: 1 }],
    by_day: [
      { date: '2026-03-03', total: 4, by_source: { Zillow: 3, Referral: 1 } },
      { date: '2026-03-04', total: 0, by_source: {} },
      { date: '2026-03-05', total: 5, by_source: { Zillow: 2, Referral: 2, Unknown: 1 } },
    ],
  },
  lists: [{ import_id: 'import-1', filename: 'march.csv', created_at: '2026-03-04T15:00:00.000Z', date: '2026-03-04', status: 'completed', inserted: 120, updated: 5, members: 125 }],
  pipeline: {
    lead_status: {
      keys: [{ key: 'new', label: 'New' }, { key: 'discovery', label: 'Discovery' }],
      by_day: [
        { date: '2026-03-03', counts: { new: 10, discovery: 2 } },
        { date: '2026-03-04', counts: { new: 9, discovery: 3 } },
        { date: '2026-03-05', counts: { new: 12, discovery: 3 } },
      ],
    },
    deal_stage: {
      keys: [{ key: 'under_contract', label: 'Under contract' }],
      by_day: ['2026-03-03', '2026-03-04', '2026-03-05'].map((date, i) => ({ date, counts: { under_contract: i } })),
    },
  },
  uncontacted: {
    total: 7,
    buckets: [bucket('today', 'Today', 1), bucket('days_1_2', '1–2 days', 2), bucket('days_3_7', '3–7 days', 0), bucket('days_8_30', '8–30 days', 3), bucket('older', 'Older', 1)],
    oldest: [
      toListItem(makeLead({ id: 'lead-old', owner_1_name: 'Olga Oldest', contact_1_phone1: '5125550101', created_at: '2026-01-20T15:00:00.000Z' })),
      toListItem(makeLead({ id: 'lead-nophone', owner_1_name: 'Nate Nophone', created_at: '2026-02-20T15:00:00.000Z' })),
    ],
  },
  speed: {
    count: 4,
    avg_sec: 9000,
    median_bucket: 'hour_1_to_24',
    buckets: [
      bucket('under_5_min', 'Under 5 minutes', 1), bucket('min_5_to_60', '5–60 minutes', 0), bucket('hour_1_to_24', '1–24 hours', 2),
      bucket('day_1_to_7', '1–7 days', 0), bucket('over_7_days', 'Longer', 1),
    ],
  },
};

/** The report of a new organization: nothing anywhere. */
export const EMPTY_GROWTH: GrowthAnalytics = {
  ...GROWTH,
  inflow: { total: 0, sources: [], by_day: GROWTH.inflow.by_day.map((d) => ({ date: d.date, total: 0, by_source: {} })) },
  lists: [],
  pipeline: { lead_status: { keys: [], by_day: [] }, deal_stage: { keys: [], by_day: [] } },
  uncontacted: { total: 0, buckets: GROWTH.uncontacted.buckets.map((b) => ({ ...b, leads: 0 })), oldest: [] },
  speed: { count: 0, avg_sec: null, median_bucket: null, buckets: GROWTH.speed.buckets.map((b) => ({ ...b, leads: 0 })) },
};

/** A signed-in owner's app with the growth routes answering the fixtures; `routes` override them. */
export function mockGrowthApi(routes: Record<string, Handler> = {}) {
  return mockLeadsApi({
    'GET /api/settings/reporting': { body: REPORTING },
    'GET /api/analytics/growth': { body: GROWTH },
    'GET /api/analytics/growth/drill': { body: { items: [], total: 0 } },
    ...routes,
  });
}
