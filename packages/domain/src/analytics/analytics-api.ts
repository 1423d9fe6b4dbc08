import { z } from 'zod';
import { CALL_OUTCOMES, type CallOutcome } from '../calls/outcomes';
import { addDays, daysBetween, EASTERN, type CivilDate } from '../calls/time-zones';

/**
 * Analytics (issue 23, docs/api-analytics.md): what a team's calls and texts did over a range of days in the
 * organization's time zone, compared with the period before, read from hourly rollups kept current by the writes.
 */

/**
 * The time zones a team may report in: the United States' (each offset a whole number of hours, so the hourly rollups
 * add up to any local day exactly).
 */
export const REPORTING_TIME_ZONES = [
  'America/New_York', 'America/Chicago', 'America/Denver', 'America/Phoenix', 'America/Los_Angeles', 'America/Anchorage', 'Pacific/Honolulu', 'America/Puerto_Rico',
] as const;
export type ReportingTimeZone = (typeof REPORTING_TIME_ZONES)[number];

/** The longest range a report reads, in days. */
export const MAX_RANGE_DAYS = 400;
/** A call longer than this is a conversation (seconds). */
export const CONVERSATION_MIN_SEC = 60;
/** An opt-out rate at or above this, and higher than the period before, is a warning (carriers act on rising opt-outs). */
export const OPT_OUT_WARNING_RATE = 0.01;

/** The organization's reporting settings (settings section `reporting`): its time zone and the team's daily goals. */
export const reportingSettingsSchema = z
  .object({
    timeZone: z.enum(REPORTING_TIME_ZONES, { error: `timeZone: expected one of ${REPORTING_TIME_ZONES.join(', ')}` }),
    dailyDialGoal: z.number({ error: 'dailyDialGoal: expected a whole number' }).int('dailyDialGoal: expected a whole number').min(0, 'dailyDialGoal: must be 0 or more').max(10_000, 'dailyDialGoal: must be at most 10,000'),
    dailyConnectGoal: z.number({ error: 'dailyConnectGoal: expected a whole number' }).int('dailyConnectGoal: expected a whole number').min(0, 'dailyConnectGoal: must be 0 or more').max(10_000, 'dailyConnectGoal: must be at most 10,000'),
  })
  .strict();
export type ReportingSettings = z.infer<typeof reportingSettingsSchema>;
export const DEFAULT_REPORTING_SETTINGS: ReportingSettings = { timeZone: EASTERN, dailyDialGoal: 100, dailyConnectGoal: 10 };
export const reportingSettingsBody = reportingSettingsSchema.partial().strict();

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** 'YYYY-MM-DD' → the day, or null when it is not a calendar day. */
export function parseDay(value: string): CivilDate | null {
  if (!DATE.test(value)) return null;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day ? { year, month, day } : null;
}

