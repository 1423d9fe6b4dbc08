import { z } from 'zod';
import { addDays, localTime, wallTimeToInstant, type CivilDate } from '../calls/time-zones';
import { DEAL_STAGES } from '../deals/deal-api';
import { formatDay } from './analytics-api';

/**
 * The dashboard's "Today" (issue 23, docs/api-dashboard.md): what needs doing today in the organization's reporting
 * time zone — follow-ups and callbacks due or overdue, deal deadlines within DEADLINE_SOON_DAYS, today's dials and
 * connects against the team's daily goals, and the leads that arrived since yesterday.
 */

/** A deal deadline this many days away or closer (or passed and not yet done) is on today's list. */
export const DEADLINE_SOON_DAYS = 3;
/** Follow-ups and callbacks listed on the card; the counts cover them all. */
export const TODAY_LIST_LIMIT = 10;

/** The instants that bound "today" where the organization works: its midnights of yesterday, today and tomorrow. */
export function todayBounds(timeZone: string, now: Date): { date: string; today: CivilDate; yesterdayStart: Date; todayStart: Date; tomorrowStart: Date } {
  const { year, month, day } = localTime(timeZone, now);
  const today = { year, month, day };
  return {
    date: formatDay(today),
    today,
    yesterdayStart: wallTimeToInstant(timeZone, addDays(today, -1), 0),
    todayStart: wallTimeToInstant(timeZone, today, 0),
    tomorrowStart: wallTimeToInstant(timeZone, addDays(today, 1), 0),
  };
}

const count = z.number().int().min(0);

/** A lead on the card, with what the browser dialer needs and the compliance gate's answer right now. */
export const todayLeadSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The number a call goes to (E.164), null when the lead has none. */
  phone: z.string().nullable(),
  address: z.string().nullable(),
  email: z.string().nullable(),
  version: z.number().int().nullable(),
  /** Why the lead cannot be called now (Do Not Call, no number, outside calling hours, …); null when it can. */
  call_blocked_reason: z.string().nullable(),
});
export type TodayLead = z.infer<typeof todayLeadSchema>;

/** A pending task due today or overdue: a follow-up, or a callback a seller asked for. */
export const todayTaskSchema = z.object({
  task_id: z.string(),
  due_at: z.string(),
  overdue: z.boolean(),
  reason: z.string().nullable(),
  suggested_message: z.string().nullable(),
  lead: todayLeadSchema,
});
export type TodayTask = z.infer<typeof todayTaskSchema>;

export const todayCallbackSchema = todayTaskSchema.extend({
  call_id: z.string(),
  /** When the seller asked for the callback (the call's start). */
  requested_at: z.string(),
});
export type TodayCallback = z.infer<typeof todayCallbackSchema>;

const taskListSchema = <T extends z.ZodTypeAny>(item: T) => z.object({ overdue: count, due_today: count, items: z.array(item) });

/** A deal's dated deadlines, in the order they fall due on a contract (the deals' GET /api/deals/due names them so too). */
export const DEAL_DEADLINE_KINDS = ['earnest_money', 'inspection', 'closing'] as const;

export const todayDealSchema = z.object({
  deal_id: z.string(),
  lead_id: z.string(),
  lead_name: z.string(),
  property_address: z.string().nullable(),
  stage: z.enum(DEAL_STAGES),
  /** Its deadlines still to do that fall within DEADLINE_SOON_DAYS or have passed, soonest first. */
  deadlines: z.array(z.object({ kind: z.enum(DEAL_DEADLINE_KINDS), date: z.string(), days_left: z.number().int() })),
});
export type TodayDeal = z.infer<typeof todayDealSchema>;

/** Today's figure of the caller and of the whole team, and the team's daily goal. */
const goalFigureSchema = z.object({ mine: count, team: count, goal: count });

export const todaySchema = z.object({
  /** Today in the organization's reporting time zone, YYYY-MM-DD. */
  date: z.string(),
  time_zone: z.string(),
  follow_ups: taskListSchema(todayTaskSchema),
  callbacks: taskListSchema(todayCallbackSchema),
  deal_deadlines: z.array(todayDealSchema),
  dials: goalFigureSchema,
  connects: goalFigureSchema,
  /** Live leads created since local midnight yesterday (`since`, an instant: the leads list's `created_after`). */
  new_leads_since_yesterday: z.object({ count, since: z.string() }),
});
export type Today = z.infer<typeof todaySchema>;
