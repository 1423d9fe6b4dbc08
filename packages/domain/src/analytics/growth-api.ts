import { z } from 'zod';
import { addDays, type CivilDate } from '../calls/time-zones';
import { DEAL_STAGE_LABELS, DEAL_STAGES } from '../deals/deal-api';
import { leadPageSchema } from '../leads/lead-schemas';
import { LEAD_STATUS_INFO, leadStatusLabel } from '../leads/status';
import { analyticsQuery, formatDay, parseDay } from './analytics-api';

/**
 * Growth (issue 23, docs/api-growth.md): lead inflow over time by source and list, the pipeline over time (leads by
 * status, deals by stage), new leads not yet contacted and their age, and the speed to first contact.
 */

/** Growth is the whole team's: a lead belongs to no member, so `member` is refused rather than ignored. */
export const growthQuery = analyticsQuery.refine((q) => q.member === undefined, {
  path: ['member'],
  message: 'member: growth is the whole team’s; leave member out',
});

/** How long a lead waited for its first contact, counted from its created_at. */
export const SPEED_BUCKETS = ['under_5_min', 'min_5_to_60', 'hour_1_to_24', 'day_1_to_7', 'over_7_days'] as const;
export type SpeedBucket = (typeof SPEED_BUCKETS)[number];
export const SPEED_BUCKET_LABELS: Record<SpeedBucket, string> = {
  under_5_min: 'Under 5 minutes',
  min_5_to_60: '5–60 minutes',
  hour_1_to_24: '1–24 hours',
  day_1_to_7: '1–7 days',
  over_7_days: 'Longer',
};
/** Each bucket's lower bound in seconds (migration 0039's growth_speed_counts is the same rule). */
const SPEED_FLOORS: Record<SpeedBucket, number> = { under_5_min: 0, min_5_to_60: 300, hour_1_to_24: 3600, day_1_to_7: 86_400, over_7_days: 604_800 };

export function speedBucketOf(seconds: number): SpeedBucket {
  return [...SPEED_BUCKETS].reverse().find((b) => seconds >= SPEED_FLOORS[b]) ?? 'under_5_min';
}

