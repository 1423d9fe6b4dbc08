import type { ScoreTerm } from '@wholesail/domain';
import { HoverCard, HoverCardContent, HoverCardTrigger } from '@/components/ui/hover-card';
import { cn } from '@/lib/utils';

/** Each term of a composite score with its points, and the total. */
export function ScoreBreakdownList({ breakdown, score, className }: { breakdown: readonly ScoreTerm[]; score: number; className?: string }) {
  return (
    <div className={cn('grid gap-1.5 text-sm', className)}>
      {breakdown.length === 0 ? (
        <p className="text-muted-foreground">No scoring signals yet.</p>
      ) : (
        <ul className="grid gap-1">
          {breakdown.map((term) => (
            <li key={term.term} className="flex items-baseline justify-between gap-4">
              <span>{term.label}</span>
              <span className={cn('font-medium tabular-nums', term.points < 0 ? 'text-destructive' : 'text-success')}>
                {term.points > 0 ? '+' : ''}
                {term.points}
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="flex justify-between border-t pt-1.5 font-semibold">
        <span>Composite score</span>
        <span className="tabular-nums">{score}</span>
      </p>
    </div>
  );
}

/** The score as a badge; hovering it (after 700 ms) shows how it was made. */
export function ScoreBadge({ score, breakdown, className }: { score: number; breakdown: readonly ScoreTerm[]; className?: string }) {
  return (
    <HoverCard>
      <HoverCardTrigger asChild>
        <span
          tabIndex={0}
          className={cn(
            'inline-flex min-w-12 cursor-help items-center justify-center rounded-md bg-primary/10 px-2 py-1 text-sm font-semibold text-primary tabular-nums outline-none focus-visible:ring-2 focus-visible:ring-ring/40',
            className,
          )}
          aria-label={`Composite score ${score}`}
          onClick={(e) => e.stopPropagation()}
        >
          {score}
        </span>
      </HoverCardTrigger>
      <HoverCardContent>
        <p className="mb-2 text-xs font-medium text-muted-foreground">Score breakdown</p>
        <ScoreBreakdownList breakdown={breakdown} score={score} />
      </HoverCardContent>
    </HoverCard>
  );
}
