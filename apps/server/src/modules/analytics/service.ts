import { sql } from 'kysely';
import {
  addDays,
  CALL_OUTCOMES,
  daysBetween,
  formatDay,
  funnelSteps,
  optOutWarning,
  parseDay,
  previousPeriod,
  rate,
  wallTimeToInstant,
  type AnalyticsQuery,
  type CallFigures,
  type CallOutcome,
  type CallsAnalytics,
  type FunnelAnalytics,
  type FunnelStep,
  type TextFigures,
  type TextsAnalytics,
} from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import { readSection } from '../settings/repo';
import { sums, sumsByDay, sumsByMember, total, type Figures, type Scope, type Sums } from './repo';

type Range = { from: string; to: string };

/** The instants of a range's first local midnight and of the midnight after its last day, in `timeZone`. */
export function rangeInstants(range: Range, timeZone: string): { start: Date; end: Date } {
  return {
    start: wallTimeToInstant(timeZone, parseDay(range.from)!, 0),
    end: wallTimeToInstant(timeZone, addDays(parseDay(range.to)!, 1), 0),
  };
}

/** Every day of a range, first to last. */
export function daysOf(range: Range): string[] {
  const from = parseDay(range.from)!;
  return Array.from({ length: daysBetween(from, parseDay(range.to)!) + 1 }, (_, i) => formatDay(addDays(from, i)));
}

/** The report's settings and scopes: the range and the period before it, in the organization's reporting time zone. */
export async function reportScopes(tx: Tx, organizationId: string, query: AnalyticsQuery) {
  const { timeZone } = await readSection(tx, organizationId, 'reporting');
  const scope = (range: Range): Scope => ({ organizationId, member: query.member ?? null, ...rangeInstants(range, timeZone) });
  return { timeZone, current: scope(query), previous: scope(previousPeriod(query)) };
}

/** Whose figures a row of by_member is when the member has no name: no member at all, or a user since removed. */
const memberName = (row: { user_id: string; name: string | null }) => row.name ?? (row.user_id === '' ? 'No member' : 'Former member');

const CALL_SUMS = {
  dials: total('dials'),
  connects: total('connects'),
  conversations: total('conversations'),
  talk_time_sec: total('talk_time_sec'),
  // The (hour, member) buckets in which someone dialed: dials per hour are per dialing member.
  dial_hours: sql`count(*) filter (where h.dials > 0)`,
} satisfies Figures<string>;
const OUTCOME_SUMS = Object.fromEntries(CALL_OUTCOMES.map((o) => [o, total(`outcome_${o}`)])) as Figures<CallOutcome>;

function callFigures(s: Sums<keyof typeof CALL_SUMS>): CallFigures {
  return {
    dials: s.dials,
    connects: s.connects,
    connect_rate: rate(s.connects, s.dials),
    conversations: s.conversations,
    talk_time_sec: s.talk_time_sec,
    avg_duration_sec: rate(s.talk_time_sec, s.connects),
    dials_per_hour: rate(s.dials, s.dial_hours),
  };
}

export async function callsAnalytics(tx: Tx, organizationId: string, query: AnalyticsQuery): Promise<CallsAnalytics> {
  const { timeZone, current, previous } = await reportScopes(tx, organizationId, query);
  const table = 'analytics_call_hours';
  // The totals and the outcomes come from the same rows: one read.
  const [totals, members, days, before] = await Promise.all([
    sums(tx, table, { ...CALL_SUMS, ...OUTCOME_SUMS }, current),
    sumsByMember(tx, table, CALL_SUMS, current, sql`sum(h.dials) > 0`),
    sumsByDay(tx, table, { dials: total('dials'), connects: total('connects'), conversations: total('conversations'), talk_time_sec: total('talk_time_sec') }, current, timeZone),
    sums(tx, table, CALL_SUMS, previous),
  ]);
  return {
    from: query.from,
    to: query.to,
    time_zone: timeZone,
    ...callFigures(totals),
    by_member: members
      .map((m) => ({ user_id: m.user_id, name: memberName(m), ...callFigures(m) }))
      .sort((a, b) => b.dials - a.dials || a.name.localeCompare(b.name)),
    by_day: daysOf(query).map((date) => {
      const d = days.find((x) => x.date === date);
      return { date, dials: d?.dials ?? 0, connects: d?.connects ?? 0, conversations: d?.conversations ?? 0, talk_time_sec: d?.talk_time_sec ?? 0 };
    }),
    outcomes: Object.fromEntries(CALL_OUTCOMES.map((o) => [o, totals[o]])) as Record<CallOutcome, number>,
    previous: callFigures(before),
  };
}

