import { motivationColour, motivationLabel, type MotivationColour } from '@wholesail/domain';
import { cn } from '@/lib/utils';

const COLOUR_CLASSES: Readonly<Record<MotivationColour, { dot: string; text: string }>> = {
  green: { dot: 'bg-success', text: 'text-success' },
  amber: { dot: 'bg-warning', text: 'text-warning' },
  red: { dot: 'bg-destructive', text: 'text-destructive' },
};

type Props = {
  score: number | null | undefined;
  /** motivationLevel of the lead context (High/Medium/other), when known. */
  level?: string | null;
  /** Show the label ('Very High', 'High', 'Medium', 'Low') next to n/9. */
  showLabel?: boolean;
  className?: string;
};

/** Motivation out of 9 (dialer.md §4): green at 8+ or level High, amber at 6+ or Medium, otherwise red. */
export function MotivationIndicator({ score, level, showLabel = false, className }: Props) {
  const value = score ?? null;
  if (value === null && !level) {
    return (
      <span className={cn('inline-flex items-center gap-1.5 text-sm text-muted-foreground tabular-nums', className)} aria-label="Motivation not scored">
        <span className="size-2 rounded-full bg-muted-foreground/30" aria-hidden />
        —/9
      </span>
    );
  }
  const colour = motivationColour(value, level);
  const label = value === null ? level! : motivationLabel(value);
  const shown = value === null ? '—' : Number.isInteger(value) ? String(value) : value.toFixed(1);
  return (
    <span
      className={cn('inline-flex items-center gap-1.5 text-sm font-medium tabular-nums', COLOUR_CLASSES[colour].text, className)}
      data-colour={colour}
      aria-label={`Motivation ${shown}/9, ${label}`}
      title={`Motivation: ${label}`}
    >
      <span className={cn('size-2 rounded-full', COLOUR_CLASSES[colour].dot)} aria-hidden />
      {shown}/9
      {showLabel && <span className="font-normal">{label}</span>}
    </span>
  );
}
