import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { migrate } from './migrate';
import { createTestDatabase, DB_KINDS } from '../../test/harness';

describe.each(DB_KINDS)('migrations on %s', (kind) => {
  it('records each file once and skips it on the next start', async () => {
    const tdb = await createTestDatabase(kind);
    const names = (await tdb.database.db.selectFrom('schema_migrations').select('name').orderBy('name').execute()).map((r) => r.name);
    expect(names).toEqual(fs.readdirSync(path.join(import.meta.dirname, 'migrations')).sort());
    expect(await migrate(tdb.database.db)).toEqual([]);
    await tdb.drop();
  });

  it('rolls a failing file back whole', async () => {
    const tdb = await createTestDatabase(kind);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mig-'));
    fs.writeFileSync(path.join(dir, '9001_broken.sql'), 'CREATE TABLE half_done (id int);\nSELECT * FROM no_such_table;');
    await expect(migrate(tdb.database.db, dir)).rejects.toThrow(/no_such_table/);
    const table = await tdb.database.db.selectFrom('schema_migrations').select('name').where('name', '=', '9001_broken.sql').executeTakeFirst();
    expect(table).toBeUndefined();
    await expect(tdb.database.db.selectFrom('half_done' as never).selectAll().execute()).rejects.toThrow();
    await tdb.drop();
  });
});

describe('embedded data directory', () => {
  it('keeps data across restarts and refuses a second process while one has it open', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wholesail-data-'));
    const first = await openDatabase({ kind: 'pglite', dataDir: dir });
    await migrate(first.db);
    await first.db.insertInto('mail_outbox').values({ to_address: 'a@b.c', subject: 's', text_body: 't', html_body: null }).execute();
    fs.writeFileSync(path.join(dir, 'wholesail.lock'), String(process.ppid));
    await expect(openDatabase({ kind: 'pglite', dataDir: dir })).rejects.toThrow(/in use by another Wholesail process/);
    await first.close();
    const again = await openDatabase({ kind: 'pglite', dataDir: dir });
    expect(await migrate(again.db)).toEqual([]);
    expect(await again.db.selectFrom('mail_outbox').select('to_address').execute()).toEqual([{ to_address: 'a@b.c' }]);
    await again.close();
  });
});
