import { Button } from '@/components/ui/button';

export type ColumnGroup = { label: string; columns: readonly string[] };

type Props = { groups: readonly ColumnGroup[]; chosen: ReadonlySet<string>; onChange: (chosen: Set<string>) => void };

/** Tick boxes for an export's columns, by group, named as the file's header names them. */
export function ColumnChooser({ groups, chosen, onChange }: Props) {
  const all = groups.flatMap((g) => g.columns);
  const toggle = (column: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(column);
    else next.delete(column);
    onChange(next);
  };
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-2 text-sm">
        <span aria-live="polite">
          {chosen.size} of {all.length} columns
        </span>
        <span className="flex gap-1">
          <Button type="button" variant="ghost" size="sm" onClick={() => onChange(new Set(all))}>
            Select all
          </Button>
          <Button type="button" variant="ghost" size="sm" onClick={() => onChange(new Set())}>
            Clear
          </Button>
        </span>
      </div>
      <div className="grid max-h-[min(50vh,22rem)] gap-4 overflow-y-auto rounded-md border p-3">
        {groups.map((group) => (
          <fieldset key={group.label} className="grid gap-1.5">
            <legend className="mb-1 text-xs font-medium text-muted-foreground uppercase">{group.label}</legend>
            <div className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
              {group.columns.map((column) => (
                <label key={column} className="flex min-w-0 items-center gap-2 font-mono text-xs">
                  <input type="checkbox" className="size-4 shrink-0 accent-primary" checked={chosen.has(column)} onChange={(e) => toggle(column, e.target.checked)} />
                  <span className="truncate">{column}</span>
                </label>
              ))}
            </div>
          </fieldset>
        ))}
      </div>
    </div>
  );
}
