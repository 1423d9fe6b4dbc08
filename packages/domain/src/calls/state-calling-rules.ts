import { FEDERAL_HOLIDAYS, type HolidayId } from './holidays';

/**
 * When telephone solicitation (calls and texts) may reach a lead, by the state the lead is in, in the lead's local
 * time. Federal law allows 8:00–21:00 every day (47 CFR 64.1200(c)(1); 16 CFR 310.4(c)); a state listed here is
 * stricter on some day or hour. Each row names the provision it comes from and how it was checked:
 * - 'statute text': the hours (and holidays) were read in the text of the statute or rule itself;
 * - 'secondary sources': the provision's text could not be read with the research tools; the row follows what
 *   law-firm alerts and compliance vendors report for it, agreeing with one another. Keep these rows until the
 *   text is read: each is stricter than the federal window, so a mistake refuses calls rather than allows them.
 *
 * Looked at and left out (checked 2026-11): New Jersey is 8:00–21:00 like the federal rule (N.J.S.A. 56:8-128(d)),
 * although vendors list 8:00–20:00; Wyoming (reported to close at 20:00), Michigan, Minnesota, Nevada, New Mexico
 * and Illinois (reported to open at 9:00) could not be verified, and several of those rules cover only automatic
 * dialing or recorded messages, which this dialer does not use; Pennsylvania's SB 992 of the 2025–26 session
 * (no Sundays, 9:00–19:00) passed the Senate but its enactment could not be verified; Louisiana's list of holidays
 * without calls (Public Service Commission) could not be read, so Louisiana holidays are not excluded.
 */

/** Minutes after local midnight: calls allowed from `opens` up to, not including, `closes`. */
export interface DayHours {
  opens: number;
  closes: number;
}

export interface StateCallingRule {
  /** 'TX'; null for the federal window. */
  state: string | null;
  name: string;
  /** Who sets the hours when not the state itself (Pennsylvania keeps the federal hours). */
  hoursBy?: string;
  /** By weekday, 0 = Sunday; null: no telephone solicitation that day. */
  hours: readonly (DayHours | null)[];
  citation: string;
  /** Legal holidays without telephone solicitation, with the provision that says so. */
  holidays?: { ids: readonly HolidayId[]; citation: string; saturdayAlsoMonday?: boolean };
  source: 'statute text' | 'secondary sources';
  /** What the reading of the provision assumes. */
  note?: string;
}

const at = (hour: number) => hour * 60;
const h = (opens: number, closes: number): DayHours => ({ opens: at(opens), closes: at(closes) });
const everyDay = (day: DayHours) => [day, day, day, day, day, day, day];
/** Monday–Saturday the same hours, Sunday its own (null: no calls). */
const week = (monToSat: DayHours, sunday: DayHours | null) => [sunday, monToSat, monToSat, monToSat, monToSat, monToSat, monToSat];

export const FEDERAL_RULE: StateCallingRule = {
  state: null, name: 'Federal rules', hours: everyDay(h(8, 21)), citation: '47 CFR 64.1200(c)(1)', source: 'statute text',
};

