import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useOneConnection } from '../../test/one-connection';
import { readAsTenant } from './scope';
import type { DB } from './types';

const preparedLike = async (db: Kysely<DB>, pattern: string) =>
  (await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements where statement like ${pattern}`.execute(db)).rows[0]!.n;

describe.runIf(process.env.TEST_DATABASE_URL)('prepared statements on postgres', () => {
  const one = useOneConnection('postgres');

  it('prepares a statement with values once per connection, and leaves one without values unprepared', async () => {
    for (let i = 0; i < 3; i++) expect((await sql<{ n: number }>`select ${i}::int + 1 as n /* once */`.execute(one.db)).rows[0]!.n).toBe(i + 1);
    await sql`select 42 /* no values */`.execute(one.db);
    expect(await preparedLike(one.db, '%/* once */%')).toBe(1);
    expect(await preparedLike(one.db, '%/* no values */%')).toBe(0);
  });

  it('keeps a reused plan within the tenant wall: generic plans alternate between organizations', async () => {
    await sql`set plan_cache_mode = force_generic_plan`.execute(one.db);
    try {
      for (let i = 0; i < 20; i++) {
        const [id, want] = i % 2 === 0 ? [one.org.a, 'Ann of A'] : [one.org.b, 'Bob of B'];
        const names = await readAsTenant(one.db, id, async (tx) =>
          (await sql<{ name: string }>`select contact_1_name as name from leads where contact_1_name like ${'%of%'} /* tenant */`.execute(tx)).rows.map((r) => r.name));
        expect(names).toEqual([want]);
      }
      expect(await preparedLike(one.db, '%/* tenant */%')).toBe(1);
    } finally {
      await sql`reset plan_cache_mode`.execute(one.db);
    }
  });

  it('stops preparing new texts at its limit per connection, and still runs them', async () => {
    for (let i = 0; i < 300; i++) expect((await sql<{ n: number }>`select ${i}::int as n ${sql.raw(`/* distinct ${i} */`)}`.execute(one.db)).rows[0]!.n).toBe(i);
    const prepared = (await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements`.execute(one.db)).rows[0]!.n;
    expect(prepared).toBe(256);
  });
});
