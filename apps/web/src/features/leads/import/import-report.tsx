import type { ImportRowError } from '@wholesail/domain';
import { IMPORT_ERRORS_CAP } from './import-api';

const numberFormat = new Intl.NumberFormat('en-US');

/** The server's reason as sent, minus a leading "row N:" that the Row column already shows. */
export function withoutRowPrefix(reason: string, row: number): string {
  const prefix = new RegExp(`^row ${row}\\s*:\\s*`, 'i');
  return reason.replace(prefix, '');
}

function Counter({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-md border px-2 py-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums">{numberFormat.format(value)}</dd>
    </div>
  );
}

/** What an import did (leads, buyers): new, updated duplicates, skipped. */
export function ImportCounters({ inserted, updated, skipped }: { inserted: number; updated: number; skipped: number }) {
  return (
    <dl className="grid grid-cols-3 gap-3 text-center">
      <Counter label="Inserted" value={inserted} />
      <Counter label="Updated (duplicates)" value={updated} />
      <Counter label="Skipped" value={skipped} />
    </dl>
  );
}

/** The rows an import could not take, each with its reason (the server keeps the first IMPORT_ERRORS_CAP). */
export function ImportProblems({ errors, skipped }: { errors: readonly ImportRowError[]; skipped: number }) {
  if (errors.length === 0) return null;
  return (
    <div className="grid gap-1.5">
      <p className="text-sm font-medium">
        Problems
        {skipped > errors.length && errors.length >= IMPORT_ERRORS_CAP && (
          <span className="font-normal text-muted-foreground"> (first {IMPORT_ERRORS_CAP} of {numberFormat.format(skipped)})</span>
        )}
      </p>
      <ul aria-label="Import errors" className="max-h-48 overflow-y-auto rounded-md border text-sm">
        {errors.map((error, index) => (
          <li key={`${error.row}-${index}`} className="flex gap-3 border-b px-3 py-1.5 last:border-0">
            <span className="shrink-0 font-medium tabular-nums">Row {error.row}</span>
            <span className="text-muted-foreground">{withoutRowPrefix(error.reason, error.row)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
