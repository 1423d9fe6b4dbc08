import { deadlineTone, OPEN_DEAL_STAGES, type Deal, type DealStage, type DueDeal } from '@wholesail/domain';

export type DeadlineKind = DueDeal['next_deadline']['kind'];
export type Deadline = { kind: DeadlineKind; date: string };

export const DEADLINE_LABELS: { readonly [K in DeadlineKind]: string } = { earnest_money: 'Earnest money', inspection: 'Inspection', closing: 'Closing' };
/** The badge's words: a card is narrow, and EMD is what wholesalers call the earnest money deposit. */
export const DEADLINE_SHORT: { readonly [K in DeadlineKind]: string } = { earnest_money: 'EMD', inspection: 'Inspection', closing: 'Closing' };

const OPEN: readonly DealStage[] = OPEN_DEAL_STAGES;

/** An open deal's deadlines that are set, in the order they fall due on a contract; a closed or dead deal has none left. */
export function dealDeadlines(deal: Pick<Deal, 'stage' | 'earnest_money_due' | 'inspection_ends' | 'closing_date'>): Deadline[] {
  if (!OPEN.includes(deal.stage)) return [];
  const all: [DeadlineKind, string | null][] = [
    ['earnest_money', deal.earnest_money_due],
    ['inspection', deal.inspection_ends],
    ['closing', deal.closing_date],
  ];
  return all.flatMap(([kind, date]) => (date ? [{ kind, date }] : []));
}

/** Today as YYYY-MM-DD in the user's own time zone: a deadline is a calendar day where the agent works. */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const sameYear = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const withYear = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** "Mar 4" this year, "Mar 4, 2027" otherwise, for a YYYY-MM-DD day (read as a local day, never shifted by UTC). */
export function formatDay(day: string, today: string = todayIso()): string {
  const date = new Date(`${day}T00:00:00`);
  if (Number.isNaN(date.getTime())) return day;
  return (day.slice(0, 4) === today.slice(0, 4) ? sameYear : withYear).format(date);
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** "today", "tomorrow", "in 3 days", "2 days overdue", or the day itself when it is further off. */
export function deadlineWhen(date: string, today: string = todayIso()): string {
  const days = daysBetween(today, date);
  if (days < 0) return days === -1 ? '1 day overdue' : `${-days} days overdue`;
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  return deadlineTone(date, today) === 'soon' ? `in ${days} days` : formatDay(date, today);
}