const TEXT_SUMS = { sent: total('sent'), delivered: total('delivered'), failed: total('failed'), replies: total('replies') } satisfies Figures<string>;
const ORG_TEXT_SUMS = { sent: total('sent'), opt_outs: total('opt_outs') } satisfies Figures<string>;

/**
 * A period's texting figures: the member's (or the team's) texts, and the organization's opt-outs over the
 * organization's texts — the same rows as the team's, read once when no member is chosen.
 */
async function textFigures(tx: Tx, scope: Scope): Promise<TextFigures> {
  const table = 'analytics_text_hours';
  const [own, org] = await Promise.all([
    sums(tx, table, { ...TEXT_SUMS, ...ORG_TEXT_SUMS }, scope),
    scope.member === null ? null : sums(tx, table, ORG_TEXT_SUMS, { ...scope, member: null }),
  ]);
  const { sent, opt_outs } = org ?? own;
  return { sent: own.sent, delivered: own.delivered, failed: own.failed, replies: own.replies, reply_rate: rate(own.replies, own.sent), opt_outs, opt_out_rate: rate(opt_outs, sent) };
}

export async function textsAnalytics(tx: Tx, organizationId: string, query: AnalyticsQuery): Promise<TextsAnalytics> {
  const { timeZone, current, previous } = await reportScopes(tx, organizationId, query);
  const table = 'analytics_text_hours';
  const [figures, members, days, orgDays, before] = await Promise.all([
    textFigures(tx, current),
    sumsByMember(tx, table, TEXT_SUMS, current, sql`sum(h.sent) + sum(h.failed) + sum(h.replies) > 0`),
    sumsByDay(tx, table, { ...TEXT_SUMS, opt_outs: total('opt_outs') }, current, timeZone),
    current.member === null ? null : sumsByDay(tx, table, { opt_outs: total('opt_outs') }, { ...current, member: null }, timeZone),
    textFigures(tx, previous),
  ]);
  return {
    from: query.from,
    to: query.to,
    time_zone: timeZone,
    ...figures,
    by_member: members
      .map((m) => ({ user_id: m.user_id, name: memberName(m), sent: m.sent, delivered: m.delivered, failed: m.failed, replies: m.replies, reply_rate: rate(m.replies, m.sent) }))
      .sort((a, b) => b.sent - a.sent || a.name.localeCompare(b.name)),
    by_day: daysOf(query).map((date) => {
      const d = days.find((x) => x.date === date);
      return {
        date, sent: d?.sent ?? 0, delivered: d?.delivered ?? 0, failed: d?.failed ?? 0, replies: d?.replies ?? 0,
        opt_outs: (orgDays ?? days).find((x) => x.date === date)?.opt_outs ?? 0,
      };
    }),
    previous: before,
    opt_out_warning: optOutWarning(figures.opt_out_rate, before.opt_out_rate),
  };
}

const FUNNEL_CALL_SUMS = {
  dials: total('dials'),
  connects: total('connects'),
  conversations: total('conversations'),
  interested: sql`sum(h.outcome_interested + h.outcome_appointment_scheduled)`,
} satisfies Figures<Extract<FunnelStep, 'dials' | 'connects' | 'conversations' | 'interested'>>;
const FUNNEL_DEAL_SUMS = { offers: total('offers'), under_contract: total('under_contract'), closed: total('closed') } satisfies Figures<Extract<FunnelStep, 'offers' | 'under_contract' | 'closed'>>;

async function funnelCounts(tx: Tx, scope: Scope): Promise<Record<FunnelStep, number>> {
  const [calls, deals] = await Promise.all([sums(tx, 'analytics_call_hours', FUNNEL_CALL_SUMS, scope), sums(tx, 'analytics_deal_hours', FUNNEL_DEAL_SUMS, scope)]);
  return { ...calls, ...deals };
}

export async function funnelAnalytics(tx: Tx, organizationId: string, query: AnalyticsQuery): Promise<FunnelAnalytics> {
  const { timeZone, current, previous } = await reportScopes(tx, organizationId, query);
  const [counts, before] = await Promise.all([funnelCounts(tx, current), funnelCounts(tx, previous)]);
  return { from: query.from, to: query.to, time_zone: timeZone, steps: funnelSteps(counts, before) };
}
