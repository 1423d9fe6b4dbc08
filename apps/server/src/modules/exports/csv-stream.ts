import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSV_BOM, csvLine, csvValue } from '@wholesail/domain';
import type { PlanSettings, Tx } from '../../db/scope';

/**
 * A batch's rows and its text are all an export holds at once: about this many cells, in at most 5,000 rows (730 rows
 * of every lead column, 5,000 of a few).
 */
const BATCH_CELLS = 100_000;
const BATCH_ROWS_MAX = 5_000;
export const batchRowsFor = (columns: number) => Math.min(BATCH_ROWS_MAX, Math.floor(BATCH_CELLS / Math.max(1, columns)));

/**
 * Each batch walks the primary key from where the last one ended, filtering as it goes: the whole export reads the
 * organization's rows once. A planner that misjudged a filter as rare would otherwise scan and sort every match
 * again for each batch.
 */
const KEYSET_PLAN: PlanSettings = { enable_seqscan: 'off', enable_bitmapscan: 'off', enable_sort: 'off' };

/** What an export reads, a batch at a time, in the order of its table's primary key (keyset pagination). */
export interface ExportSource<Row> {
  /** Up to `limit` rows that follow `after` in key order (from the first when undefined). */
  batch(tx: Tx, after: Row | undefined, limit: number): Promise<Row[]>;
  /** A row as the API names its fields. */
  record(row: Row): Record<string, unknown>;
}

/** Runs `fn` in a read-only tenant transaction of its own (the request's `ctx.read`). */
export type ReadTx = <T>(fn: (tx: Tx) => Promise<T>, plan?: PlanSettings) => Promise<T>;

/**
 * The file as text chunks: the BOM and header with the first batch, then one chunk a batch. Each batch is read in
 * its own transaction, so no transaction or connection is held while the client takes its time (on PGlite, with
 * its one connection, a held one would stop every other request); the file is therefore not one snapshot. The next
 * batch is read only when the consumer asks for more, so a stopped consumer stops the reads.
 */
export async function* csvChunks<Row>(read: ReadTx, source: ExportSource<Row>, columns: readonly string[], batchRows = batchRowsFor(columns.length)): AsyncGenerator<string> {
  let text = CSV_BOM + csvLine(columns);
  let after: Row | undefined;
  for (;;) {
    const rows = await read((tx) => source.batch(tx, after, batchRows), KEYSET_PLAN);
    for (const row of rows) {
      const record = source.record(row);
      text += csvLine(columns.map((c) => csvValue(record[c])));
    }
    if (text) yield text;
    if (rows.length < batchRows) return;
    text = '';
    after = rows[rows.length - 1];
  }
}

async function* resume(first: IteratorResult<string>, rest: AsyncGenerator<string>): AsyncGenerator<string> {
  if (first.done) return;
  yield first.value;
  yield* rest;
}

/**
 * Answers with the export as an attachment named `<name>-YYYY-MM-DD.csv`. The first batch is read before the answer
 * starts, so a query that fails at once is still a JSON error; later the stream pulls a batch only as the socket
 * drains (backpressure), and a client that goes away destroys it, which ends the generator before its next read.
 * HEAD reads nothing (fastify would otherwise drain the whole stream for it).
 */
export async function sendCsv<Row>(request: FastifyRequest, reply: FastifyReply, name: string, source: ExportSource<Row>, columns: readonly string[]) {
  const day = new Date().toISOString().slice(0, 10);
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${day}.csv"`)
    .header('cache-control', 'no-store');
  if (request.method === 'HEAD') return reply.send();
  const chunks = csvChunks(request.ctx.read, source, columns);
  const first = await chunks.next();
  return reply.send(Readable.from(resume(first, chunks), { objectMode: false }));
}
