import { addDays, weekdayOf, type CivilDate } from './time-zones';

/**
 * The legal holidays the state calling rules exclude (state-calling-rules.ts), computed for any year. A
 * fixed-date holiday that falls on a weekend is also kept on its observed weekday: Saturday → the Friday before
 * (5 U.S.C. § 6103(b), Ala. Code § 1-3-8, Utah Code § 63G-1-301(2)) and, where a state observes it on the Monday
 * after (R.I. Gen. Laws § 25-1-1), that Monday too; Sunday → the Monday after.
 */

type HolidayRule =
  | { kind: 'fixed'; month: number; day: number }
  /** The n-th weekday of a month (n = -1: the last). */
  | { kind: 'nth'; month: number; weekday: number; n: number }
  /** Days from Easter Sunday (Good Friday is -2). */
  | { kind: 'easter'; offset: number }
  /** The Tuesday after the first Monday in November; `evenYears`: only in years with a general state election. */
  | { kind: 'election'; evenYears: boolean }
  /** June 19 and its Monday (Utah Code § 63G-1-301(2)(c)–(d): the Monday before a Tuesday–Friday, after a weekend). */
  | { kind: 'juneteenth-utah' };

const HOLIDAYS = {
  newYear: { name: "New Year's Day", rule: { kind: 'fixed', month: 1, day: 1 } },
  mlk: { name: 'Martin Luther King Jr. Day', rule: { kind: 'nth', month: 1, weekday: 1, n: 3 } },
  washington: { name: "Washington's Birthday", rule: { kind: 'nth', month: 2, weekday: 1, n: 3 } },
  goodFriday: { name: 'Good Friday', rule: { kind: 'easter', offset: -2 } },
  confederateMemorial: { name: 'Confederate Memorial Day', rule: { kind: 'nth', month: 4, weekday: 1, n: 4 } },
  riIndependence: { name: 'Rhode Island Independence Day', rule: { kind: 'fixed', month: 5, day: 4 } },
  memorial: { name: 'Memorial Day', rule: { kind: 'nth', month: 5, weekday: 1, n: -1 } },
  jeffersonDavis: { name: "Jefferson Davis' Birthday", rule: { kind: 'nth', month: 6, weekday: 1, n: 1 } },
  flagDay: { name: 'Flag Day', rule: { kind: 'fixed', month: 6, day: 14 } },
  juneteenth: { name: 'Juneteenth', rule: { kind: 'fixed', month: 6, day: 19 } },
  juneteenthUtah: { name: 'Juneteenth', rule: { kind: 'juneteenth-utah' } },
  independence: { name: 'Independence Day', rule: { kind: 'fixed', month: 7, day: 4 } },
  pioneer: { name: 'Pioneer Day', rule: { kind: 'fixed', month: 7, day: 24 } },
  victory: { name: 'Victory Day', rule: { kind: 'nth', month: 8, weekday: 1, n: 2 } },
  labor: { name: 'Labor Day', rule: { kind: 'nth', month: 9, weekday: 1, n: 1 } },
  columbus: { name: 'Columbus Day', rule: { kind: 'nth', month: 10, weekday: 1, n: 2 } },
  electionEveryYear: { name: 'Election Day', rule: { kind: 'election', evenYears: false } },
  electionEvenYears: { name: 'Election Day', rule: { kind: 'election', evenYears: true } },
  veterans: { name: 'Veterans Day', rule: { kind: 'fixed', month: 11, day: 11 } },
  thanksgiving: { name: 'Thanksgiving Day', rule: { kind: 'nth', month: 11, weekday: 4, n: 4 } },
  christmas: { name: 'Christmas Day', rule: { kind: 'fixed', month: 12, day: 25 } },
} satisfies Record<string, { name: string; rule: HolidayRule }>;

export type HolidayId = keyof typeof HOLIDAYS;

/** The federal legal public holidays of 5 U.S.C. § 6103(a) (Inauguration Day is local to Washington, D.C.). */
export const FEDERAL_HOLIDAYS: readonly HolidayId[] = [
  'newYear', 'mlk', 'washington', 'memorial', 'juneteenth', 'independence', 'labor', 'columbus', 'veterans', 'thanksgiving', 'christmas',
];

export function holidayName(id: HolidayId): string {
  return HOLIDAYS[id].name;
}

/** Easter Sunday of a Gregorian year (the anonymous Gregorian computus). */
export function easterSunday(year: number): CivilDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { year, month, day };
}

function nthWeekday(year: number, month: number, weekday: number, n: number): CivilDate {
  if (n > 0) {
    const first = { year, month, day: 1 };
    return addDays(first, ((weekday - weekdayOf(first) + 7) % 7) + (n - 1) * 7);
  }
  const lastOfMonth = addDays(month === 12 ? { year: year + 1, month: 1, day: 1 } : { year, month: month + 1, day: 1 }, -1);
  return addDays(lastOfMonth, -((weekdayOf(lastOfMonth) - weekday + 7) % 7));
}

/** The days a holiday falls on in a year, observed weekdays included. */
function holidayDates(rule: HolidayRule, year: number, saturdayAlsoMonday: boolean): CivilDate[] {
  switch (rule.kind) {
    case 'fixed': {
      const date = { year, month: rule.month, day: rule.day };
      const weekday = weekdayOf(date);
      if (weekday === 6) return [date, addDays(date, -1), ...(saturdayAlsoMonday ? [addDays(date, 2)] : [])];
      if (weekday === 0) return [date, addDays(date, 1)];
      return [date];
    }
    case 'nth':
      return [nthWeekday(year, rule.month, rule.weekday, rule.n)];
    case 'easter':
      return [addDays(easterSunday(year), rule.offset)];
    case 'election':
      return rule.evenYears && year % 2 !== 0 ? [] : [addDays(nthWeekday(year, 11, 1, 1), 1)];
    case 'juneteenth-utah': {
      const date = { year, month: 6, day: 19 };
      const weekday = weekdayOf(date);
      const monday = weekday === 6 ? addDays(date, 2) : weekday === 0 ? addDays(date, 1) : addDays(date, 1 - weekday);
      return weekday === 1 ? [date] : [date, monday];
    }
  }
}

const dayKey = (d: CivilDate) => `${d.year}-${d.month}-${d.day}`;
/** Per holiday, year and observance: the days it falls on, computed once. */
const datesCache = new Map<string, Set<string>>();

function datesOf(id: HolidayId, year: number, saturdayAlsoMonday: boolean): Set<string> {
  const key = `${id}|${year}|${saturdayAlsoMonday}`;
  let dates = datesCache.get(key);
  if (!dates) {
    dates = new Set(holidayDates(HOLIDAYS[id].rule, year, saturdayAlsoMonday).map(dayKey));
    datesCache.set(key, dates);
  }
  return dates;
}

/**
 * The name of the listed holiday that falls on a date, or null. A fixed holiday near New Year can be observed in
 * the previous year (January 1 on a Saturday → December 31), so the next year is looked at too.
 */
export function holidayOn(ids: readonly HolidayId[], date: CivilDate, saturdayAlsoMonday = false): string | null {
  const key = dayKey(date);
  for (const id of ids) {
    if (datesOf(id, date.year, saturdayAlsoMonday).has(key) || datesOf(id, date.year + 1, saturdayAlsoMonday).has(key)) return HOLIDAYS[id].name;
  }
  return null;
}
