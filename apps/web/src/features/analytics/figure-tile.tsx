import { useId } from 'react';
import { cn } from '@/lib/utils';
import type { FigureDef } from './figure-defs';
import { delta, type Delta } from './figure-format';

type Props = {
  label: string;
  value: string;
  delta: Delta;
  /** Whether a rise is good news (dials) or bad (failed texts, opt-outs): it colours the change. */
  upIsGood?: boolean;
  onOpen: () => void;
};

const TONES = { good: 'text-success', bad: 'text-destructive', neutral: 'text-muted-foreground' } as const;

/** One figure with its change against the period before; a button that lists the records behind it. */
function FigureTile({ label, value, delta, upIsGood = true, onOpen }: Props) {
  const id = useId();
  const tone = delta.direction === 'up' || delta.direction === 'down' ? ((delta.direction === 'up') === upIsGood ? 'good' : 'bad') : 'neutral';
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={`${label}: ${value}`}
      aria-describedby={id}
      title="Why this number: show the records behind it"
      className="grid min-w-0 content-start gap-1 rounded-xl border bg-card p-4 text-left xl:p-3 shadow-xs transition-colors outline-none hover:bg-muted/50 focus-visible:ring-2 focus-visible:ring-ring/40"
    >
      <span className="truncate text-sm text-muted-foreground">{label}</span>
      <span className="text-xl font-semibold tracking-tight whitespace-nowrap tabular-nums xl:text-lg">{value}</span>
      <span className={cn('text-xs font-medium tabular-nums', TONES[tone])} aria-hidden>
        {delta.text}
      </span>
      <span id={id} className="sr-only">
        {delta.words}
      </span>
    </button>
  );
}

type TilesProps<F> = {
  label: string;
  defs: readonly FigureDef<F>[];
  current: F;
  previous: F;
  onOpen: (def: FigureDef<F>) => void;
};

/** A report's tiles, each against the period before. */
export function FigureTiles<F extends { [K in keyof F]: number | null }>({ label, defs, current, previous, onOpen }: TilesProps<F>) {
  return (
    <div role="group" aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-7">
      {defs.map((def) => (
        <FigureTile
          key={def.key}
          label={def.label}
          value={def.format(current[def.key])}
          delta={delta(def.kind, current[def.key], previous[def.key], def.format)}
          upIsGood={def.upIsGood}
          onOpen={() => onOpen(def)}
        />
      ))}
    </div>
  );
}
