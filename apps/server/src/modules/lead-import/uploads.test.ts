import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable, Transform } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { ImportStatus } from '@wholesail/domain';
import { localStorage } from '../../providers/storage/local';
import type { FileStorage } from '../../providers/storage';
import { DB_KINDS, ORIGIN, useTestApp } from '../../../test/harness';
import { HEAD_BYTES } from './upload-scan';

/** Local storage that reports every chunk it receives, as it receives it. */
function watchedStorage() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'wholesail-uploads-'));
  const inner = localStorage(root);
  const events = new EventEmitter();
  const received = new Map<string, number[]>();
  const storage: FileStorage = {
    ...inner,
    put(key, body) {
      const tap = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          received.set(key, [...(received.get(key) ?? []), chunk.length]);
          callback(null, chunk);
          events.emit('chunk');
        },
      });
      body.once('error', (error) => tap.destroy(error));
      return inner.put(key, body.pipe(tap));
    },
  };
  /** Resolves once `condition` holds, checked as each chunk arrives. */
  const until = (condition: () => boolean) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (!condition()) return;
        events.off('chunk', check);
        resolve();
      };
      events.on('chunk', check);
      check();
    });
  const bytesOf = (key: string) => (received.get(key) ?? []).reduce((a, b) => a + b, 0);
  const storedFiles = () => fs.readdirSync(root, { recursive: true }).filter((f) => String(f).endsWith('.csv') || String(f).endsWith('.partial'));
  return { storage, received, until, bytesOf, storedFiles };
}

const HEADER = 'Owner Name,Property Address,Notes\n';
/** `n` data rows; some with a line break inside quotes, plus a blank line and an all-empty record the parser skips. */
function csvRows(n: number, from = 0): string {
  const rows: string[] = [];
  for (let i = from; i < from + n; i++) {
    rows.push(i % 50 === 0 ? `Owner ${i},${i} Stream Street,"first line\nsecond line, ""quoted"""` : `Owner ${i},${i} Stream Street,plain note ${i}`);
    if (i % 400 === 0) rows.push('', ',,');
  }
  return rows.join('\n') + '\n';
}

