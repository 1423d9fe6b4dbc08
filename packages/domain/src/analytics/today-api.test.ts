import { describe, expect, it } from 'vitest';
import { listLeadsQuery } from '../leads/lead-api';
import { todayBounds } from './today-api';

const iso = (d: Date) => d.toISOString();

describe('todayBounds', () => {
  it('gives the local midnights of yesterday, today and tomorrow around an instant', () => {
    // 2026-04-15 01:30 UTC is still the 14th in New York (21:30 EDT).
    const b = todayBounds('America/New_York', new Date('2026-04-15T01:30:00Z'));
    expect([b.date, iso(b.yesterdayStart), iso(b.todayStart), iso(b.tomorrowStart)]).toEqual([
      '2026-04-14', '2026-04-13T04:00:00.000Z', '2026-04-14T04:00:00.000Z', '2026-04-15T04:00:00.000Z',
    ]);
  });

  it('makes the day of a daylight saving change 23 hours long', () => {
    const b = todayBounds('America/Chicago', new Date('2026-03-08T18:00:00Z'));
    expect([b.date, iso(b.yesterdayStart), iso(b.todayStart), iso(b.tomorrowStart)]).toEqual([
      '2026-03-08', '2026-03-07T06:00:00.000Z', '2026-03-08T06:00:00.000Z', '2026-03-09T05:00:00.000Z',
    ]);
  });
});

describe('the leads list’s created_after', () => {
  const message = (value: string) => {
    const r = listLeadsQuery.safeParse({ created_after: value });
    return r.success ? null : r.error.issues[0]!.message;
  };

  it('takes an instant with its offset from 1900 on', () => {
    expect(listLeadsQuery.parse({ created_after: '2026-04-14T04:00:00.000Z' }).created_after).toBe('2026-04-14T04:00:00.000Z');
    expect(message('2026-04-14T00:00:00-04:00')).toBeNull();
    for (const bad of ['yesterday', '2026-04-14', '2026-04-14T04:00:00', '1899-12-31T23:59:59Z', '0000-01-01T00:00:00Z']) {
      expect(message(bad), bad).toBe('created_after: expected a date and time such as 2026-04-14T04:00:00Z, from 1900 on');
    }
  });
});
