import { deadlineTone } from '@wholesail/domain';
import { AlertTriangleIcon, CalendarIcon } from 'lucide-react';
import { badgeVariants } from '@/components/ui/badge';
import type { Tone } from '@/lib/tone';
import { cn } from '@/lib/utils';
import { DEADLINE_LABELS, DEADLINE_SHORT, dealDeadlines, deadlineWhen, formatDay, todayIso, type Deadline } from './deadlines';

const TONES = { passed: 'destructive', soon: 'warning', later: undefined } as const satisfies Record<string, Tone | undefined>;
const TONE_CLASSES = { destructive: 'bg-destructive/10 text-destructive', warning: 'bg-warning/15 text-warning-foreground', none: 'bg-muted text-muted-foreground' };

type Props = { deadline: Deadline; today?: string; /** A board card's narrow row: "EMD" and the when at the ends, wrapping if it must. */ row?: boolean };

/** One deadline: red once passed, amber within 3 days, plain further off; the date itself on hover. */
export function DeadlineBadge({ deadline, today = todayIso(), row = false }: Props) {
  const tone = TONES[deadlineTone(deadline.date, today) ?? 'later'];
  const Icon = tone ? AlertTriangleIcon : CalendarIcon;
  const label = DEADLINE_LABELS[deadline.kind];
  return (
    <span
      data-tone={tone}
      title={`${label}: ${formatDay(deadline.date, today)}`}
      className={cn(
        row ? 'flex flex-wrap items-center justify-between gap-x-2 rounded-md px-1.5 py-0.5 text-xs' : cn(badgeVariants(), 'border-transparent font-normal'),
        TONE_CLASSES[tone ?? 'none'],
      )}
    >
      <span className="inline-flex items-center gap-1">
        <Icon className="size-3 shrink-0" aria-hidden />
        {row ? (
          <>
            <span className="sr-only">{label}</span>
            <span aria-hidden>{DEADLINE_SHORT[deadline.kind]}</span>
          </>
        ) : (
          label
        )}
      </span>
      <span className={cn(row && 'ml-auto')}>{deadlineWhen(deadline.date, today)}</span>
    </span>
  );
}

/** A deal's set deadlines. */
export function DeadlineBadges({ deal, today, row = false }: { deal: Parameters<typeof dealDeadlines>[0]; today?: string; row?: boolean }) {
  const deadlines = dealDeadlines(deal);
  if (deadlines.length === 0) return null;
  return (
    <ul className={row ? 'grid gap-1' : 'flex flex-wrap gap-1'} aria-label="Deadlines">
      {deadlines.map((deadline) => (
        <li key={deadline.kind}>
          <DeadlineBadge deadline={deadline} today={today} row={row} />
        </li>
      ))}
    </ul>
  );
}
