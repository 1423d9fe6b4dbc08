import http from 'node:http';
import v8 from 'node:v8';
import vm from 'node:vm';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../../db/scope';
import { setBulkWrite } from '../lead-import/repo';
import { DB_KINDS, useTestApp, type TestApp } from '../../../test/harness';
import { listenLocally } from '../../../test/proof/sockets';

/** PGlite writes and reads a good deal slower than PostgreSQL: a smaller organization there, still a file of over 30 MB. */
const LEADS = { pglite: 30_000, postgres: 200_000 } as const;
const MB = 1024 * 1024;
/** Bytes received between two samples of the held heap: each is a full collection, slow on a large heap. */
const SAMPLE_EVERY = { pglite: MB, postgres: 4 * MB } as const;

/** A full collection on demand, so a sample counts what is held, not garbage the collector has yet to reach. */
v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as () => void;
const heldHeap = () => {
  collect();
  return process.memoryUsage().heapUsed;
};

/** Opens a GET over a real socket (inject would buffer the whole answer). */
const open = (port: number, path: string, cookie: string) =>
  new Promise<http.IncomingMessage>((resolve, reject) => http.get({ host: '127.0.0.1', port, path, headers: { cookie }, agent: false }, resolve).on('error', reject));

describe.each(DB_KINDS)('a large export on %s', (kind) => {
  const t = useTestApp(kind);
  let org: Awaited<ReturnType<TestApp['createOrg']>>;
  let port: number;

  beforeAll(async () => {
    org = await t.createOrg('Export memory');
    // Set-based: one INSERT … SELECT, each lead with its names, address, numbers, figures, tags and a long note (bulk:
    // one change notification, not one a row).
    const started = Date.now();
    await withSystem(t.database.db, async (tx) => {
      await setBulkWrite(tx, true);
      await sql`
      insert into leads (organization_id, name, owner_1_first_name, owner_1_last_name, property_address_full, property_address_city, property_address_state,
        property_address_zipcode, contact_1_phone1, contact_1_email1, estimated_value, mortgage_balance, year_built, badges, status, notes)
      select ${org.organizationId}::uuid, 'Owner ' || g, 'First' || g, 'Last' || g, g || ' Export Street, Austin, TX 78701', 'Austin', 'TX', '78701',
        '512' || lpad(g::text, 7, '0'), 'owner' || g || '@example.com', 100000 + g, 50000 + g, 1950 + g % 70, array['vacant', 'absentee'],
        case when g % 3 = 0 then 'discovery' else 'new' end,
        '=SUM(A' || g || ') ' || repeat('spoke about the roof, the tenants and a price; call back next week. ', 12)
      from generate_series(1, ${LEADS[kind]}::int) g`.execute(tx);
    });
    console.log(`seeded ${LEADS[kind]} leads on ${kind} in ${Date.now() - started} ms`);
    port = await listenLocally(t);
  }, 300_000);

  it('streams every lead in constant memory: the heap never grows by a fraction of the file', async () => {
    const baseline = heldHeap();
    let peak = baseline;
    let bytes = 0;
    let sampledAt = 0;
    let lines = 0;
    let formulas = 0;
    let tail = '';
    const res = await open(port, '/api/leads/export.csv', org.cookie);
    expect(res.statusCode).toBe(200);
    for await (const chunk of res as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
      // Every note starts with '=' and holds commas: each must arrive quoted with the apostrophe, "'=SUM(A…
      const text = tail + chunk.toString('latin1');
      formulas += text.split(`"'=SUM(A`).length - 1;
      tail = text.slice(-7);
      if (bytes - sampledAt >= SAMPLE_EVERY[kind]) {
        sampledAt = bytes;
        peak = Math.max(peak, heldHeap());
      }
    }
    const grown = peak - baseline;
    console.log(`export (${kind}): ${LEADS[kind]} leads, ${(bytes / MB).toFixed(1)} MB file, heap held at most ${(grown / MB).toFixed(1)} MB`);
    expect(lines).toBe(LEADS[kind] + 1);
    expect(formulas).toBe(LEADS[kind]);
    // Built whole, the file alone would be its size in the heap; streamed, the heap holds a batch or a few.
    expect(bytes).toBeGreaterThan(30 * MB);
    expect(grown).toBeLessThan(Math.min(bytes / 3, 32 * MB));
  }, 300_000);

  it('stops reading when the client goes away mid-file, and the app goes on answering', async () => {
    const res = await open(port, '/api/leads/export.csv?status=new', org.cookie);
    let bytes = 0;
    for await (const chunk of res as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (bytes > 2 * MB) break;
    }
    res.destroy();
    // On PGlite, with its one connection, a transaction left open would stop this request.
    const after = await t.request('GET', '/api/leads?limit=1&status=discovery', { cookie: org.cookie });
    expect(after.statusCode).toBe(200);
    expect(after.json().items).toHaveLength(1);
    const partial = await t.request('GET', '/api/leads/export.csv?search=owner%2012345&columns=id,name', { cookie: org.cookie });
    expect(partial.statusCode).toBe(200);
  }, 120_000);
});
