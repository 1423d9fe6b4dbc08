/** The analytics tables' CSV files are written by the domain's toCsv (the same rules as the server's exports). */
export { toCsv, type CsvValue } from '@wholesail/domain';

/** Saves the text as a file through a temporary link. */
export function downloadCsv(filename: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = filename;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  URL.revokeObjectURL(url);
}
