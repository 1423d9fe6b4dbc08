import type { Today, TodayCallback, TodayLead, TodayTask } from '@wholesail/domain';

export const LEAD_STATS = { total_leads: 3, new_leads_count: 1, high_motivation_count: 1, avg_property_value: 200000, leads_with_values: 3 };

export function todayLead(overrides: Partial<TodayLead> = {}): TodayLead {
  return { id: 'lead-1', name: 'Ana Owner', phone: '+15125550101', address: '12 Oak St, Austin, TX', email: null, version: 3, call_blocked_reason: null, ...overrides };
}

export function todayTask(overrides: Partial<TodayTask> = {}): TodayTask {
  return { task_id: 't-1', due_at: new Date(Date.now() + 3_600_000).toISOString(), overdue: false, reason: null, suggested_message: null, lead: todayLead(), ...overrides };
}

export function todayCallback(overrides: Partial<TodayCallback> = {}): TodayCallback {
  return { ...todayTask({ task_id: 'cb-1', reason: 'callback_requested: after 5 pm' }), call_id: 'call-1', requested_at: '2026-04-14T15:00:00.000Z', ...overrides };
}

/** A quiet day: nothing due, no dials yet, the default goals. */
export function today(overrides: Partial<Today> = {}): Today {
  return {
    date: '2026-04-15',
    time_zone: 'America/New_York',
    follow_ups: { overdue: 0, due_today: 0, items: [] },
    callbacks: { overdue: 0, due_today: 0, items: [] },
    deal_deadlines: [],
    dials: { mine: 0, team: 0, goal: 100 },
    connects: { mine: 0, team: 0, goal: 10 },
    new_leads_since_yesterday: { count: 0, since: '2026-04-14T04:00:00.000Z' },
    ...overrides,
  };
}

/** The dashboard's requests besides Today: the statistics and the top 10. */
export const DASHBOARD_ROUTES = { 'GET /api/leads/stats': { body: LEAD_STATS }, 'GET /api/leads/top': { body: { items: [] } } };
