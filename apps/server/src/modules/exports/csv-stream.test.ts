import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../db/scope';
import { csvChunks, sendCsv, type ExportSource } from './csv-stream';

/** An endless source of numbered rows that counts its batches and how many are being read at a time. */
function endless() {
  const state = { batches: 0, reading: 0 };
  const source: ExportSource<{ n: number }> = {
    async batch(_tx, after, limit) {
      state.batches += 1;
      state.reading += 1;
      await new Promise((r) => setTimeout(r, 2));
      state.reading -= 1;
      const from = (after?.n ?? 0) + 1;
      return Array.from({ length: limit }, (_, i) => ({ n: from + i }));
    },
    record: (row) => ({ n: row.n, text: `=row ${row.n} ${'x'.repeat(200)}` }),
  };
  return { source, state };
}

const read = <T>(fn: (tx: Tx) => Promise<T>) => fn({} as Tx);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until no batch was read for 300 ms (the socket's buffers are full, or the reads stopped); the count then. */
async function steady(state: { batches: number }): Promise<number> {
  for (let i = 0; i < 50; i += 1) {
    const before = state.batches;
    await sleep(300);
    if (state.batches === before) return before;
  }
  throw new Error('the reads never stopped');
}

describe('the streamed CSV', () => {
  it('writes the BOM and header with the first batch, then a chunk a batch, and ends on a short batch', async () => {
    const rows = [{ id: 'a', v: '-1' }, { id: 'b', v: 'x,y' }, { id: 'c', v: null }];
    const seen: Array<string | undefined> = [];
    const source: ExportSource<(typeof rows)[number]> = {
      async batch(_tx, after, limit) {
        seen.push(after?.id);
        const from = after ? rows.findIndex((r) => r.id === after.id) + 1 : 0;
        return rows.slice(from, from + limit);
      },
      record: (row) => row,
    };
    const chunks: string[] = [];
    for await (const chunk of csvChunks(read, source, ['v', 'id'], 2)) chunks.push(chunk);
    expect(chunks).toEqual(['\uFEFFv,id\r\n\'-1,a\r\n"x,y",b\r\n', ',c\r\n']);
    expect(seen).toEqual([undefined, 'b']);
  });

  describe('over HTTP', () => {
    let app: FastifyInstance;
    let port: number;
    const current = endless();
    beforeAll(async () => {
      app = Fastify({ forceCloseConnections: true });
      app.decorateRequest('ctx', null as never);
      app.addHook('onRequest', async (request) => {
        (request as { ctx: unknown }).ctx = { read };
      });
      app.get('/export.csv', (request, reply) => sendCsv(request, reply, 'endless', current.source, ['n', 'text']));
      await app.listen({ port: 0, host: '127.0.0.1' });
      port = (app.server.address() as AddressInfo).port;
    });
    afterAll(() => app.close());

    it('reads a batch only as the client takes the data, and stops reading when the client goes away', async () => {
      const { state } = current;
      const res = await new Promise<http.IncomingMessage>((resolve, reject) => http.get(`http://127.0.0.1:${port}/export.csv`, { agent: false }, resolve).on('error', reject));
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="endless-\d{4}-\d{2}-\d{2}\.csv"$/);
      // A client that reads nothing: the socket's buffers fill and the reads stop, though the source never ends.
      res.pause();
      const paused = await steady(state);
      // A batch is about 450 kB: what the loopback socket's buffers hold, not the endless file.
      expect(paused).toBeLessThan(60);
      console.log(`paused client: ${paused} batches read`);
      // Reading on pulls more batches.
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.resume();
      await sleep(100);
      expect(state.batches).toBeGreaterThan(paused);
      // Gone: the batch in flight finishes, and no other starts.
      res.destroy();
      const after = await steady(state);
      expect(state.reading).toBe(0);
      await sleep(300);
      expect(state.batches).toBe(after);
      expect(bytes).toBeGreaterThan(0);
    });
  });
});
