import { describe, expect, it } from 'vitest';
import {
  ageBucketDays,
  ageBucketStarts,
  growthDrillQuery,
  growthQuery,
  medianBucket,
  pipelineByDay,
  pipelineKeys,
  speedBucketOf,
  waitText,
} from './growth-api';

const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => (result.success ? [] : result.error!.issues.map((i) => i.message));

describe('growth buckets', () => {
  it('puts a time to first contact in its bucket, each lower bound inside', () => {
    const cases: Array<[number, string]> = [
      [0, 'under_5_min'], [299, 'under_5_min'], [300, 'min_5_to_60'], [3599, 'min_5_to_60'], [3600, 'hour_1_to_24'], [86_399, 'hour_1_to_24'],
      [86_400, 'day_1_to_7'], [604_799, 'day_1_to_7'], [604_800, 'over_7_days'], [10_000_000, 'over_7_days'],
    ];
    for (const [seconds, bucket] of cases) expect(speedBucketOf(seconds), String(seconds)).toBe(bucket);
  });

  it('says a wait in words', () => {
    expect([45, 240, 750, 3600, 9000, 53_100, 86_400, 277_200, 1_209_600].map(waitText)).toEqual([
      '45 s', '4 min', '12 min', '1 h', '2 h 30 min', '14 h 45 min', '1 day', '3 days 5 h', '14 days',
    ]);
  });

  it('ages a waiting lead in whole local days', () => {
    const today = { year: 2026, month: 3, day: 10 };
    expect(ageBucketDays('today', today)).toEqual({ from: '2026-03-10', to: '2026-03-10' });
    expect(ageBucketDays('days_1_2', today)).toEqual({ from: '2026-03-08', to: '2026-03-09' });
    expect(ageBucketDays('days_3_7', today)).toEqual({ from: '2026-03-03', to: '2026-03-07' });
    expect(ageBucketDays('days_8_30', today)).toEqual({ from: '2026-02-08', to: '2026-03-02' });
    expect(ageBucketDays('older', today)).toEqual({ from: null, to: '2026-02-07' });
    // The days the younger buckets begin on, oldest first: 8–30 days, 3–7, 1–2, today.
    expect(ageBucketStarts(today)).toEqual(['2026-02-08', '2026-03-03', '2026-03-08', '2026-03-10']);
  });

  it('finds the bucket of the middle lead', () => {
    const zero = { under_5_min: 0, min_5_to_60: 0, hour_1_to_24: 0, day_1_to_7: 0, over_7_days: 0 };
    expect(medianBucket(zero)).toBeNull();
    expect(medianBucket({ ...zero, under_5_min: 1, hour_1_to_24: 2, over_7_days: 1 })).toBe('hour_1_to_24');
    expect(medianBucket({ ...zero, under_5_min: 2, over_7_days: 2 })).toBe('under_5_min');
    expect(medianBucket({ ...zero, under_5_min: 2, over_7_days: 3 })).toBe('over_7_days');
  });
});

describe('the pipeline over time', () => {
  it('counts each key at the end of a day as the count now less every change since', () => {
    const days = ['2026-03-01', '2026-03-02', '2026-03-03'];
    const now = { new: 5, discovery: 2 };
    const changes = [
      { date: '2026-03-01', key: 'new', delta: 3 },
      { date: '2026-03-02', key: 'new', delta: -1 },
      { date: '2026-03-02', key: 'discovery', delta: 1 },
      { date: 'after', key: 'new', delta: 2 },
      { date: 'after', key: 'discovery', delta: 1 },
    ];
    expect(pipelineByDay(days, now, changes)).toEqual([
      { date: '2026-03-01', counts: { new: 4, discovery: 0 } },
      { date: '2026-03-02', counts: { new: 3, discovery: 1 } },
      { date: '2026-03-03', counts: { new: 3, discovery: 1 } },
    ]);
  });

  it('orders the keys as the pipeline runs, unknown statuses after, deleted leads left out', () => {
    expect(pipelineKeys('lead_status', ['closed', 'cold-lead', 'deleted', 'new', 'discovery'])).toEqual([
      { key: 'new', label: 'New' }, { key: 'discovery', label: 'Discovery' }, { key: 'closed', label: 'Closed' }, { key: 'cold-lead', label: 'Cold lead' },
    ]);
    expect(pipelineKeys('deal_stage', ['dead', 'analyzing', 'closed'])).toEqual([
      { key: 'analyzing', label: 'Analyzing' }, { key: 'closed', label: 'Closed' }, { key: 'dead', label: 'Dead' },
    ]);
  });
});

describe('growth queries', () => {
  it('takes the range of every report and refuses a member', () => {
    expect(growthQuery.safeParse({ from: '2026-03-02', to: '2026-03-08' }).success).toBe(true);
    expect(messages(growthQuery.safeParse({ from: '2026-03-02', to: '2026-03-08', member: 'u1' }))).toEqual(['member: growth is the whole team’s; leave member out']);
    expect(messages(growthQuery.safeParse({ from: '2026-03-09', to: '2026-03-08' }))).toEqual(['to: must be on or after from']);
  });

  it('asks each drill for what it needs, naming the field', () => {
    expect(growthDrillQuery.parse({ metric: 'lead_status', key: 'cold-lead', day: '2026-03-08' })).toMatchObject({ limit: 50, offset: 0 });
    expect(growthDrillQuery.safeParse({ metric: 'uncontacted', bucket: 'older', limit: '10' }).data).toMatchObject({ limit: 10 });
    expect(messages(growthDrillQuery.safeParse({ metric: 'deal_stage', key: 'won' }))).toEqual([
      'key: expected one of analyzing, offer_made, under_contract, marketing, assigned, closed, dead', 'day: required for metric deal_stage',
    ]);
    expect(growthDrillQuery.safeParse({ metric: 'uncontacted' }).success).toBe(true);
    expect(messages(growthDrillQuery.safeParse({ metric: 'uncontacted', bucket: 'ancient' }))).toEqual(['bucket: expected one of today, days_1_2, days_3_7, days_8_30, older']);
    expect(messages(growthDrillQuery.safeParse({ metric: 'list', list: 'march.csv' }))).toEqual(['list: expected a list (import) id']);
    expect(messages(growthDrillQuery.safeParse({ metric: 'inflow', source: 'Zillow', to: '2026-03-02' }))).toEqual(['from: required for metric inflow']);
    expect(growthDrillQuery.safeParse({ metric: 'speed', from: '2026-03-02', to: '2026-03-02' }).success).toBe(true);
    expect(messages(growthDrillQuery.safeParse({ metric: 'speed', bucket: 'today', from: '2026-03-02' }))).toEqual([
      'bucket: expected one of under_5_min, min_5_to_60, hour_1_to_24, day_1_to_7, over_7_days', 'to: required for metric speed',
    ]);
    expect(messages(growthDrillQuery.safeParse({ metric: 'speed', bucket: 'under_5_min', from: '1899-12-31', to: '1900-01-01' }))).toEqual(['from: must be 1900-01-01 or later']);
  });
});
