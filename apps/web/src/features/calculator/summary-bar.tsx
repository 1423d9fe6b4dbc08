import { formatUsd } from '@wholesail/domain';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import type { CalculatorResults } from './calculator-results';
import { figureText, negativeTone } from './figure-stat';

function Item({ label, title, className, children }: { label: string; title: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn('min-w-0', className)}>
      <p className="truncate text-xs font-medium text-muted-foreground">{label}</p>
      <p className="truncate text-sm font-semibold tabular-nums sm:text-base" title={title}>
        {children}
      </p>
    </div>
  );
}

/** The numbers that matter, kept in view (under the phone header on phones) while the inputs below change. */
export function SummaryBar({ arv, results }: { arv: number | null; results: CalculatorResults }) {
  const figures = [
    ['Repairs', results.repairs.total],
    ['MAO', results.mao],
    ['Max offer', results.maxOffer],
  ] as const;
  return (
    <section
      aria-label="Summary"
      className="sticky top-14 z-20 grid grid-cols-3 gap-x-2 rounded-xl border bg-card/95 px-3 py-2 shadow-sm backdrop-blur sm:grid-cols-4 sm:gap-x-4 sm:px-4 sm:py-3 lg:top-2"
    >
      {/* A phone gives the ARV's room (it is typed, not computed) to the three results. */}
      <Item label="ARV" title="As entered" className="max-sm:hidden">
        {formatUsd(arv ?? 0)}
      </Item>
      {figures.map(([label, figure]) => (
        <Item key={label} label={label} title={figure.formula}>
          <span className={negativeTone(figure)}>{figureText(figure)}</span>
        </Item>
      ))}
    </section>
  );
}
