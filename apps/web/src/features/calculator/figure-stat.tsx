import { explain, formatUsd, type MaybeFigure } from '@wholesail/domain';
import { useId } from 'react';
import { cn } from '@/lib/utils';

export type FigureFormat = 'money' | 'percent' | 'ratio';

export function figureText(figure: MaybeFigure, as: FigureFormat = 'money'): string {
  if (figure.value === null) return '—';
  if (as === 'percent') return `${figure.value.toLocaleString('en-US')}%`;
  if (as === 'ratio') return figure.value.toFixed(2);
  return formatUsd(figure.value);
}

/** Green when at least 0 (room left), red below: a fee headroom or a cash flow. */
export function signTone(figure: MaybeFigure): string | undefined {
  if (figure.value === null) return undefined;
  return figure.value < 0 ? 'text-destructive' : 'text-success';
}

/** Red only below 0: a price that cannot be paid. */
export function negativeTone(figure: MaybeFigure): string | undefined {
  return figure.value !== null && figure.value < 0 ? 'text-destructive' : undefined;
}

interface FigureStatProps {
  label: string;
  figure: MaybeFigure;
  as?: FigureFormat;
  size?: 'lg' | 'md';
  tone?: string;
  className?: string;
}

/** A computed number with its "why": the formula on a line below it (and on hover), or why it has no value. */
export function FigureStat({ label, figure, as = 'money', size = 'md', tone, className }: FigureStatProps) {
  const whyId = useId();
  const why = explain(figure);
  return (
    <div className={cn('min-w-0', className)}>
      <p className="text-xs font-medium text-muted-foreground">{label}</p>
      <p className={cn('font-semibold tabular-nums', size === 'lg' ? 'text-2xl' : 'text-lg', tone)} title={why} aria-describedby={whyId}>
        {figureText(figure, as)}
      </p>
      <p id={whyId} className="text-xs break-words text-muted-foreground">
        <span className="sr-only">Why: </span>
        {why}
      </p>
    </div>
  );
}
