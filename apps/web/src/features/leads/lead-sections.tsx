import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { MISSING } from './lead-format';

export const NOT_AVAILABLE = 'Not available for this property';

export type FieldItem = { label: string; value: ReactNode; present: boolean };

/** A label/value pair; a text value of '—' counts as missing. */
export function field(label: string, value: string | ReactNode, present?: boolean): FieldItem {
  return { label, value, present: present ?? value !== MISSING };
}

/** A titled box of the lead details; `action` (its Edit button) sits at the title's end. */
export function Section({ title, children, className, action }: { title: string; children: ReactNode; className?: string; action?: ReactNode }) {
  return (
    <section className={cn('grid gap-3 rounded-lg border p-4', className)} aria-label={title}>
      {action ? (
        <div className="flex min-h-8 items-center justify-between gap-2">
          <h3 className="text-sm font-semibold">{title}</h3>
          {action}
        </div>
      ) : (
        <h3 className="text-sm font-semibold">{title}</h3>
      )}
      {children}
    </section>
  );
}

export function EmptyText({ children = NOT_AVAILABLE }: { children?: ReactNode }) {
  return <p className="text-sm text-muted-foreground">{children}</p>;
}

/** Label/value pairs; when none of them has a value, the section's empty text instead. */
export function FieldGrid({ items, empty = NOT_AVAILABLE, columns = 2 }: { items: FieldItem[]; empty?: string; columns?: 1 | 2 | 3 }) {
  if (!items.some((item) => item.present)) return <EmptyText>{empty}</EmptyText>;
  return (
    <dl className={cn('grid gap-x-6 gap-y-2.5 text-sm', columns === 2 && 'sm:grid-cols-2', columns === 3 && 'sm:grid-cols-3')}>
      {items.map((item) => (
        <div key={item.label} className="flex min-w-0 items-baseline justify-between gap-3 border-b border-dashed pb-1.5 last:border-b-0 sm:block sm:border-b-0 sm:pb-0">
          <dt className="text-xs text-muted-foreground">{item.label}</dt>
          <dd className={cn('min-w-0 text-right font-medium break-words sm:text-left', !item.present && 'font-normal text-muted-foreground')}>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A section holding only label/value pairs. */
export function FieldSection({ title, items, empty, columns }: { title: string; items: FieldItem[]; empty?: string; columns?: 1 | 2 | 3 }) {
  return (
    <Section title={title}>
      <FieldGrid items={items} empty={empty} columns={columns} />
    </Section>
  );
}