export const formatDay = (d: CivilDate) => `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

const day = (field: string) => z.string({ error: `${field}: expected a date as YYYY-MM-DD` }).refine((v) => parseDay(v) !== null, `${field}: expected a date as YYYY-MM-DD`);

const rangeFields = z.object({
  from: day('from'),
  to: day('to'),
  member: z.string().min(1, 'member: expected a member id').max(100, 'member: expected a member id').optional(),
});

/**
 * The first day a range may start on: the period before a range is a range too, and the calendar helpers (Date.UTC
 * reads years 0–99 as 1900–1999) and 4-digit formatting hold for every day from some years before it.
 */
const EARLIEST_DAY = '1900-01-01';

function checkRange(q: { from: string; to: string }, ctx: z.RefinementCtx) {
  const from = parseDay(q.from);
  const to = parseDay(q.to);
  if (!from || !to) return;
  if (q.from < EARLIEST_DAY) ctx.addIssue({ code: 'custom', path: ['from'], message: `from: must be ${EARLIEST_DAY} or later` });
  const span = daysBetween(from, to);
  if (span < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to: must be on or after from' });
  else if (span + 1 > MAX_RANGE_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: `to: a range can span at most ${MAX_RANGE_DAYS} days` });
}

/** The query of every analytics report: `from` and `to` are local days of the organization, both included. */
export const analyticsQuery = rangeFields.superRefine(checkRange);
export type AnalyticsQuery = z.infer<typeof analyticsQuery>;

export const ANALYTICS_PRESETS = ['today', '7d', '30d', 'quarter'] as const;
export type AnalyticsPreset = (typeof ANALYTICS_PRESETS)[number];
export const PRESET_LABELS: Record<AnalyticsPreset | 'custom', string> = { today: 'Today', '7d': '7 days', '30d': '30 days', quarter: 'Quarter', custom: 'Custom' };

/** A preset's days ending today (the quarter: from the first day of today's calendar quarter). */
export function presetRange(preset: AnalyticsPreset, today: CivilDate): { from: string; to: string } {
  const to = formatDay(today);
  if (preset === 'today') return { from: to, to };
  if (preset === 'quarter') return { from: formatDay({ year: today.year, month: Math.floor((today.month - 1) / 3) * 3 + 1, day: 1 }), to };
  return { from: formatDay(addDays(today, preset === '7d' ? -6 : -29)), to };
}

/** The period of the same length just before a range (what a report compares with). */
export function previousPeriod(range: { from: string; to: string }): { from: string; to: string } {
  const from = parseDay(range.from)!;
  const days = daysBetween(from, parseDay(range.to)!) + 1;
  return { from: formatDay(addDays(from, -days)), to: formatDay(addDays(from, -1)) };
}

/** part ÷ whole, or null when there is no whole (a rate of nothing is not 0 %). */
export const rate = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null);

const count = z.number().int().min(0);
const ratio = z.number().min(0).nullable();

/** The calling figures of a period (of the team or of one member). */
export const callFiguresSchema = z.object({
  dials: count,
  connects: count,
  connect_rate: ratio,
  conversations: count,
  talk_time_sec: count,
  avg_duration_sec: z.number().min(0).nullable(),
  /** Dials per hour in which the member (or anyone of the team) dialed. */
  dials_per_hour: z.number().min(0).nullable(),
});
export type CallFigures = z.infer<typeof callFiguresSchema>;

export const callOutcomeCountsSchema = z.object(Object.fromEntries(CALL_OUTCOMES.map((o) => [o, count])) as Record<CallOutcome, typeof count>);

export const callsAnalyticsSchema = callFiguresSchema.extend({
  from: z.string(),
  to: z.string(),
  time_zone: z.string(),
  by_member: z.array(callFiguresSchema.extend({ user_id: z.string(), name: z.string() })),
  by_day: z.array(z.object({ date: z.string(), dials: count, connects: count, conversations: count, talk_time_sec: count })),
  outcomes: callOutcomeCountsSchema,
  previous: callFiguresSchema,
});
export type CallsAnalytics = z.infer<typeof callsAnalyticsSchema>;

/** The texting figures of a period. Replies are counted for the member who sent the thread's last text before them. */
export const textFiguresSchema = z.object({
  sent: count,
  delivered: count,
  failed: count,
  replies: count,
  reply_rate: ratio,
  opt_outs: count,
  opt_out_rate: ratio,
});
export type TextFigures = z.infer<typeof textFiguresSchema>;

export const textsAnalyticsSchema = textFiguresSchema.extend({
  from: z.string(),
  to: z.string(),
  time_zone: z.string(),
  by_member: z.array(textFiguresSchema.omit({ opt_outs: true, opt_out_rate: true }).extend({ user_id: z.string(), name: z.string() })),
  by_day: z.array(z.object({ date: z.string(), sent: count, delivered: count, failed: count, replies: count, opt_outs: count })),
  previous: textFiguresSchema,
  /** The sentence to show when the opt-out rate is at or above OPT_OUT_WARNING_RATE and rising; null otherwise. */
  opt_out_warning: z.string().nullable(),
});
export type TextsAnalytics = z.infer<typeof textsAnalyticsSchema>;

/** The warning for a rising opt-out rate, or null. */
export function optOutWarning(current: number | null, previous: number | null): string | null {
  if (current === null || current < OPT_OUT_WARNING_RATE || (previous !== null && current <= previous)) return null;
  const pct = (r: number) => `${(r * 100).toFixed(1)}%`;
  const before = previous === null ? '' : ` against ${pct(previous)} the period before`;
  return `Opt-outs are rising: ${pct(current)} of texts this period${before}. Carriers block numbers whose opt-out rate climbs; send fewer texts or change the message.`;
}

/** The funnel's steps, in order: calls, then deals. */
export const FUNNEL_STEPS = ['dials', 'connects', 'conversations', 'interested', 'offers', 'under_contract', 'closed'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];
export const FUNNEL_LABELS: Record<FunnelStep, string> = {
  dials: 'Dials',
  connects: 'Connects',
  conversations: 'Conversations',
  interested: 'Interested or appointment',
  offers: 'Offers made',
  under_contract: 'Under contract',
  closed: 'Closed',
};

export const funnelAnalyticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  time_zone: z.string(),
  steps: z.array(z.object({ key: z.enum(FUNNEL_STEPS), label: z.string(), count, previous: count, rate_from_previous_step: ratio })),
});
export type FunnelAnalytics = z.infer<typeof funnelAnalyticsSchema>;

/** The funnel's steps from their counts: each with the rate from the step before it. */
export function funnelSteps(counts: Record<FunnelStep, number>, previous: Record<FunnelStep, number>): FunnelAnalytics['steps'] {
  return FUNNEL_STEPS.map((key, i) => ({
    key, label: FUNNEL_LABELS[key], count: counts[key], previous: previous[key], rate_from_previous_step: i === 0 ? null : rate(counts[key], counts[FUNNEL_STEPS[i - 1]!]),
  }));
}

/** What a number on the analytics screens stands for, to list the records behind it ("why this number"). */
export const DRILL_METRICS = [
  'dials', 'connects', 'conversations', ...CALL_OUTCOMES.map((o) => `outcome:${o}` as const),
  'texts_sent', 'texts_delivered', 'texts_failed', 'replies', 'opt_outs', 'offers', 'under_contract', 'closed',
] as const;
/**
 * The records behind a source's numbers in the range (`source` names it) and behind an imported list's counts over
 * all time (`list`, the import's id): sources-api.ts. Sources and lists are the team's: no `member`.
 */
export const SOURCE_DRILL_METRICS = ['source_leads', 'source_contacted', 'source_under_contract', 'source_closed'] as const;
export const LIST_DRILL_METRICS = ['list_members', 'list_contacted', 'list_under_contract', 'list_closed'] as const;
export type SourceDrillMetric = (typeof SOURCE_DRILL_METRICS)[number];
export type ListDrillMetric = (typeof LIST_DRILL_METRICS)[number];
export type DrillMetric = (typeof DRILL_METRICS)[number] | SourceDrillMetric | ListDrillMetric;
const ALL_DRILL_METRICS = [...DRILL_METRICS, ...SOURCE_DRILL_METRICS, ...LIST_DRILL_METRICS] as const;
const isIn = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

function checkDrillFilter(q: { metric: DrillMetric; member?: string; source?: string; list?: string }, ctx: z.RefinementCtx) {
  const bySource = isIn(SOURCE_DRILL_METRICS, q.metric);
  const byList = isIn(LIST_DRILL_METRICS, q.metric);
  if (bySource && q.source === undefined) ctx.addIssue({ code: 'custom', path: ['source'], message: `source: required for metric ${q.metric}` });
  if (byList && q.list === undefined) ctx.addIssue({ code: 'custom', path: ['list'], message: `list: required for metric ${q.metric}` });
  if ((bySource || byList) && q.member !== undefined) ctx.addIssue({ code: 'custom', path: ['member'], message: 'member: sources and lists are the whole team’s; leave member out' });
}

export const drillQuery = rangeFields
  .extend({
    metric: z.enum(ALL_DRILL_METRICS, { error: `metric: expected one of ${ALL_DRILL_METRICS.join(', ')}` }),
    source: z.string().min(1, 'source: expected a source name').max(500, 'source: expected a source name').optional(),
    list: z.uuid({ error: 'list: expected a list (import) id' }).optional(),
    limit: z.coerce.number({ error: 'limit: expected a number from 1 to 200' }).int('limit: expected a number from 1 to 200').min(1, 'limit: expected a number from 1 to 200').max(200, 'limit: expected a number from 1 to 200').default(50),
    offset: z.coerce.number({ error: 'offset: expected 0 or more' }).int('offset: expected 0 or more').min(0, 'offset: expected 0 or more').default(0),
  })
  .superRefine(checkRange)
  .superRefine(checkDrillFilter);
export type DrillQuery = z.infer<typeof drillQuery>;

/** One record behind a number: a call, a text, an opt-out, a deal or a lead, with its lead. */
export const drillItemSchema = z.object({
  kind: z.enum(['call', 'text', 'opt_out', 'deal', 'lead']),
  id: z.string(),
  at: z.string(),
  lead_id: z.string().nullable(),
  lead_name: z.string().nullable(),
  member_name: z.string().nullable(),
  /** What it was: "Connected, 3 min 12 s — Interested", "Delivered: Hi Pat…", "Under contract at $182,000". */
  summary: z.string(),
  /** The page that shows it: the lead, or the deal. */
  href: z.string().nullable(),
});
export const drillSchema = z.object({ items: z.array(drillItemSchema), total: count });
export type DrillItem = z.infer<typeof drillItemSchema>;
