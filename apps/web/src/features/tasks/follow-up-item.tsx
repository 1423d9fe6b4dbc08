import { useState } from 'react';
import { Link } from 'react-router';
import { screenLinks } from '@wholesail/domain';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { dateTimeText, relativeTime } from '@/features/leads/lead-format';
import { cn } from '@/lib/utils';
import { taskTiming, useMarkTaskDone, type Task } from './tasks-api';

/** One pending follow-up: lead, when (relative and absolute), the suggested message on demand, Mark done. */
export function FollowUpItem({ task, showLead = true, now = new Date() }: { task: Task; showLead?: boolean; now?: Date }) {
  const [expanded, setExpanded] = useState(false);
  const markDone = useMarkTaskDone();
  const timing = taskTiming(task.proposed_time, now);
  const overdue = timing === 'overdue';
  return (
    <li className={cn('grid gap-1.5 border-b py-2.5 last:border-b-0', overdue && 'text-destructive')} data-timing={timing}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          {showLead && (
            <Link to={`/leads/${encodeURIComponent(task.lead_id)}`} className="block truncate text-sm font-medium hover:underline">
              {task.lead_name || 'Unknown Lead'}
            </Link>
          )}
          <p className={cn('text-xs', overdue ? 'font-medium text-destructive' : 'text-muted-foreground')}>
            <span>{relativeTime(task.proposed_time, now)}</span> · <time dateTime={task.proposed_time}>{dateTimeText(task.proposed_time)}</time>
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-1.5">
          {overdue && <Badge variant="destructive">Overdue</Badge>}
          {timing === 'today' && <Badge>Today</Badge>}
          <Button variant="outline" size="sm" disabled={markDone.isPending} onClick={() => markDone.mutate(task.id)} aria-label={`Mark done: ${task.lead_name || 'follow-up'}`}>
            Mark done
          </Button>
        </div>
      </div>
      {task.reason && <p className="text-xs text-muted-foreground">{task.reason}</p>}
      {task.deal_id && (
        <Link to={screenLinks.deal(task.deal_id)} className="w-fit text-xs text-primary hover:underline">
          Open the deal
        </Link>
      )}
      {task.suggested_message && (
        <div className="grid gap-1">
          <button type="button" className="w-fit text-xs text-primary hover:underline" aria-expanded={expanded} onClick={() => setExpanded((v) => !v)}>
            {expanded ? 'Hide suggested message' : 'Show suggested message'}
          </button>
          {expanded && <p className="rounded-md bg-muted/50 p-2 text-sm whitespace-pre-wrap text-foreground">{task.suggested_message}</p>}
        </div>
      )}
    </li>
  );
}
