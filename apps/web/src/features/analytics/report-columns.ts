/** The columns of an analytics table: what each cell shows (and exports), and the records behind its number. */
import { toCsv } from './csv';
import type { DrillTarget } from './drill-target';

export type Column<T, D = DrillTarget> = {
  header: string;
  /** The cell as shown on screen, and as written to the CSV. */
  text: (row: T) => string;
  /** The records behind the cell's number, when it has some (another report's kind of records: `D`). */
  drill?: (row: T) => D;
  numeric?: boolean;
};

/** The table exactly as shown: its headers, then each row's cells. */
export function tableCsv<T, D>(columns: readonly Column<T, D>[], rows: readonly T[]): string {
  return toCsv(
    columns.map((c) => c.header),
    rows.map((row) => columns.map((c) => c.text(row))),
  );
}

/** "calls-by-member-2026-03-03-to-2026-03-09.csv" */
export function csvFileName(title: string, range: { from: string; to: string }): string {
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return `${slug}-${range.from}-to-${range.to}.csv`;
}
