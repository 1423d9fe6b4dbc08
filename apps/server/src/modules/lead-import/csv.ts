import { Readable } from 'node:stream';
import { parse, type Options } from 'csv-parse';
import { badRequest } from '../../http/errors';

const PARSE_OPTIONS: Options = {
  bom: true,
  relax_column_count: true,
  relax_quotes: true,
  skip_empty_lines: true,
  skip_records_with_empty_values: true,
  info: true,
};
const CHUNK = 1024 * 1024;
const SAMPLE_ROWS = 5;

/** A data record: its cells and the line of the file it ends on (the header is line 1). */
export interface CsvRecord {
  cells: string[];
  line: number;
}

/**
 * The upload's bytes as text: UTF-8 (BOM stripped) or, when not valid UTF-8, Windows-1252 as Excel
 * writes it. Binary files (spreadsheets, archives, images) are refused.
 */
export function decodeUpload(bytes: Uint8Array): string {
  if (bytes.length === 0) throw badRequest('The file is empty', 'EMPTY_FILE');
  if (bytes.includes(0)) {
    throw badRequest('The file is not a CSV file (it is binary; save the spreadsheet as CSV and upload that)', 'NOT_CSV');
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.trim() === '') throw badRequest('The file is empty', 'EMPTY_FILE');
  return text;
}

/** Which decoding a stored file needs: UTF-8 when all of it is valid UTF-8, else Windows-1252 (read once to tell). */
export async function fileEncoding(chunks: AsyncIterable<Uint8Array>): Promise<'utf-8' | 'windows-1252'> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of chunks) decoder.decode(chunk, { stream: true });
    decoder.decode();
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/** The bytes as text, chunk by chunk (a UTF-8 byte-order mark dropped). */
export async function* decodeChunks(chunks: AsyncIterable<Uint8Array>, encoding: 'utf-8' | 'windows-1252'): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding);
  for await (const chunk of chunks) yield decoder.decode(chunk, { stream: true });
  yield decoder.decode();
}

function* slices(text: string) {
  for (let i = 0; i < text.length; i += CHUNK) yield text.slice(i, i + CHUNK);
}

/** Records of the text (or text chunks), header first, parsed in slices so a large file does not block the process. */
export async function* parseRecords(text: string | AsyncIterable<string>): AsyncGenerator<CsvRecord> {
  const source = Readable.from(typeof text === 'string' ? slices(text) : text, { objectMode: false });
  const parser = source.pipe(parse(PARSE_OPTIONS));
  source.on('error', (err) => parser.destroy(err));
  for await (const item of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    yield { cells: item.record, line: item.info.lines };
  }
}

/** A parser error as the 400 it is (the file is not valid CSV); any other error as it is. */
export function notValidCsv(error: unknown): unknown {
  if (error instanceof Error && 'code' in error && typeof error.code === 'string' && error.code.startsWith('CSV_')) {
    return badRequest(`The file is not valid CSV: ${error.message}`, 'NOT_CSV');
  }
  return error;
}

const LOOKS_LIKE_DATA = /^[\d\s$,.%()\-+/:]+$/;

/** Header names as the mapping keys them: trimmed, blanks named 'Column N', repeats suffixed ' (2)'. */
function headerNames(cells: string[]): string[] {
  const seen = new Map<string, number>();
  return cells.map((cell, i) => {
    const base = cell.trim() || `Column ${i + 1}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base} (${n})`;
  });
}

export interface CsvSummary {
  headers: string[];
  totalRows: number;
  sampleRows: string[][];
}

/**
 * Header, row count and the first rows of the text: the whole file when `complete`, else its first records (the
 * count is then the caller's). Bad input → 400 naming the problem.
 */
export async function summariseCsv(text: string, complete = true): Promise<CsvSummary> {
  let headers: string[] | null = null;
  let totalRows = 0;
  const sampleRows: string[][] = [];
  try {
    for await (const { cells } of parseRecords(text)) {
      if (!headers) {
        const filled = cells.map((c) => c.trim()).filter(Boolean);
        if (filled.length === 0 || filled.some((c) => LOOKS_LIKE_DATA.test(c))) {
          throw badRequest('The file has no header row: its first line must name the columns (for example "Owner Name,Property Address,Phone 1")', 'NO_HEADER');
        }
        headers = headerNames(cells);
        continue;
      }
      totalRows++;
      if (sampleRows.length < SAMPLE_ROWS) sampleRows.push(headers.map((_, i) => cells[i] ?? ''));
    }
  } catch (error) {
    throw notValidCsv(error);
  }
  if (!headers) throw badRequest('The file is empty', 'EMPTY_FILE');
  if (totalRows === 0 && complete) throw badRequest('The file has a header row but no data rows', 'NO_ROWS');
  return { headers, totalRows, sampleRows };
}

/** The data records (header skipped) from the `skip`-th on. */
export async function* dataRecords(text: string | AsyncIterable<string>, skip: number): AsyncGenerator<CsvRecord> {
  let index = -1;
  for await (const record of parseRecords(text)) {
    if (index++ < skip) continue;
    yield record;
  }
}