describe.each(DB_KINDS)('lead import uploads on %s', (kind) => {
  const watched = watchedStorage();
  const t = useTestApp(kind, { IMPORT_UPLOADS_PER_ORG: '2', IMPORT_UPLOADS_PER_SERVER: '3' }, { storage: watched.storage });

  const post = (cookie: string, payload: Readable | string) =>
    t.app.inject({ method: 'POST', url: '/api/leads/import?filename=stream.csv', headers: { origin: ORIGIN, cookie, 'content-type': 'text/csv' }, payload });

  /** An upload whose body the test sends piece by piece; it is held open until `end`. */
  const heldUpload = (cookie: string, first: string) => {
    const body = new PassThrough();
    body.write(first);
    const answer = post(cookie, body);
    return { body, answer, end: (rest = '') => body.end(rest) };
  };

  const newKeys = (before: Set<string>) => [...watched.received.keys()].filter((k) => !before.has(k));

  const waitFor = async (cookie: string, id: string): Promise<ImportStatus & { failure?: string }> => {
    for (let i = 0; i < 600; i++) {
      const status = (await t.request('GET', `/api/leads/import/${id}`, { cookie })).json() as ImportStatus;
      if (status.status === 'completed' || status.status === 'failed') return status;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('import did not finish');
  };

  /** Thousands of rows imported on PGlite, each through the leads' triggers: 10–20 s alone, three times that on a busy machine. */
  const IMPORT_JOB_MS = 90_000;

  it('streams the file to storage as it arrives, counts the rows of a file larger than the preview reads, and parses it in the job', async () => {
    const owner = await t.createOrg('Streaming Uploads');
    const rows = 6000;
    const text = HEADER + csvRows(rows);
    expect(text.length).toBeGreaterThan(4 * HEAD_BYTES);
    const thirds = [text.slice(0, 100_000), text.slice(100_000, 200_000), text.slice(200_000)];
    const before = new Set(watched.received.keys());

    // Each piece is sent only once storage holds the one before: a handler that waited for the whole body never answers.
    const upload = heldUpload(owner.cookie, thirds[0]!);
    await watched.until(() => newKeys(before).length === 1 && watched.bytesOf(newKeys(before)[0]!) >= 100_000);
    upload.body.write(thirds[1]);
    const [key] = newKeys(before);
    await watched.until(() => watched.bytesOf(key!) >= 200_000);
    upload.end(thirds[2]);
    const res = await upload.answer;
    expect(res.statusCode, res.body).toBe(201);
    expect(watched.bytesOf(key!)).toBe(Buffer.byteLength(text));
    // Storage got the file in the pieces it came in, never the whole.
    expect(watched.received.get(key!)!.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...watched.received.get(key!)!)).toBeLessThanOrEqual(100_000);

    const preview = res.json();
    expect(preview).toMatchObject({ total_rows: rows, headers: ['Owner Name', 'Property Address', 'Notes'] });
    expect(preview.sample_rows[0]).toEqual(['Owner 0', '0 Stream Street', 'first line\nsecond line, "quoted"']);

    const start = await t.request('POST', `/api/leads/import/${preview.id}/start`, { cookie: owner.cookie, body: { mapping: preview.proposed_mapping } });
    expect(start.statusCode, start.body).toBe(202);
    expect(await waitFor(owner.cookie, preview.id)).toMatchObject({ status: 'completed', total_rows: rows, rows_read: rows, inserted: rows, skipped: 0 });
  }, IMPORT_JOB_MS);

  it('takes an upload over a real socket, where the unread body is the connection itself', async () => {
    const owner = await t.createOrg('Socket Upload');
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${url}/api/leads/import?filename=socket.csv`, {
      method: 'POST',
      headers: { origin: ORIGIN, cookie: owner.cookie, 'content-type': 'text/csv' },
      body: HEADER + csvRows(2000),
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ filename: 'socket.csv', total_rows: 2000 });
  });

  it('takes two uploads at once per organization and three per server; beyond, 429 with Retry-After before the body is read', async () => {
    const [a, b, c] = [await t.createOrg('Slots A'), await t.createOrg('Slots B'), await t.createOrg('Slots C')];
    const before = new Set(watched.received.keys());
    const first = HEADER + csvRows(20);
    const held = [heldUpload(a.cookie, first), heldUpload(a.cookie, first)];
    await watched.until(() => newKeys(before).length === 2);

    const third = await post(a.cookie, first);
    expect(third.statusCode, third.body).toBe(429);
    expect(third.headers['retry-after']).toBe('10');
    expect(third.json().error).toMatchObject({ code: 'TOO_MANY_UPLOADS', message: expect.stringMatching(/already has 2 uploads in progress \(at most 2 at a time\)\. Try again/) });

    held.push(heldUpload(b.cookie, first));
    await watched.until(() => newKeys(before).length === 3);
    const busy = await post(c.cookie, first);
    expect(busy.statusCode, busy.body).toBe(429);
    expect(busy.headers['retry-after']).toBe('10');
    expect(busy.json().error).toMatchObject({ code: 'SERVER_BUSY', message: expect.stringMatching(/Try again in a few seconds/) });
    expect(newKeys(before)).toHaveLength(3); // the refused bodies never reached storage

    for (const h of held) h.end(csvRows(5, 20));
    for (const h of held) expect((await h.answer).statusCode).toBe(201);
    // The slots are given back: the same organizations upload again.
    expect((await post(a.cookie, first)).statusCode).toBe(201);
    expect((await post(c.cookie, first)).statusCode).toBe(201);
  });

  it('stops a body without a declared length at the size limit with 413 and keeps nothing of it', async () => {
    const owner = await t.createOrg('Too Large');
    const stored = watched.storedFiles().length;
    const mb = Buffer.from(HEADER + 'x,y,z\n'.repeat((1024 * 1024 - HEADER.length) / 6));
    const body = Readable.from((function* () {
      for (let i = 0; i < 52; i++) yield mb;
    })());
    const res = await post(owner.cookie, body);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toEqual({ code: 'FILE_TOO_LARGE', message: 'The file is larger than the 50 MB upload limit' });
    expect(watched.storedFiles()).toHaveLength(stored);
  });

  it('fails in the job, not in the upload, for a large file that breaks after the part the preview reads, and deletes the file', async () => {
    const owner = await t.createOrg('Broken Later');
    const text = HEADER + csvRows(3000) + 'Owner X,1 Broken Road,"never closed\n';
    const res = await post(owner.cookie, text);
    expect(res.statusCode, res.body).toBe(201);
    const preview = res.json();
    const start = await t.request('POST', `/api/leads/import/${preview.id}/start`, { cookie: owner.cookie, body: { mapping: preview.proposed_mapping } });
    expect(start.statusCode, start.body).toBe(202);
    expect(await waitFor(owner.cookie, preview.id)).toMatchObject({ status: 'failed' });
    await new Promise<void>((resolve) => {
      const check = () => (watched.storedFiles().some((f) => String(f).includes(preview.id)) ? setTimeout(check, 20) : resolve());
      check();
    });
  }, IMPORT_JOB_MS);
});
