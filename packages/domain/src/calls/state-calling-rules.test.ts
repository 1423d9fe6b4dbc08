import { describe, expect, it } from 'vitest';
import {
  callingWindow, easterSunday, FEDERAL_RULE, holidayOn, STATE_CALLING_RULES, timeZoneFor, wallTimeToInstant, weekdayOf,
  type CivilDate,
} from '..';

/** A week without holidays in any listed state: Sunday 2026-03-15 to Saturday 2026-03-21. */
const WEEK: CivilDate[] = [15, 16, 17, 18, 19, 20, 21].map((day) => ({ year: 2026, month: 3, day }));

describe('the state table', () => {
  it('lists the verified stricter states, each with a citation and how it was checked', () => {
    expect(Object.keys(STATE_CALLING_RULES).sort()).toEqual(['AL', 'CT', 'FL', 'KY', 'LA', 'MA', 'MD', 'MS', 'OK', 'PA', 'RI', 'TX', 'UT', 'WA']);
    for (const rule of Object.values(STATE_CALLING_RULES)) {
      expect(rule.citation.length, rule.name).toBeGreaterThan(5);
      expect(['statute text', 'secondary sources']).toContain(rule.source);
      expect(rule.hours).toHaveLength(7);
    }
    expect(STATE_CALLING_RULES.NJ).toBeUndefined(); // N.J.S.A. 56:8-128(d) is 8:00–21:00, as the federal rule
  });

  // Every row at each edge of every weekday: a minute before opening, opening, the last minute, closing; noon on a day without calls.
  for (const rule of [...Object.values(STATE_CALLING_RULES), FEDERAL_RULE]) {
    it(`${rule.name}: every weekday at its edges`, () => {
      const state = rule.state ?? 'NY';
      const zone = timeZoneFor(state, null)!;
      for (const date of WEEK) {
        const hours = rule.hours[weekdayOf(date)];
        const check = (minutes: number, expected: boolean) =>
          expect(callingWindow(state, null, wallTimeToInstant(zone, date, minutes)).allowed, `${state} ${date.day} ${minutes}`).toBe(expected);
        if (!hours) {
          check(12 * 60, false);
          continue;
        }
        check(hours.opens - 1, false);
        check(hours.opens, true);
        check(hours.closes - 1, true);
        check(hours.closes, false);
      }
    });
  }
});

describe('holidays', () => {
  it('computes Easter, the n-th and last weekdays and observed days', () => {
    expect(easterSunday(2026)).toEqual({ year: 2026, month: 4, day: 5 });
    expect(easterSunday(2027)).toEqual({ year: 2027, month: 3, day: 28 });
    expect(holidayOn(['goodFriday'], { year: 2027, month: 3, day: 26 })).toBe('Good Friday');
    expect(holidayOn(['memorial'], { year: 2026, month: 5, day: 25 })).toBe('Memorial Day');
    expect(holidayOn(['memorial'], { year: 2026, month: 5, day: 18 })).toBeNull();
    expect(holidayOn(['thanksgiving'], { year: 2026, month: 11, day: 26 })).toBe('Thanksgiving Day');
    expect(holidayOn(['electionEvenYears'], { year: 2026, month: 11, day: 3 })).toBe('Election Day');
    expect(holidayOn(['electionEvenYears'], { year: 2027, month: 11, day: 2 })).toBeNull();
    // Christmas 2027 is a Saturday: Friday the 24th; the Monday after only where the state observes it then.
    expect(holidayOn(['christmas'], { year: 2027, month: 12, day: 24 })).toBe('Christmas Day');
    expect(holidayOn(['christmas'], { year: 2027, month: 12, day: 27 })).toBeNull();
    expect(holidayOn(['christmas'], { year: 2027, month: 12, day: 27 }, true)).toBe('Christmas Day');
  });

  it('converts a local wall time to the instant, either side of DST', () => {
    expect(wallTimeToInstant('America/Chicago', { year: 2026, month: 1, day: 15 }, 8 * 60).toISOString()).toBe('2026-01-15T14:00:00.000Z');
    expect(wallTimeToInstant('America/Chicago', { year: 2026, month: 7, day: 15 }, 8 * 60).toISOString()).toBe('2026-07-15T13:00:00.000Z');
    expect(wallTimeToInstant('America/New_York', { year: 2026, month: 3, day: 8 }, 12 * 60).toISOString()).toBe('2026-03-08T16:00:00.000Z');
    expect(wallTimeToInstant('Pacific/Honolulu', { year: 2026, month: 3, day: 8 }, 8 * 60).toISOString()).toBe('2026-03-08T18:00:00.000Z');
  });
});
