import { dayWord, formatClock, localTime, zoneLabel } from './time-zones';

/**
 * The per-number call limit (issue 15): at most `callsPerNumberPer24h` dials to the same number in any rolling
 * 24 hours across the organization. Florida's limit of three (Fla. Stat. § 501.616(6)(b)) is the default.
 */
export const CALL_LIMIT = { min: 1, max: 10, default: 3, windowHours: 24 } as const;

/** Why the default is 3, shown next to the setting. */
export const CALL_LIMIT_WHY =
  "Florida's telephone solicitation act allows 3 calls per 24 hours on the same subject, and the stricter rule is the safe default everywhere";

/**
 * 'This number was called 3 times in the last 24 hours; the next call is allowed after 2:15 PM CT tomorrow.'
 * `resumesAt` is when the oldest counted call leaves the 24 hours, shown in the lead's local time.
 */
export function callLimitMessage(count: number, resumesAt: Date, timeZone: string, now: Date): string {
  const when = localTime(timeZone, resumesAt);
  const day = dayWord(localTime(timeZone, now), when);
  const after = `${formatClock(when.minutes)} ${zoneLabel(timeZone)}${day === 'today' ? '' : ` ${day}`}`;
  return `This number was called ${count === 1 ? 'once' : `${count} times`} in the last 24 hours; the next call is allowed after ${after}.`;
}
