import { describe, expect, it } from 'vitest';
import { rangeParams, rangeText, rangeWords, readRange, todayIn } from './report-range';

const today = { year: 2026, month: 3, day: 9 };
const read = (search: string) => readRange(new URLSearchParams(search), today);

describe('the range of a report', () => {
  it('is the organization’s day, not the browser’s', () => {
    const at = new Date('2026-03-10T04:30:00.000Z');
    expect(todayIn('America/Chicago', at)).toEqual({ year: 2026, month: 3, day: 9 });
    expect(todayIn('America/New_York', at)).toEqual({ year: 2026, month: 3, day: 10 });
    expect(todayIn('Pacific/Honolulu', new Date('2026-01-01T09:59:00.000Z'))).toEqual({ year: 2025, month: 12, day: 31 });
  });

  it('reads a preset, 7 days by default, a custom range, and a member', () => {
    expect(read('')).toMatchObject({ choice: '7d', query: { from: '2026-03-03', to: '2026-03-09' }, member: null });
    expect(read('range=unknown')).toMatchObject({ choice: '7d' });
    expect(read('range=quarter&member=user-2')).toMatchObject({ choice: 'quarter', query: { from: '2026-01-01', to: '2026-03-09', member: 'user-2' } });
    expect(read('from=2026-02-01&to=2026-02-28')).toMatchObject({ choice: 'custom', query: { from: '2026-02-01', to: '2026-02-28' }, error: null });
    expect(read('from=2026-02-30&to=2026-03-01')).toMatchObject({ choice: 'custom', query: null, error: 'from: expected a date as YYYY-MM-DD' });
    expect(read('from=2024-01-01&to=2026-03-01')).toMatchObject({ query: null, error: 'to: a range can span at most 400 days' });
    // A preset wins over stale dates.
    expect(read('range=30d&from=2026-02-01&to=2026-02-28')).toMatchObject({ choice: '30d', query: { from: '2026-02-08' } });
  });

  it('writes a choice into the address, keeping the member', () => {
    const params = new URLSearchParams('member=user-2&range=30d');
    expect(rangeParams(params, '7d', { from: 'x', to: 'y' }).toString()).toBe('member=user-2');
    expect(rangeParams(params, 'today', { from: 'x', to: 'y' }).toString()).toBe('member=user-2&range=today');
    expect(rangeParams(params, 'custom', { from: '2026-02-08', to: '2026-03-09' }).toString()).toBe('member=user-2&from=2026-02-08&to=2026-03-09');
  });

  it('names its days in words', () => {
    expect(rangeText('2026-03-03', '2026-03-09')).toBe('Mar 3 – Mar 9, 2026');
    expect(rangeText('2025-12-29', '2026-01-04')).toBe('Dec 29, 2025 – Jan 4, 2026');
    expect(rangeText('2026-03-09', '2026-03-09')).toBe('Mar 9, 2026');
    expect(rangeWords({ choice: '7d', from: '', to: '' })).toBe('in these 7 days');
    expect(rangeWords({ choice: 'today', from: '', to: '' })).toBe('today');
    expect(rangeWords({ choice: 'custom', from: '2026-03-03', to: '2026-03-09' })).toBe('from Mar 3 – Mar 9, 2026');
    expect(rangeWords({ choice: 'custom', from: '2026-03-09', to: '2026-03-09' })).toBe('on Mar 9, 2026');
  });
});
