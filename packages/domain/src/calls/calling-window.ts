import { holidayOn } from './holidays';
import { callingRuleFor, type DayHours, type StateCallingRule } from './state-calling-rules';
import {
  addDays, dayWord, EASTERN, formatClock, localTime, STATE_CODES, stateCode, timeZoneFor, WEEKDAY_NAMES, wallTimeToInstant, weekdayOf,
  zoneLabel, zonesOfState, type CivilDate,
} from './time-zones';

/**
 * The calling window (DESIGN.md "Calling rules"; the same for calls and texts): the lead's state rule from
 * state-calling-rules.ts, or the federal 8:00–21:00, by weekday and holiday in the lead's local time. An unknown
 * location gets the strictest window: allowed only while every state's rule (or the federal one) allows it in every
 * zone that state reaches, so the message names Eastern time.
 */

export interface CallingLocation {
  state: string | null;
  zip: string | null;
}

export interface CallingWindow {
  allowed: boolean;
  /** The lead's local time, e.g. '7:12 AM' (Eastern time when the location is unknown). */
  localTime: string;
  timeZone: string;
  /** Short zone label: ET, CT, MT, MST, PT, AKT, HT. */
  zone: string;
  locationKnown: boolean;
  /** Today's window in that local time ('8:00 AM'), null when there is no calling today. */
  opensAt: string | null;
  closesAt: string | null;
  /** The rule applied (the state's row or the federal window); null for an unknown location, where every rule applies. */
  rule: { state: string | null; name: string; citation: string } | null;
  /** The legal holiday that closes today, if any. */
  holiday: string | null;
  /** The first instant calling is allowed at or after now (now itself when allowed), ISO. */
  nextAllowedAt: string;
  /** The refusal text when not allowed. */
  message?: string;
}

interface Schedule {
  rule: StateCallingRule;
  timeZone: string;
}

/** A day's hours under a rule: null on a day without calls, with the holiday's name when that is why. */
function dayHours(rule: StateCallingRule, date: CivilDate): { hours: DayHours | null; holiday: string | null } {
  const holiday = rule.holidays ? holidayOn(rule.holidays.ids, date, rule.holidays.saturdayAlsoMonday) : null;
  return { hours: holiday ? null : (rule.hours[weekdayOf(date)] ?? null), holiday };
}

/** The first instant at or after `from` one schedule allows. */
function nextAllowedIn(s: Schedule, from: Date): Date {
  const now = localTime(s.timeZone, from);
  for (let i = 0; i < 14; i += 1) {
    const date = i === 0 ? now : addDays(now, i);
    const { hours } = dayHours(s.rule, date);
    if (!hours || (i === 0 && now.minutes >= hours.closes)) continue;
    if (i === 0 && now.minutes >= hours.opens) return from;
    return wallTimeToInstant(s.timeZone, date, hours.opens);
  }
  throw new Error(`No calling day within two weeks under ${s.rule.name}`);
}

/** The first instant at or after `from` every schedule allows. */
function nextAllowedAll(schedules: readonly Schedule[], from: Date): Date {
  let t = from;
  for (let round = 0; round < 100; round += 1) {
    let moved = false;
    for (const s of schedules) {
      const next = nextAllowedIn(s, t);
      if (next.getTime() > t.getTime()) {
        t = next;
        moved = true;
      }
    }
    if (!moved) return t;
  }
  throw new Error('No instant found that every calling rule allows');
}

/** Where the window containing an allowed instant ends under one schedule. */
function windowEnd(s: Schedule, at: Date): Date {
  const local = localTime(s.timeZone, at);
  const { hours } = dayHours(s.rule, local);
  return hours ? wallTimeToInstant(s.timeZone, local, hours.closes) : at;
}

/** Every state's rule in every zone the state reaches: what an unknown location must satisfy. */
const UNKNOWN_SCHEDULES: readonly Schedule[] = (() => {
  const byKey = new Map<string, Schedule>();
  for (const code of STATE_CODES) {
    const rule = callingRuleFor(code);
    for (const timeZone of zonesOfState(code)) byKey.set(`${rule.state ?? 'federal'}|${timeZone}`, { rule, timeZone });
  }
  return [...byKey.values()];
})();

function schedulesFor(location: CallingLocation): readonly Schedule[] {
  const timeZone = timeZoneFor(location.state, location.zip);
  return timeZone ? [{ rule: callingRuleFor(stateCode(location.state)), timeZone }] : UNKNOWN_SCHEDULES;
}

/** The first instant at or after `from` a call or text to a lead at this location is allowed (a scheduler's next legal minute). */
export function nextAllowedTime(location: CallingLocation, from: Date): Date {
  return nextAllowedAll(schedulesFor(location), from);
}

const sameHours = (a: DayHours | null | undefined, b: DayHours | null | undefined) =>
  a === b || (a != null && b != null && a.opens === b.opens && a.closes === b.closes);

