import { z } from 'zod';
import { analyticsQuery, formatDay, parseDay } from './analytics-api';
import { daysBetween, type CivilDate } from '../calls/time-zones';

/**
 * Sources and lists (issue 23, docs/api-analytics.md "Sources and lists"): per lead source and per imported list —
 * leads, contacted, deals, fees — and, with the spend the team enters per source and month, cost per lead, cost per
 * contract and ROI. Money is whole cents.
 */

/** The source of a lead with none. */
export const UNKNOWN_SOURCE = 'Unknown';
/** What an import writes in `leads.source`, and how it reads. */
const SOURCE_NAMES: Record<string, string> = { csv_import: 'CSV import' };

const trimmed = (value: string | null | undefined) => (value ?? '').replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, '');

/**
 * A lead's source as the reports group it: its lead_source, else its source (an import's reads "CSV import"),
 * trimmed, else "Unknown". Migration 0037's analytics_lead_source() is the same rule.
 */
export function leadSourceName(lead: { lead_source?: string | null; source?: string | null }): string {
  const own = trimmed(lead.lead_source);
  if (own) return own;
  const source = trimmed(lead.source);
  return source ? (SOURCE_NAMES[source] ?? source) : UNKNOWN_SOURCE;
}

/** The longest source name spend can be entered for. */
export const MAX_SOURCE_LENGTH = 200;

/** Sources and lists are the team's: a lead has no member, so `member` is refused rather than ignored. */
export const sourcesQuery = analyticsQuery.refine((q) => q.member === undefined, {
  path: ['member'],
  message: 'member: sources and lists are the whole team’s; leave member out',
});

const count = z.number().int().min(0);
const cents = z.number().int();

/** A source's figures over a range (or all sources' added up). */
export const sourceFiguresSchema = z.object({
  leads: count,
  contacted: count,
  /** Deals put under contract: a deal counts once, when it first reached under contract or a later stage. */
  under_contract: count,
  closed: count,
  /** The closed deals' fees (the actual assignment fee, else the expected one). */
  fees_cents: cents,
  /** The spend entered for the source, prorated to the range's days; null when none was entered. */
  spend_cents: cents.nullable(),
  cost_per_lead_cents: cents.nullable(),
  cost_per_contract_cents: cents.nullable(),
  /** (fees − spend) ÷ spend: 1.5 is 150 %. */
  roi: z.number().nullable(),
});
export type SourceFigures = z.infer<typeof sourceFiguresSchema>;

export const listRowSchema = z.object({
  import_id: z.string(),
  filename: z.string(),
  created_at: z.string(),
  status: z.string(),
  members: count,
  contacted: count,
  under_contract: count,
  closed: count,
  fees_cents: cents,
});
export type ListRow = z.infer<typeof listRowSchema>;

export const sourcesAnalyticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  time_zone: z.string(),
  /** Every source with a figure or spend in the range, most leads first. */
  sources: z.array(sourceFiguresSchema.extend({ source: z.string() })),
  totals: sourceFiguresSchema,
  /** The lists imported in the range, newest first, with their counts over all time. */
  lists: z.array(listRowSchema),
});
export type SourcesAnalytics = z.infer<typeof sourcesAnalyticsSchema>;

/** Spend ÷ a count, in whole cents; null without spend or without anything to divide by. */
export function costPer(spendCents: number | null, n: number): number | null {
  return spendCents === null || n <= 0 ? null : Math.round(spendCents / n);
}

/** (fees − spend) ÷ spend; null without spend. */
export function returnOnSpend(feesCents: number, spendCents: number | null): number | null {
  return spendCents === null || spendCents <= 0 ? null : (feesCents - spendCents) / spendCents;
}

