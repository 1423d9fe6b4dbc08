import type { ReactNode } from 'react';

/** One labelled value of a buyer's record; a dash when there is none. */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words">{children ?? <span className="text-muted-foreground">—</span>}</dd>
    </div>
  );
}
