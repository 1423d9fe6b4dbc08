import { sql } from 'kysely';
import {
  addDays, daysBetween, DEADLINE_SOON_DAYS, displayName, parseDay, todayBounds, type DealStage, type Today, type TodayCallback, type TodayDeal, type TodayLead, type TodayTask,
} from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import { iso } from '../../db/timestamps';
import { sums, total } from '../analytics/repo';
import { evaluateGate, leadPhones } from '../calls/gate';
import { day } from '../deals/repo';
import { findLeads, type LeadRow } from '../leads/repo';
import { readSection } from '../settings/repo';
import { dealsWithDeadlines, dueCounts, dueTasks, leadsCreatedSince, type DueTaskRow } from './repo';

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/**
 * A listed lead with what the dialer opens with, and the compliance gate's answer now (calls/gate.ts, the check the
 * lead page asks GET /api/calls/check for): the same reason the dial itself would be refused with.
 */
async function todayLead(tx: Tx, organizationId: string, lead: LeadRow, now: Date): Promise<TodayLead> {
  const gate = await evaluateGate(tx, { organizationId, leadId: lead.id, channel: 'call', lock: false, now });
  return {
    id: lead.id,
    name: displayName(lead as Parameters<typeof displayName>[0]),
    phone: leadPhones(lead)[0] ?? null,
    address: text(lead.property_address_full) ?? text(lead.property_address) ?? text(lead.address),
    email: text(lead.email) ?? text(lead.contact_1_email1) ?? text(lead.contact_1_email),
    version: lead.version,
    call_blocked_reason: gate.ok ? null : gate.error.message,
  };
}

/** Each listed task's lead, read once, gated once, however many of its tasks are listed. */
async function leadsOf(tx: Tx, organizationId: string, rows: DueTaskRow[], now: Date): Promise<Map<string, TodayLead>> {
  const leads = await findLeads(tx, organizationId, [...new Set(rows.map((r) => r.lead_id))]);
  const listed = await Promise.all(leads.map((lead) => todayLead(tx, organizationId, lead, now)));
  return new Map(listed.map((l) => [l.id, l]));
}

function taskList<T>(counts: { overdue: number; due: number }, rows: DueTaskRow[], item: (row: DueTaskRow) => T | null) {
  return { overdue: counts.overdue, due_today: counts.due - counts.overdue, items: rows.flatMap((r) => item(r) ?? []) };
}

const DEADLINE_FIELDS = [
  ['earnest_money', 'earnest_money_due'],
  ['inspection', 'inspection_ends'],
  ['closing', 'closing_date'],
] as const;

/** Open deals with a deadline still to do on or before DEADLINE_SOON_DAYS from today (passed ones too), soonest first. */
async function dealDeadlines(tx: Tx, organizationId: string, today: string): Promise<TodayDeal[]> {
  const soon = addDays(parseDay(today)!, DEADLINE_SOON_DAYS + 1);
  // A deadline task is due at 14:00 UTC of its day: every task of a day up to the third from today is before this.
  const deals = await dealsWithDeadlines(tx, organizationId, new Date(Date.UTC(soon.year, soon.month - 1, soon.day)));
  return deals
    .map(({ deal, days }) => ({
      deal_id: deal.id,
      lead_id: deal.lead_id,
      lead_name: displayName(deal as Parameters<typeof displayName>[0]),
      property_address: deal.property_address_full ?? deal.property_address ?? null,
      stage: deal.stage as DealStage,
      deadlines: DEADLINE_FIELDS.flatMap(([kind, field]) => {
        const date = day(deal[field]);
        return date && days.has(date) ? [{ kind, date, days_left: daysBetween(parseDay(today)!, parseDay(date)!) }] : [];
      }).sort((a, b) => a.date.localeCompare(b.date)),
    }))
    .filter((d) => d.deadlines.length > 0)
    .sort((a, b) => a.deadlines[0]!.date.localeCompare(b.deadlines[0]!.date) || a.lead_name.localeCompare(b.lead_name));
}

/** GET /api/dashboard/today: what needs doing today, in the organization's reporting time zone, at `now`. */
export async function today(tx: Tx, organizationId: string, userId: string, now: Date): Promise<Today> {
  const { timeZone, dailyDialGoal, dailyConnectGoal } = await readSection(tx, organizationId, 'reporting');
  const bounds = todayBounds(timeZone, now);
  const [counts, followUps, callbacks, deals, calls, newLeads] = await Promise.all([
    dueCounts(tx, organizationId, now, bounds.tomorrowStart),
    dueTasks(tx, organizationId, 'follow_up', bounds.tomorrowStart),
    dueTasks(tx, organizationId, 'callback', bounds.tomorrowStart),
    dealDeadlines(tx, organizationId, bounds.date),
    // The team's and the caller's own in one read of today's hourly rollup rows.
    sums(tx, 'analytics_call_hours', {
      team_dials: total('dials'),
      team_connects: total('connects'),
      my_dials: sql`sum(h.dials) filter (where h.user_id = ${userId})`,
      my_connects: sql`sum(h.connects) filter (where h.user_id = ${userId})`,
    }, { organizationId, start: bounds.todayStart, end: bounds.tomorrowStart }),
    leadsCreatedSince(tx, organizationId, bounds.yesterdayStart),
  ]);
  const leads = await leadsOf(tx, organizationId, [...followUps, ...callbacks], now);
  const task = (r: DueTaskRow): TodayTask | null => {
    const lead = leads.get(r.lead_id);
    if (!lead) return null;
    const dueAt = new Date(r.proposed_time);
    return { task_id: r.id, due_at: iso(dueAt), overdue: dueAt < now, reason: r.reason, suggested_message: r.suggested_message, lead };
  };
  const callback = (r: DueTaskRow): TodayCallback | null => {
    const base = task(r);
    return base && r.call_id && r.requested_at ? { ...base, call_id: r.call_id, requested_at: iso(r.requested_at) } : null;
  };
  return {
    date: bounds.date,
    time_zone: timeZone,
    follow_ups: taskList(counts.follow_up, followUps, task),
    callbacks: taskList(counts.callback, callbacks, callback),
    deal_deadlines: deals,
    dials: { mine: calls.my_dials, team: calls.team_dials, goal: dailyDialGoal },
    connects: { mine: calls.my_connects, team: calls.team_connects, goal: dailyConnectGoal },
    new_leads_since_yesterday: { count: newLeads, since: iso(bounds.yesterdayStart) },
  };
}
