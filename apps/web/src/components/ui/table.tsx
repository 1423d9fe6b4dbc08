import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/**
 * Below the sm breakpoint a table becomes a stack of cards: each row a block, each cell a line with its column's
 * name (the cell's `label`) on the left, so a phone never scrolls sideways to reach a column.
 */
const STACK_ON_PHONE = cn(
  'max-sm:block max-sm:[&_thead]:sr-only max-sm:[&_tbody]:block max-sm:[&_tr]:block max-sm:[&_tr]:py-2',
  'max-sm:[&_td]:flex max-sm:[&_td]:min-h-9 max-sm:[&_td]:items-center max-sm:[&_td]:justify-between max-sm:[&_td]:gap-3 max-sm:[&_td]:py-1 max-sm:[&_td]:text-right',
  'max-sm:[&_td[data-label]]:before:shrink-0 max-sm:[&_td[data-label]]:before:text-xs max-sm:[&_td[data-label]]:before:font-medium max-sm:[&_td[data-label]]:before:text-muted-foreground max-sm:[&_td[data-label]]:before:content-[attr(data-label)]',
  'max-sm:[&_td:not([data-label])]:justify-start max-sm:[&_td:not([data-label])]:text-left',
);

export function Table({ className, ...props }: ComponentProps<'table'>) {
  return (
    <div className="relative w-full overflow-x-auto">
      <table className={cn('w-full caption-bottom text-sm', STACK_ON_PHONE, className)} {...props} />
    </div>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={cn('[&_tr]:border-b', className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return <tr className={cn('border-b transition-colors hover:bg-muted/50', className)} {...props} />;
}

export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return <th className={cn('h-10 px-3 text-left align-middle text-xs font-medium uppercase tracking-wide text-muted-foreground', className)} {...props} />;
}

/** `label`: the column's name, shown before the value when the table is stacked on a phone. */
export function TableCell({ className, label, ...props }: ComponentProps<'td'> & { label?: string }) {
  return <td className={cn('px-3 py-2.5 align-middle', className)} data-label={label} {...props} />;
}

/** A list table's header row: the column names, and an unnamed last column for each row's actions (read to screen readers). */
export function ListTableHeader({ columns, actions = true }: { columns: readonly string[]; actions?: boolean }) {
  return (
    <TableHeader>
      <TableRow className="hover:bg-transparent">
        {columns.map((column) => (
          <TableHead key={column}>{column}</TableHead>
        ))}
        {actions && (
          <TableHead className="text-right">
            <span className="sr-only">Actions</span>
          </TableHead>
        )}
      </TableRow>
    </TableHeader>
  );
}
