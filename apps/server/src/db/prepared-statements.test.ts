import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/harness';
import { insertOrganization } from '../modules/organizations/repo';
import { openDatabase, type Database } from './database';
import { readAsTenant, withSystem } from './scope';
import type { DB } from './types';

const preparedLike = async (db: Kysely<DB>, pattern: string) =>
  (await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements where statement like ${pattern}`.execute(db)).rows[0]!.n;

describe.runIf(process.env.TEST_DATABASE_URL)('prepared statements on postgres', () => {
  let tdb: TestDatabase;
  /** One connection, so that every statement and its check run on the same backend. */
  let one: Database;
  let db: Kysely<DB>;
  const org = { a: '', b: '' };

  beforeAll(async () => {
    tdb = await createTestDatabase('postgres');
    one = await openDatabase({ kind: 'postgres', url: tdb.url!, poolSize: 1 });
    db = one.db;
    await withSystem(db, async (tx) => {
      org.a = (await insertOrganization(tx, 'Prepared A')).id;
      org.b = (await insertOrganization(tx, 'Prepared B')).id;
      await tx.insertInto('leads').values([
        { organization_id: org.a, contact_1_name: 'Ann of A' },
        { organization_id: org.b, contact_1_name: 'Bob of B' },
      ] as never).execute();
    });
  }, 60_000);

  afterAll(async () => {
    await one.close();
    await tdb.drop();
  });

  it('prepares a statement with values once per connection, and leaves one without values unprepared', async () => {
    for (let i = 0; i < 3; i++) expect((await sql<{ n: number }>`select ${i}::int + 1 as n /* once */`.execute(db)).rows[0]!.n).toBe(i + 1);
    await sql`select 42 /* no values */`.execute(db);
    expect(await preparedLike(db, '%/* once */%')).toBe(1);
    expect(await preparedLike(db, '%/* no values */%')).toBe(0);
  });

  it('keeps a reused plan within the tenant wall: generic plans alternate between organizations', async () => {
    await sql`set plan_cache_mode = force_generic_plan`.execute(db);
    try {
      for (let i = 0; i < 20; i++) {
        const [id, want] = i % 2 === 0 ? [org.a, 'Ann of A'] : [org.b, 'Bob of B'];
        const names = await readAsTenant(db, id, async (tx) =>
          (await sql<{ name: string }>`select contact_1_name as name from leads where contact_1_name like ${'%of%'} /* tenant */`.execute(tx)).rows.map((r) => r.name));
        expect(names).toEqual([want]);
      }
      expect(await preparedLike(db, '%/* tenant */%')).toBe(1);
    } finally {
      await sql`reset plan_cache_mode`.execute(db);
    }
  });

  it('stops preparing new texts at its limit per connection, and still runs them', async () => {
    for (let i = 0; i < 300; i++) expect((await sql<{ n: number }>`select ${i}::int as n ${sql.raw(`/* distinct ${i} */`)}`.execute(db)).rows[0]!.n).toBe(i);
    const prepared = (await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements`.execute(db)).rows[0]!.n;
    expect(prepared).toBe(256);
  });
});
