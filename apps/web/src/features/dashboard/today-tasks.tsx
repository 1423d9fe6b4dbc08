import { CALL_OUTCOME_LABELS, isCallOutcome, screenLinks, type TodayCallback, type TodayLead, type TodayTask } from '@wholesail/domain';
import { CalendarClockIcon, PhoneCallIcon, PhoneIcon, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BlockedButton } from '@/components/ui/blocked-button';
import { Button } from '@/components/ui/button';
import { dialerStore } from '@/features/dialer/dialer-store';
import { dateTimeText, relativeTime } from '@/features/leads/lead-format';
import { useMarkTaskDone } from '@/features/tasks/tasks-api';
import { cn } from '@/lib/utils';
import { dialerDataOf } from './today-api';
import { TodayCard } from './today-card';

/** "Interested: wants a number" for a task a call made ("interested: wants a number"); other reasons as written. */
export function reasonText(reason: string | null): string | null {
  if (!reason) return null;
  const [outcome, ...rest] = reason.split(': ');
  if (!isCallOutcome(outcome)) return reason;
  return rest.length > 0 ? `${CALL_OUTCOME_LABELS[outcome]}: ${rest.join(': ')}` : CALL_OUTCOME_LABELS[outcome];
}

/** Opens the browser dialer on the lead, or — looking disabled — says why the compliance check refuses the call now. */
export function TodayCallButton({ lead }: { lead: TodayLead }) {
  const icon = <PhoneIcon aria-hidden />;
  if (lead.call_blocked_reason) {
    return (
      <BlockedButton reason={lead.call_blocked_reason} label={`Call ${lead.name}`} variant="outline" size="sm">
        {icon}
        Call
      </BlockedButton>
    );
  }
  return (
    <Button variant="outline" size="sm" aria-label={`Call ${lead.name}`} onClick={() => dialerStore.open(dialerDataOf(lead))}>
      {icon}
      Call
    </Button>
  );
}

function TaskRow({ task, detail }: { task: TodayTask; detail: ReactNode }) {
  const markDone = useMarkTaskDone();
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2 border-b py-2.5 last:border-b-0" data-overdue={task.overdue}>
      <div className="grid min-w-0 flex-1 basis-48 gap-0.5">
        <Link to={screenLinks.lead(task.lead.id)} className="truncate text-sm font-medium hover:underline">
          {task.lead.name}
        </Link>
        <p className={cn('text-xs', task.overdue ? 'font-medium text-destructive' : 'text-muted-foreground')}>
          {task.overdue ? 'Overdue, due ' : 'Due '}
          {relativeTime(task.due_at)} · <time dateTime={task.due_at}>{dateTimeText(task.due_at)}</time>
        </p>
        {detail && <p className="text-xs break-words text-muted-foreground">{detail}</p>}
      </div>
      <div className="flex shrink-0 items-center gap-1.5">
        <TodayCallButton lead={task.lead} />
        <Button variant="outline" size="sm" disabled={markDone.isPending} aria-label={`Mark done: ${task.lead.name}`} onClick={() => markDone.mutate(task.task_id)}>
          Mark done
        </Button>
      </div>
    </li>
  );
}

type TaskList<T> = { overdue: number; due_today: number; items: T[] };

/** "2 overdue, 1 due today" and, past the listed ones, how many are shown. */
function countsText(list: TaskList<unknown>): string {
  const parts = [list.overdue > 0 && `${list.overdue} overdue`, list.due_today > 0 && `${list.due_today} due later today`].filter(Boolean).join(', ');
  const total = list.overdue + list.due_today;
  return total > list.items.length ? `${parts}. Showing the first ${list.items.length}, oldest first.` : `${parts}.`;
}

type CardProps<T> = { icon: LucideIcon; title: string; label: string; empty: string; list: TaskList<T>; detail: (item: T) => ReactNode };

function TaskListCard<T extends TodayTask>({ icon, title, label, empty, list, detail }: CardProps<T>) {
  return (
    <TodayCard icon={icon} title={title} description={list.items.length > 0 ? countsText(list) : undefined}>
      {list.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul aria-label={label}>
          {list.items.map((item) => (
            <TaskRow key={item.task_id} task={item} detail={detail(item)} />
          ))}
        </ul>
      )}
    </TodayCard>
  );
}

export const FOLLOW_UPS_EMPTY = 'No follow-ups due today. Calls you log with a follow-up date show up here on that day.';
export const CALLBACKS_EMPTY = 'No callbacks due. When a seller asks you to call back, log the call as Callback Requested with a follow-up date; it shows up here on that day.';

export function FollowUpsCard({ list }: { list: TaskList<TodayTask> }) {
  return <TaskListCard icon={CalendarClockIcon} title="Follow-ups due" label="Follow-ups" empty={FOLLOW_UPS_EMPTY} list={list} detail={(task) => reasonText(task.reason)} />;
}

/** Callbacks a seller asked for; the call's own notes (its outcome is the card's title) and when they asked. */
export function CallbacksCard({ list }: { list: TaskList<TodayCallback> }) {
  const detail = (callback: TodayCallback) => {
    const notes = callback.reason?.replace(/^callback_requested(: )?/, '');
    return `Asked ${dateTimeText(callback.requested_at)}${notes ? `: ${notes}` : ''}`;
  };
  return <TaskListCard icon={PhoneCallIcon} title="Callbacks" label="Callbacks" empty={CALLBACKS_EMPTY} list={list} detail={detail} />;
}
