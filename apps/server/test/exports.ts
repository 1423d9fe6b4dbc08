import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { parseRecords } from '../src/modules/lead-import/csv';

/** An export's records as objects by header, after checking it is a CSV attachment with the BOM and CRLF lines. */
export async function csvRecords(res: LightMyRequestResponse, name: string): Promise<{ header: string[]; rows: Record<string, string>[] }> {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="${name}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.body.startsWith('\uFEFF')).toBe(true);
  expect(res.body.endsWith('\r\n')).toBe(true);
  const records: string[][] = [];
  for await (const { cells } of parseRecords(res.body)) records.push(cells);
  const [header = [], ...data] = records;
  return { header, rows: data.map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i] ?? '']))) };
}
