/**
 * CSV files the product writes (the Do-Not-Contact export, the analytics tables): UTF-8 with a byte-order mark so
 * Excel reads names right, CRLF lines, quotes only where needed, and text a spreadsheet would run as a formula
 * (= + - @ tab CR at its start) kept as text with a leading apostrophe. Numbers go as they are.
 */
export type CsvValue = string | number | null;

export function csvCell(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
