import { describe, expect, it } from 'vitest';
import {
  analyticsQuery,
  drillQuery,
  formatDay,
  funnelSteps,
  optOutWarning,
  parseDay,
  presetRange,
  previousPeriod,
  rate,
  type FunnelStep,
} from './analytics-api';

const issues = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => (result.success ? [] : result.error!.issues.map((i) => i.message));

describe('analytics days and ranges', () => {
  it('reads calendar days only, leap days included', () => {
    expect(parseDay('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseDay('2026-12-31')).toEqual({ year: 2026, month: 12, day: 31 });
    for (const bad of ['2023-02-29', '2026-02-30', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00', '2026-1-01', '26-01-01', '2026-01-01T00:00', ' 2026-01-01', '']) {
      expect(parseDay(bad), bad).toBeNull();
    }
    expect(formatDay({ year: 2026, month: 3, day: 8 })).toBe('2026-03-08');
  });

  it('makes each preset end today, the quarter starting on its first day', () => {
    const today = { year: 2026, month: 3, day: 8 };
    expect(presetRange('today', today)).toEqual({ from: '2026-03-08', to: '2026-03-08' });
    expect(presetRange('7d', today)).toEqual({ from: '2026-03-02', to: '2026-03-08' });
    expect(presetRange('30d', today)).toEqual({ from: '2026-02-07', to: '2026-03-08' });
    expect(presetRange('7d', { year: 2026, month: 1, day: 3 })).toEqual({ from: '2025-12-28', to: '2026-01-03' });
    const quarterStarts = Array.from({ length: 12 }, (_, i) => presetRange('quarter', { year: 2026, month: i + 1, day: 15 }).from);
    expect(quarterStarts).toEqual([
      '2026-01-01', '2026-01-01', '2026-01-01', '2026-04-01', '2026-04-01', '2026-04-01',
      '2026-07-01', '2026-07-01', '2026-07-01', '2026-10-01', '2026-10-01', '2026-10-01',
    ]);
    expect(presetRange('quarter', { year: 2026, month: 10, day: 1 })).toEqual({ from: '2026-10-01', to: '2026-10-01' });
  });

  it('compares with the period of the same length just before', () => {
    expect(previousPeriod({ from: '2026-03-08', to: '2026-03-08' })).toEqual({ from: '2026-03-07', to: '2026-03-07' });
    expect(previousPeriod({ from: '2026-03-02', to: '2026-03-08' })).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(previousPeriod({ from: '2024-03-01', to: '2024-03-31' })).toEqual({ from: '2024-01-30', to: '2024-02-29' });
    expect(previousPeriod({ from: '2026-01-01', to: '2026-03-31' })).toEqual({ from: '2025-10-03', to: '2025-12-31' });
  });

  it('refuses a range that is backwards, too long or too early, naming the field', () => {
    expect(analyticsQuery.safeParse({ from: '2026-03-02', to: '2026-03-02' }).success).toBe(true);
    expect(issues(analyticsQuery.safeParse({ from: '2026-03-03', to: '2026-03-02' }))).toEqual(['to: must be on or after from']);
    expect(analyticsQuery.safeParse({ from: '2025-01-01', to: '2026-02-04' }).success).toBe(true);
    expect(issues(analyticsQuery.safeParse({ from: '2025-01-01', to: '2026-02-05' }))).toEqual(['to: a range can span at most 400 days']);
    expect(issues(analyticsQuery.safeParse({ from: '2026-02-30', to: '2026-03-02' }))).toEqual(['from: expected a date as YYYY-MM-DD']);
    expect(issues(analyticsQuery.safeParse({ to: '2026-03-02' }))).toEqual(['from: expected a date as YYYY-MM-DD']);
    expect(issues(analyticsQuery.safeParse({ from: '1899-12-31', to: '1900-01-02' }))).toEqual(['from: must be 1900-01-01 or later']);
    expect(analyticsQuery.safeParse({ from: '1900-01-01', to: '1900-01-02' }).success).toBe(true);
    expect(issues(analyticsQuery.safeParse({ from: '2026-03-02', to: '2026-03-02', member: '' }))).toEqual(['member: expected a member id']);
  });

  it('reads a drill query with its paging defaults and refuses an unknown metric', () => {
    expect(drillQuery.parse({ from: '2026-03-02', to: '2026-03-08', metric: 'outcome:interested' })).toEqual({ from: '2026-03-02', to: '2026-03-08', metric: 'outcome:interested', limit: 50, offset: 0 });
    expect(issues(drillQuery.safeParse({ from: '2026-03-02', to: '2026-03-08', metric: 'revenue' }))[0]).toMatch(/^metric: expected one of dials, connects, conversations, outcome:interested/);
    expect(issues(drillQuery.safeParse({ from: '2026-03-02', to: '2026-03-08', metric: 'dials', limit: '201' }))).toEqual(['limit: expected a number from 1 to 200']);
  });
});

describe('analytics rates', () => {
  it('divides, and has no rate of nothing', () => {
    expect(rate(1, 4)).toBe(0.25);
    expect(rate(0, 4)).toBe(0);
    expect(rate(3, 0)).toBeNull();
    expect(rate(0, 0)).toBeNull();
  });

  it('gives each funnel step its rate from the step before', () => {
    const counts: Record<FunnelStep, number> = { dials: 6, connects: 5, conversations: 2, interested: 2, offers: 1, under_contract: 0, closed: 0 };
    const previous: Record<FunnelStep, number> = { dials: 2, connects: 1, conversations: 1, interested: 1, offers: 1, under_contract: 0, closed: 0 };
    expect(funnelSteps(counts, previous)).toEqual([
      { key: 'dials', label: 'Dials', count: 6, previous: 2, rate_from_previous_step: null },
      { key: 'connects', label: 'Connects', count: 5, previous: 1, rate_from_previous_step: 5 / 6 },
      { key: 'conversations', label: 'Conversations', count: 2, previous: 1, rate_from_previous_step: 0.4 },
      { key: 'interested', label: 'Interested or appointment', count: 2, previous: 1, rate_from_previous_step: 1 },
      { key: 'offers', label: 'Offers made', count: 1, previous: 1, rate_from_previous_step: 0.5 },
      { key: 'under_contract', label: 'Under contract', count: 0, previous: 0, rate_from_previous_step: 0 },
      { key: 'closed', label: 'Closed', count: 0, previous: 0, rate_from_previous_step: null },
    ]);
  });

  it('warns of an opt-out rate at or above 1% that is rising', () => {
    const tail = 'Carriers block numbers whose opt-out rate climbs; send fewer texts or change the message.';
    expect(optOutWarning(0.0099, null)).toBeNull();
    expect(optOutWarning(null, 0.5)).toBeNull();
    expect(optOutWarning(0.01, null)).toBe(`Opt-outs are rising: 1.0% of texts this period. ${tail}`);
    expect(optOutWarning(0.025, 0.01)).toBe(`Opt-outs are rising: 2.5% of texts this period against 1.0% the period before. ${tail}`);
    expect(optOutWarning(0.02, 0.02)).toBeNull();
    expect(optOutWarning(0.02, 0.03)).toBeNull();
  });
});