const RULES: StateCallingRule[] = [
  {
    state: 'AL', name: 'Alabama', hours: week(h(8, 20), null), citation: 'Ala. Admin. Code r. 770-X-5-.17(1)(b)', source: 'statute text',
    holidays: {
      ids: ['newYear', 'mlk', 'washington', 'confederateMemorial', 'memorial', 'jeffersonDavis', 'independence', 'labor', 'columbus', 'veterans', 'thanksgiving', 'christmas'],
      citation: 'Ala. Code § 1-3-8',
    },
    note: 'The rule is written for automated solicitation calls; it is applied to every call as the stricter reading. The holiday list follows Ala. Code § 1-3-8 as reported (Mardi Gras, a holiday only in Baldwin and Mobile counties, is not counted).',
  },
  {
    state: 'CT', name: 'Connecticut', hours: everyDay(h(9, 20)), citation: 'Conn. Gen. Stat. § 42-288a (Public Act 23-98)', source: 'secondary sources',
  },
  { state: 'FL', name: 'Florida', hours: everyDay(h(8, 20)), citation: 'Fla. Stat. § 501.616(6)(a)', source: 'statute text' },
  { state: 'KY', name: 'Kentucky', hours: everyDay(h(10, 21)), citation: 'KRS 367.46955', source: 'secondary sources' },
  {
    state: 'LA', name: 'Louisiana', hours: week(h(8, 20), null), citation: 'La. Pub. Serv. Comm’n General Order R-29617', source: 'secondary sources',
    note: 'Legal holidays are also reported as excluded; the Commission’s list could not be read, so they are not counted.',
  },
  { state: 'MD', name: 'Maryland', hours: everyDay(h(8, 20)), citation: 'Md. Code, Com. Law § 14-4502', source: 'secondary sources' },
  { state: 'MA', name: 'Massachusetts', hours: everyDay(h(8, 20)), citation: '201 CMR 12.02(2)', source: 'statute text' },
  {
    state: 'MS', name: 'Mississippi', hours: week(h(8, 20), null), citation: 'Miss. Code Ann. § 77-3-723', source: 'statute text',
    note: 'The statute says "Central Standard Time"; it is read as Mississippi’s local clock.',
  },
  { state: 'OK', name: 'Oklahoma', hours: everyDay(h(8, 20)), citation: 'Okla. Stat. tit. 15, § 775C.4', source: 'secondary sources' },
  {
    state: 'PA', name: 'Pennsylvania', hoursBy: 'Federal rules', hours: everyDay(h(8, 21)), citation: '47 CFR 64.1200(c)(1)', source: 'secondary sources',
    holidays: {
      ids: ['newYear', 'mlk', 'washington', 'goodFriday', 'memorial', 'flagDay', 'independence', 'labor', 'columbus', 'electionEveryYear', 'veterans', 'thanksgiving', 'christmas'],
      citation: '73 P.S. § 2245(a)(10)', saturdayAlsoMonday: true,
    },
    note: 'Hours as federal; the holiday ban (Act 73 of 2019) and its list of legal holidays as reported. How Pennsylvania observes a Saturday holiday was not found, so both the Friday before and the Monday after are kept.',
  },
  {
    state: 'RI', name: 'Rhode Island', hours: [null, h(9, 18), h(9, 18), h(9, 18), h(9, 18), h(9, 18), h(10, 17)],
    citation: 'R.I. Gen. Laws § 5-61-3.6', source: 'statute text',
    holidays: {
      ids: [...FEDERAL_HOLIDAYS, 'riIndependence', 'victory', 'electionEvenYears'], citation: 'R.I. Gen. Laws §§ 5-61-2, 25-1-1', saturdayAlsoMonday: true,
    },
    note: 'Hours of operation are defined in § 5-61-2 for Monday–Friday "except a state or federal holiday" and Saturday; a holiday falling on a Saturday is excluded too, as the stricter reading.',
  },
  { state: 'TX', name: 'Texas', hours: week(h(9, 21), h(12, 21)), citation: 'Tex. Bus. & Com. Code § 301.051', source: 'secondary sources' },
  {
    state: 'UT', name: 'Utah', hours: week(h(8, 21), null), citation: 'Utah Code § 13-25a-103(3)', source: 'statute text',
    holidays: {
      ids: ['newYear', 'mlk', 'washington', 'goodFriday', 'memorial', 'juneteenthUtah', 'independence', 'pioneer', 'labor', 'columbus', 'veterans', 'thanksgiving', 'christmas'],
      citation: 'Utah Code §§ 13-25a-103(3), 63G-1-301',
    },
  },
  { state: 'WA', name: 'Washington', hours: everyDay(h(8, 20)), citation: 'RCW 80.36.390(7)', source: 'statute text' },
];

export const STATE_CALLING_RULES: Readonly<Record<string, StateCallingRule>> = Object.fromEntries(RULES.map((r) => [r.state!, r]));

/** The rule for a state code: its row, or the federal window. */
export function callingRuleFor(code: string | null): StateCallingRule {
  return (code ? STATE_CALLING_RULES[code] : undefined) ?? FEDERAL_RULE;
}
