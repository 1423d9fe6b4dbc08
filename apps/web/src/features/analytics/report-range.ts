/** Which report the address asks for: a preset or custom range of the organization's days, and a member. */
import {
  ANALYTICS_PRESETS, analyticsQuery, localTime, parseDay, presetRange, type AnalyticsPreset, type AnalyticsQuery, type CivilDate,
} from '@wholesail/domain';

export type RangeChoice = AnalyticsPreset | 'custom';

export const DEFAULT_PRESET: AnalyticsPreset = '7d';

export type ReportRange = {
  choice: RangeChoice;
  from: string;
  to: string;
  member: string | null;
  /** The query to send, or null when the custom dates cannot be one (then `error` says why). */
  query: AnalyticsQuery | null;
  error: string | null;
};

/** The calendar day it is now in a time zone: "today" of a report is the organization's, not the browser's. */
export function todayIn(timeZone: string, now: Date = new Date()): CivilDate {
  const { year, month, day } = localTime(timeZone, now);
  return { year, month, day };
}

const isPreset = (value: string | null): value is AnalyticsPreset => (ANALYTICS_PRESETS as readonly (string | null)[]).includes(value);

/** `?range=30d` (7 days when absent or unknown), or `?from=…&to=…` for a custom range; `member` filters by one member. */
export function readRange(params: URLSearchParams, today: CivilDate): ReportRange {
  const member = params.get('member') || null;
  const range = params.get('range');
  const from = params.get('from');
  const to = params.get('to');
  if (!isPreset(range) && from !== null && to !== null) {
    const parsed = analyticsQuery.safeParse({ from, to, ...(member ? { member } : {}) });
    return parsed.success
      ? { choice: 'custom', from, to, member, query: parsed.data, error: null }
      : { choice: 'custom', from, to, member, query: null, error: parsed.error.issues[0]!.message };
  }
  const choice = isPreset(range) ? range : DEFAULT_PRESET;
  const days = presetRange(choice, today);
  return { choice, ...days, member, query: { ...days, ...(member ? { member } : {}) }, error: null };
}

/** The address of a choice: a preset by name (the default by none), custom by its two dates; other parameters kept. */
export function rangeParams(params: URLSearchParams, choice: RangeChoice, dates: { from: string; to: string }): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('range');
  next.delete('from');
  next.delete('to');
  if (choice === 'custom') {
    next.set('from', dates.from);
    next.set('to', dates.to);
  } else if (choice !== DEFAULT_PRESET) next.set('range', choice);
  return next;
}

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const dayYearFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

const utc = (day: string) => {
  const d = parseDay(day)!;
  return new Date(Date.UTC(d.year, d.month - 1, d.day));
};

/** "2026-03-09" → "Mar 9". */
export const shortDay = (day: string) => (parseDay(day) ? dayFormat.format(utc(day)) : day);

/** "Mar 3 – Mar 9, 2026"; one day: "Mar 9, 2026"; across years, each with its year. */
export function rangeText(from: string, to: string): string {
  if (!parseDay(from) || !parseDay(to)) return `${from} – ${to}`;
  if (from === to) return dayYearFormat.format(utc(to));
  const sameYear = from.slice(0, 4) === to.slice(0, 4);
  return `${sameYear ? dayFormat.format(utc(from)) : dayYearFormat.format(utc(from))} – ${dayYearFormat.format(utc(to))}`;
}

/** How a sentence names the range: "today", "in these 7 days", "in this quarter", "from Mar 3 – Mar 9, 2026", "on Mar 9, 2026". */
export function rangeWords(range: Pick<ReportRange, 'choice' | 'from' | 'to'>): string {
  if (range.choice === 'today') return 'today';
  if (range.choice === '7d') return 'in these 7 days';
  if (range.choice === '30d') return 'in these 30 days';
  if (range.choice === 'quarter') return 'in this quarter';
  return `${range.from === range.to ? 'on' : 'from'} ${rangeText(range.from, range.to)}`;
}
