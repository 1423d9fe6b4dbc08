/**
 * CSV files the product writes (the exports of docs/exports.md, the analytics tables): UTF-8 with a byte-order mark
 * so Excel reads names right, CRLF lines, quotes only where needed, and text a spreadsheet would run as a formula
 * (= + - @ tab CR at its start) kept as text with a leading apostrophe. Numbers go as they are.
 */
export type CsvValue = string | number | null;

/** Written once, before the header: Excel reads the file as UTF-8 only with it. */
export const CSV_BOM = '\uFEFF';

export function csvCell(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One record, its line end included: a streamed file is the BOM and then these, one after another. */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/**
 * A value of an API record as a cell: booleans as true/false, a list as its items joined by ", ", an object (a buy
 * box) as its JSON, a non-finite number as empty.
 */
export function csvValue(value: unknown): CsvValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((v) => String(v ?? '')).join(', ');
  return JSON.stringify(value);
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return CSV_BOM + [header, ...rows].map(csvLine).join('');
}
