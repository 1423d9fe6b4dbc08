import { describe, expect, it } from 'vitest';
import { drillQuery } from './analytics-api';
import {
  costPer,
  daysInMonth,
  dollarsToCents,
  leadSourceName,
  monthsOf,
  prorateSpend,
  returnOnSpend,
  sourcesQuery,
  spendBody,
  spendQuery,
  withSpend,
} from './sources-api';

const issues = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => (result.success ? [] : result.error!.issues.map((i) => i.message));

describe('a lead’s source', () => {
  it('is its lead source, else its source, trimmed, else Unknown; an import reads CSV import', () => {
    expect(leadSourceName({ lead_source: '  Driving for dollars\t', source: 'csv_import' })).toBe('Driving for dollars');
    expect(leadSourceName({ lead_source: ' ', source: 'csv_import' })).toBe('CSV import');
    expect(leadSourceName({ lead_source: null, source: ' Referral ' })).toBe('Referral');
    expect(leadSourceName({ lead_source: '', source: '' })).toBe('Unknown');
    expect(leadSourceName({})).toBe('Unknown');
  });
});

describe('cost per lead, cost per contract and ROI', () => {
  it('divides the spend, in whole cents, and says nothing without spend or a count', () => {
    // $1,000 over 3 leads: $333.33⅓ → 33,333 cents.
    expect(costPer(100_000, 3)).toBe(33_333);
    expect(costPer(100_000, 0)).toBeNull();
    expect(costPer(null, 10)).toBeNull();
    expect(costPer(0, 10)).toBe(0);
  });

  it('is (fees − spend) ÷ spend', () => {
    // $12,000 of fees on $4,000 spent: 2 (200 %); nothing back: −1.
    expect(returnOnSpend(1_200_000, 400_000)).toBe(2);
    expect(returnOnSpend(0, 400_000)).toBe(-1);
    expect(returnOnSpend(1_200_000, null)).toBeNull();
    expect(returnOnSpend(1_200_000, 0)).toBeNull();
  });

  it('adds all three to a source’s counts', () => {
    const counts = { leads: 40, contacted: 10, under_contract: 2, closed: 1, fees_cents: 1_500_000 };
    expect(withSpend(counts, 200_000)).toEqual({ ...counts, spend_cents: 200_000, cost_per_lead_cents: 5_000, cost_per_contract_cents: 100_000, roi: 6.5 });
    expect(withSpend(counts, null)).toEqual({ ...counts, spend_cents: null, cost_per_lead_cents: null, cost_per_contract_cents: null, roi: null });
  });
});

describe('spend over a range of days', () => {
  it('knows the days of each month', () => {
    expect([daysInMonth(2024, 2), daysInMonth(2026, 2), daysInMonth(2026, 4), daysInMonth(2026, 12)]).toEqual([29, 28, 30, 31]);
  });

  it('takes each month’s share of days inside the range', () => {
    const rows = [{ month: '2026-03', amount_cents: 310_000 }, { month: '2026-04', amount_cents: 300_000 }, { month: '2026-06', amount_cents: 999 }];
    // March 25–31 is 7 of 31 days ($700), April 1–10 is 10 of 30 ($1,000); June is outside.
    expect(prorateSpend(rows, { from: '2026-03-25', to: '2026-04-10' })).toBe(170_000);
    // A whole month is its whole amount.
    expect(prorateSpend(rows, { from: '2026-04-01', to: '2026-04-30' })).toBe(300_000);
    // One day of February 2024 (29 days) of $100: 344.8… cents → 345.
    expect(prorateSpend([{ month: '2024-02', amount_cents: 10_000 }], { from: '2024-02-29', to: '2024-02-29' })).toBe(345);
    // No month of the range has spend: none, not $0.
    expect(prorateSpend(rows, { from: '2026-05-01', to: '2026-05-31' })).toBeNull();
    expect(prorateSpend([], { from: '2026-05-01', to: '2026-05-31' })).toBeNull();
  });

  it('lists the months a range touches', () => {
    expect(monthsOf({ from: '2025-11-20', to: '2026-02-01' })).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsOf({ from: '2026-03-05', to: '2026-03-05' })).toEqual(['2026-03']);
  });
});

describe('the sources and spend inputs', () => {
  it('refuses a member for the team’s sources', () => {
    expect(sourcesQuery.safeParse({ from: '2026-03-01', to: '2026-03-31' }).success).toBe(true);
    expect(issues(sourcesQuery.safeParse({ from: '2026-03-01', to: '2026-03-31', member: 'u1' }))).toEqual(['member: sources and lists are the whole team’s; leave member out']);
    expect(issues(sourcesQuery.safeParse({ from: '2026-3-1', to: '2026-03-31' }))).toEqual(['from: expected a date as YYYY-MM-DD']);
  });

  it('reads a spend entry in dollars to the cent, and names what is wrong', () => {
    expect(spendBody.parse({ source: ' Mailers ', month: '2026-03', amount: 1234.56 })).toEqual({ source: 'Mailers', month: '2026-03', amount: 1234.56 });
    expect(dollarsToCents(1234.56)).toBe(123_456);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(1.005)).toBeNull();
    expect(issues(spendBody.safeParse({ source: 'Mailers', month: '2026-13', amount: 1 }))).toEqual(['month: expected a month as YYYY-MM']);
    expect(issues(spendBody.safeParse({ source: 'Mailers', month: '2026-03', amount: -1 }))).toEqual(['amount: must be 0 or more']);
    expect(issues(spendBody.safeParse({ source: 'Mailers', month: '2026-03', amount: 1.234 }))).toEqual(['amount: expected whole cents']);
    expect(issues(spendBody.safeParse({ source: '  ', month: '2026-03', amount: 1 }))).toEqual(['source: expected the source’s name']);
    expect(issues(spendBody.safeParse({ source: 'Mailers', month: '2026-03', amount: '5' }))).toEqual(['amount: expected an amount in dollars']);
    expect(spendBody.safeParse({ source: 'Mailers', month: '2026-03', amount: 1, note: 'x' }).success).toBe(false);
    expect(spendQuery.parse({ year: '2026' })).toEqual({ year: 2026 });
    expect(issues(spendQuery.safeParse({ year: '26' }))).toEqual(['year: expected a year as YYYY, 1900 or later']);
  });

  it('asks a source or list drill for its source or list, without a member', () => {
    const range = { from: '2026-03-01', to: '2026-03-31' };
    expect(drillQuery.parse({ ...range, metric: 'source_leads', source: 'Mailers' })).toMatchObject({ metric: 'source_leads', source: 'Mailers', limit: 50 });
    expect(issues(drillQuery.safeParse({ ...range, metric: 'source_leads' }))).toEqual(['source: required for metric source_leads']);
    expect(issues(drillQuery.safeParse({ ...range, metric: 'list_members' }))).toEqual(['list: required for metric list_members']);
    expect(issues(drillQuery.safeParse({ ...range, metric: 'list_members', list: 'nope' }))).toEqual(['list: expected a list (import) id']);
    expect(issues(drillQuery.safeParse({ ...range, metric: 'source_closed', source: 'Mailers', member: 'u1' }))).toEqual(['member: sources and lists are the whole team’s; leave member out']);
  });
});