/** A source's figures with its cost per lead, cost per contract and ROI. */
export function withSpend(counts: Omit<SourceFigures, 'spend_cents' | 'cost_per_lead_cents' | 'cost_per_contract_cents' | 'roi'>, spendCents: number | null): SourceFigures {
  return {
    ...counts,
    spend_cents: spendCents,
    cost_per_lead_cents: costPer(spendCents, counts.leads),
    cost_per_contract_cents: costPer(spendCents, counts.under_contract),
    roi: returnOnSpend(counts.fees_cents, spendCents),
  };
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** 'YYYY-MM' → its first day, or null. */
export function parseMonth(value: string): CivilDate | null {
  const m = MONTH.exec(value);
  return m ? { year: Number(m[1]), month: Number(m[2]), day: 1 } : null;
}

export const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * The spend of a range: each month's amount × (the month's days inside the range ÷ the days of the month), added up
 * and rounded to a cent; null when no month of the range has spend.
 */
export function prorateSpend(rows: ReadonlyArray<{ month: string; amount_cents: number }>, range: { from: string; to: string }): number | null {
  const from = parseDay(range.from)!;
  const to = parseDay(range.to)!;
  let total = 0;
  let any = false;
  for (const row of rows) {
    const first = parseMonth(row.month);
    if (!first) continue;
    const days = daysInMonth(first.year, first.month);
    const last = { ...first, day: days };
    const start = daysBetween(from, first) > 0 ? first : from;
    const end = daysBetween(last, to) > 0 ? last : to;
    const inside = daysBetween(start, end) + 1;
    if (inside <= 0) continue;
    any = true;
    total += (row.amount_cents * inside) / days;
  }
  return any ? Math.round(total) : null;
}

/** The months a range touches, as 'YYYY-MM', first to last. */
export function monthsOf(range: { from: string; to: string }): string[] {
  const to = parseDay(range.to)!;
  const months: string[] = [];
  for (let d = { ...parseDay(range.from)!, day: 1 }; daysBetween(d, to) >= 0; d = d.month === 12 ? { year: d.year + 1, month: 1, day: 1 } : { ...d, month: d.month + 1 }) {
    months.push(formatDay(d).slice(0, 7));
  }
  return months;
}

/** Dollars → cents, or null when the amount has fractions of a cent. */
export function dollarsToCents(amount: number): number | null {
  const c = Math.round(amount * 100);
  return Math.abs(c - amount * 100) < 1e-6 ? c : null;
}

/** The largest amount a month's spend may be: $1 billion. */
export const MAX_SPEND_DOLLARS = 1_000_000_000;

const YEAR_MESSAGE = 'year: expected a year as YYYY, 1900 or later';

export const spendQuery = z.object({
  year: z.string({ error: YEAR_MESSAGE }).regex(/^(19\d\d|[2-9]\d{3})$/, YEAR_MESSAGE).transform(Number),
});

export const spendBody = z
  .object({
    source: z.string({ error: 'source: expected the source’s name' }).transform((s) => trimmed(s))
      .pipe(z.string().min(1, 'source: expected the source’s name').max(MAX_SOURCE_LENGTH, `source: at most ${MAX_SOURCE_LENGTH} characters`)),
    month: z.string({ error: 'month: expected a month as YYYY-MM' }).refine((m) => parseMonth(m) !== null && m >= '1900-01', 'month: expected a month as YYYY-MM'),
    amount: z.number({ error: 'amount: expected an amount in dollars' })
      .min(0, 'amount: must be 0 or more')
      .max(MAX_SPEND_DOLLARS, 'amount: must be at most $1,000,000,000')
      .refine((a) => dollarsToCents(a) !== null, 'amount: expected whole cents'),
  })
  .strict();
export type SpendBody = z.infer<typeof spendBody>;

export const spendRowSchema = z.object({
  source: z.string(),
  month: z.string(),
  amount_cents: cents.min(0),
  updated_by_name: z.string().nullable(),
  updated_at: z.string(),
});
export type SpendRow = z.infer<typeof spendRowSchema>;

export const spendSchema = z.object({
  year: z.number().int(),
  /** The sources to enter spend for: those with leads in the year, and those with spend in it, by name. */
  sources: z.array(z.string()),
  rows: z.array(spendRowSchema),
});
export type Spend = z.infer<typeof spendSchema>;