/** 'every day', 'on weekdays', 'Monday–Saturday', 'on Sundays': the days sharing a weekday's hours. */
function daysPhrase(hours: StateCallingRule['hours'], weekday: number): string {
  const same = [0, 1, 2, 3, 4, 5, 6].filter((d) => sameHours(hours[d], hours[weekday]));
  if (same.length === 7) return 'every day';
  if (same.length === 1) return `on ${WEEKDAY_NAMES[weekday]}s`;
  if (same.join() === '1,2,3,4,5') return 'on weekdays';
  if (same.every((d, i) => i === 0 || d === same[i - 1]! + 1)) return `${WEEKDAY_NAMES[same[0]!]}–${WEEKDAY_NAMES[same.at(-1)!]}`;
  return `on ${same.map((d) => `${WEEKDAY_NAMES[d]}s`).join(', ')}`;
}

/** 'Texas allows telephone solicitation 12:00 PM–9:00 PM on Sundays (Tex. Bus. & Com. Code § 301.051)'. */
function ruleSentence(rule: StateCallingRule, weekday: number, hours: DayHours | null, holiday: string | null): string {
  if (holiday) return `${rule.name} allows no telephone solicitation on legal holidays, and today is ${holiday} there (${rule.holidays!.citation})`;
  if (!hours) return `${rule.name} allows no telephone solicitation on ${WEEKDAY_NAMES[weekday]}s (${rule.citation})`;
  const who = rule.hoursBy ?? rule.name;
  const verb = who === 'Federal rules' ? 'allow' : 'allows';
  return `${who} ${verb} telephone solicitation ${formatClock(hours.opens)}–${formatClock(hours.closes)} ${daysPhrase(rule.hours, weekday)} (${rule.citation})`;
}

/** '12:00 PM today', '8:00 AM tomorrow', '9:00 AM on Monday' in a zone. */
function opening(timeZone: string, next: Date, today: CivilDate): string {
  const when = localTime(timeZone, next);
  return `${formatClock(when.minutes)} ${dayWord(today, when)}`;
}

export function callingWindow(state: string | null, zip: string | null, now: Date): CallingWindow {
  const timeZone = timeZoneFor(state, zip);
  return timeZone ? knownLocationWindow(callingRuleFor(stateCode(state)), timeZone, now) : unknownLocationWindow(now);
}

function knownLocationWindow(rule: StateCallingRule, timeZone: string, now: Date): CallingWindow {
  const local = localTime(timeZone, now);
  const { hours, holiday } = dayHours(rule, local);
  const next = nextAllowedIn({ rule, timeZone }, now);
  const zone = zoneLabel(timeZone);
  const result: CallingWindow = {
    allowed: next.getTime() === now.getTime(), localTime: formatClock(local.minutes), timeZone, zone, locationKnown: true,
    opensAt: hours ? formatClock(hours.opens) : null, closesAt: hours ? formatClock(hours.closes) : null,
    rule: { state: rule.state, name: rule.name, citation: rule.citation }, holiday, nextAllowedAt: next.toISOString(),
  };
  if (!result.allowed) {
    result.message = `${ruleSentence(rule, local.weekday, hours, holiday)}; it is ${result.localTime} there (${zone}). Calling opens at ${opening(timeZone, next, local)}.`;
  }
  return result;
}

function unknownLocationWindow(now: Date): CallingWindow {
  const local = localTime(EASTERN, now);
  const next = nextAllowedAll(UNKNOWN_SCHEDULES, now);
  const todayOpens = nextAllowedAll(UNKNOWN_SCHEDULES, wallTimeToInstant(EASTERN, local, 0));
  const opensLocal = localTime(EASTERN, todayOpens);
  const openToday = opensLocal.year === local.year && opensLocal.month === local.month && opensLocal.day === local.day;
  const todayCloses = openToday ? Math.min(...UNKNOWN_SCHEDULES.map((s) => windowEnd(s, todayOpens).getTime())) : null;
  const result: CallingWindow = {
    allowed: next.getTime() === now.getTime(), localTime: formatClock(local.minutes), timeZone: EASTERN, zone: 'ET', locationKnown: false,
    opensAt: openToday ? formatClock(opensLocal.minutes) : null,
    closesAt: todayCloses === null ? null : formatClock(localTime(EASTERN, new Date(todayCloses)).minutes),
    rule: null, holiday: null, nextAllowedAt: next.toISOString(),
  };
  if (!result.allowed) {
    const today = openToday ? `today ${result.opensAt}–${result.closesAt} ET` : 'no calling today';
    const nextLocal = localTime(EASTERN, next);
    result.message = `This lead's location is unknown, so calling is allowed only while every state's calling rules allow it in every US time zone (${today}); it is ${result.localTime} ET. Calling opens at ${formatClock(nextLocal.minutes)} ET ${dayWord(local, nextLocal)}.`;
  }
  return result;
}

/** Where a lead is for calling purposes: the property's state and zip, the mailing address as fallback. */
export function leadCallingLocation(lead: Record<string, unknown>): CallingLocation {
  const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  const propertyState = str(lead.property_address_state);
  if (stateCode(propertyState)) {
    return { state: propertyState, zip: str(lead.property_address_zipcode) ?? str(lead.property_address_zip) };
  }
  const mailingState = str(lead.mailing_address_state);
  if (stateCode(mailingState)) return { state: mailingState, zip: str(lead.mailing_address_zip) };
  return { state: null, zip: null };
}