/** A wait in words: 45 → "45 s", 750 → "12 min", 18_300 → "5 h 5 min", 277_200 → "3 days 5 h". */
export function waitText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min`;
  const pair = (big: string, small: number, unit: string) => (small === 0 ? big : `${big} ${small} ${unit}`);
  if (s < 86_400) return pair(`${Math.floor(s / 3600)} h`, Math.floor((s % 3600) / 60), 'min');
  const days = Math.floor(s / 86_400);
  return pair(`${days} ${days === 1 ? 'day' : 'days'}`, Math.floor((s % 86_400) / 3600), 'h');
}

/** How old a lead still waiting for a first contact is, in the organization's days: created today, 1–2 days ago, … */
export const AGE_BUCKETS = ['today', 'days_1_2', 'days_3_7', 'days_8_30', 'older'] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];
export const AGE_BUCKET_LABELS: Record<AgeBucket, string> = {
  today: 'Today',
  days_1_2: '1–2 days',
  days_3_7: '3–7 days',
  days_8_30: '8–30 days',
  older: 'Older',
};
/** Each bucket's ages in whole local days, both ends included (null: no end). */
const AGE_DAYS: Record<AgeBucket, [number, number | null]> = { today: [0, 0], days_1_2: [1, 2], days_3_7: [3, 7], days_8_30: [8, 30], older: [31, null] };

/** The local days a lead of the bucket was created on, seen from `today`: `from` null for the oldest bucket. */
export function ageBucketDays(bucket: AgeBucket, today: CivilDate): { from: string | null; to: string } {
  const [youngest, oldest] = AGE_DAYS[bucket];
  return { from: oldest === null ? null : formatDay(addDays(today, -oldest)), to: formatDay(addDays(today, -youngest)) };
}

/**
 * The local days on which the buckets after the oldest begin, oldest first: a creation before the first is "older",
 * from the last on (later days too) "today". Bucket i of these bounds (0 = before the first) is AGE_BUCKETS' from the end.
 */
export function ageBucketStarts(today: CivilDate): string[] {
  return AGE_BUCKETS.slice(0, -1).reverse().map((b) => ageBucketDays(b, today).from!);
}

/** Which bucket holds the middle lead of a distribution (the median's bucket); null when there is none. */
export function medianBucket(counts: Record<SpeedBucket, number>): SpeedBucket | null {
  const total = SPEED_BUCKETS.reduce((sum, b) => sum + counts[b], 0);
  if (total === 0) return null;
  let seen = 0;
  return SPEED_BUCKETS.find((b) => (seen += counts[b]) * 2 >= total) ?? null;
}

export type PipelineKind = 'lead_status' | 'deal_stage';

/**
 * The count of every key at the end of each day, from the counts now and the net changes per day of the range
 * (`after`: the net change of everything after its last day): the count at the end of a day is the count now less
 * every change since.
 */
export function pipelineByDay(
  days: readonly string[], now: Readonly<Record<string, number>>, changes: ReadonlyArray<{ date: string; key: string; delta: number }>,
): Array<{ date: string; counts: Record<string, number> }> {
  const later = { ...now };
  const byDay = new Map<string, Array<{ key: string; delta: number }>>();
  for (const c of changes) byDay.set(c.date, [...(byDay.get(c.date) ?? []), c]);
  const take = (date: string) => {
    for (const c of byDay.get(date) ?? []) later[c.key] = (later[c.key] ?? 0) - c.delta;
  };
  take('after');
  const out: Array<{ date: string; counts: Record<string, number> }> = [];
  for (const date of [...days].reverse()) {
    out.push({ date, counts: { ...later } });
    take(date);
  }
  return out.reverse();
}

/** The keys a pipeline chart shows, in pipeline order with their labels: deleted leads are not in the pipeline. */
export function pipelineKeys(kind: PipelineKind, present: Iterable<string>): Array<{ key: string; label: string }> {
  const known: readonly string[] = kind === 'lead_status' ? Object.keys(LEAD_STATUS_INFO) : DEAL_STAGES;
  const keys = [...new Set(present)].filter((k) => kind === 'deal_stage' || k !== 'deleted');
  const order = (k: string) => (known.includes(k) ? known.indexOf(k) : known.length);
  return keys
    .sort((a, b) => order(a) - order(b) || a.localeCompare(b))
    .map((key) => ({ key, label: kind === 'lead_status' ? leadStatusLabel(key) : (DEAL_STAGE_LABELS[key as keyof typeof DEAL_STAGE_LABELS] ?? key) }));
}

const count = z.number().int().min(0);
const day = z.string();

const pipelineSeriesSchema = z.object({
  /** The keys held by a record on some day of the range, in pipeline order. */
  keys: z.array(z.object({ key: z.string(), label: z.string() })),
  /** Every day of the range with each key's count at its end. */
  by_day: z.array(z.object({ date: day, counts: z.record(z.string(), z.number().int()) })),
});

export const growthAnalyticsSchema = z.object({
  from: day,
  to: day,
  time_zone: z.string(),
  inflow: z.object({
    total: count,
    /** Every source with a lead created in the range, most first. */
    sources: z.array(z.object({ source: z.string(), leads: count })),
    /** Every day of the range: leads created, by source (sources without any that day left out). */
    by_day: z.array(z.object({ date: day, total: count, by_source: z.record(z.string(), count) })),
  }),
  /** The lists imported in the range, newest first. */
  lists: z.array(z.object({
    import_id: z.string(), filename: z.string(), created_at: z.string(), date: day, status: z.string(), inserted: count, updated: count,
    /** The leads the list inserted or updated that are on it now (migration 0037's list members). */
    members: count,
  })),
  pipeline: z.object({ lead_status: pipelineSeriesSchema, deal_stage: pipelineSeriesSchema }),
  /** Now, whatever the range: leads not contacted yet and not deleted. */
  uncontacted: z.object({
    total: count,
    buckets: z.array(z.object({ bucket: z.enum(AGE_BUCKETS), label: z.string(), leads: count })),
    /** The ones waiting longest, oldest first. */
    oldest: leadPageSchema.shape.items,
  }),
  /** Leads first contacted in the range whose contact came after they were created. */
  speed: z.object({
    count,
    avg_sec: z.number().min(0).nullable(),
    median_bucket: z.enum(SPEED_BUCKETS).nullable(),
    buckets: z.array(z.object({ bucket: z.enum(SPEED_BUCKETS), label: z.string(), leads: count })),
  }),
});
export type GrowthAnalytics = z.infer<typeof growthAnalyticsSchema>;

/**
 * The records behind a growth number: leads that came in (of one source, or all), a list's leads, a pipeline count at
 * the end of `day`, the leads waiting for a first contact (of one age), the first contacts of a range (of one speed).
 */
export const GROWTH_DRILL_METRICS = ['inflow', 'list', 'lead_status', 'deal_stage', 'uncontacted', 'speed'] as const;
export type GrowthDrillMetric = (typeof GROWTH_DRILL_METRICS)[number];

const page = {
  limit: z.coerce.number({ error: 'limit: expected a number from 1 to 200' }).int('limit: expected a number from 1 to 200').min(1, 'limit: expected a number from 1 to 200').max(200, 'limit: expected a number from 1 to 200').default(50),
  offset: z.coerce.number({ error: 'offset: expected 0 or more' }).int('offset: expected 0 or more').min(0, 'offset: expected 0 or more').default(0),
};
const optionalDay = (field: string) => z.string({ error: `${field}: expected a date as YYYY-MM-DD` }).refine((v) => parseDay(v) !== null, `${field}: expected a date as YYYY-MM-DD`).optional();
const oneOf = (field: string, list: readonly string[]) => `${field}: expected one of ${list.join(', ')}`;
const isIn = (list: readonly string[], value: string | undefined) => value !== undefined && list.includes(value);

export const growthDrillQuery = z
  .object({
    metric: z.enum(GROWTH_DRILL_METRICS, { error: oneOf('metric', GROWTH_DRILL_METRICS) }),
    source: z.string().min(1, 'source: expected a source name').max(500, 'source: expected a source name').optional(),
    list: z.uuid({ error: 'list: expected a list (import) id' }).optional(),
    key: z.string().min(1, 'key: expected a status or stage').max(100, 'key: expected a status or stage').optional(),
    bucket: z.string().max(40, 'bucket: expected a bucket').optional(),
    day: optionalDay('day'),
    from: optionalDay('from'),
    to: optionalDay('to'),
    ...page,
  })
  .superRefine((q, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const required = (field: 'list' | 'key' | 'day' | 'from' | 'to') => {
      if (q[field] === undefined) issue(field, `${field}: required for metric ${q.metric}`);
    };
    if (q.metric === 'list') required('list');
    if (q.metric === 'lead_status' || q.metric === 'deal_stage') {
      required('key');
      if (q.metric === 'deal_stage' && q.key !== undefined && !isIn(DEAL_STAGES, q.key)) issue('key', oneOf('key', DEAL_STAGES));
      required('day');
    }
    if (q.metric === 'uncontacted' && q.bucket !== undefined && !isIn(AGE_BUCKETS, q.bucket)) issue('bucket', oneOf('bucket', AGE_BUCKETS));
    if (q.metric === 'speed' && q.bucket !== undefined && !isIn(SPEED_BUCKETS, q.bucket)) issue('bucket', oneOf('bucket', SPEED_BUCKETS));
    if (q.metric === 'inflow' || q.metric === 'speed') {
      required('from');
      required('to');
      if (q.from !== undefined && q.to !== undefined) {
        const range = analyticsQuery.safeParse({ from: q.from, to: q.to });
        if (!range.success) for (const i of range.error.issues) issue(String(i.path[0]), i.message);
      }
    }
  });
export type GrowthDrillQuery = z.infer<typeof growthDrillQuery>;
