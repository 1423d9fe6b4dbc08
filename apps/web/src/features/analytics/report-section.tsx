import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** One report of the page under its heading; dimmed while a new range loads over the last one. */
export function ReportSection({ title, busy, children }: { title: string; busy: boolean; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} aria-busy={busy} className="grid min-w-0 gap-4">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <div className={cn('grid min-w-0 gap-4 transition-opacity', busy && 'opacity-60')}>{children}</div>
    </section>
  );
}
