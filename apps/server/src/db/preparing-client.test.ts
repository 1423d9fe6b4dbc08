import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useOneConnection } from '../../test/one-connection';
import { openDatabase } from './database';
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

  it('leaves a statement whose columns come from * unprepared, so it follows its table', async () => {
    await sql`select * from organizations where id = ${one.org.a} /* star */`.execute(one.db);
    await sql`select o.* from organizations o where o.id = ${one.org.a} /* qualified star */`.execute(one.db);
    await sql`insert into mail_outbox (to_address, subject, text_body) values (${'a@b.c'}, 's', 't') returning * /* returning star */`.execute(one.db);
    await sql`select count(*)::int as n from organizations where id = ${one.org.a} /* counted */`.execute(one.db);
    expect(await preparedLike(one.db, '%star */%')).toBe(0);
    expect(await preparedLike(one.db, '%/* counted */%')).toBe(1);
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

describe.runIf(process.env.TEST_DATABASE_URL)('a prepared statement whose table changed on postgres', () => {
  const one = useOneConnection('postgres');

  it('prepares again under a new name once a prepared statement no longer fits its table', async () => {
    const read = () => sql<{ v: unknown }>`select v from stale_probe where id = ${1} /* stale */`.execute(one.db);
    await sql`create table stale_probe (id int primary key, v int)`.execute(one.db);
    await sql`insert into stale_probe values (1, 7)`.execute(one.db);
    expect((await read()).rows).toEqual([{ v: 7 }]);
    await sql`alter table stale_probe alter column v type text`.execute(one.db);
    await expect(read()).rejects.toThrow(/cached plan must not change result type/);
    expect((await read()).rows).toEqual([{ v: '7' }]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('prepared statements switched off on postgres', () => {
  const one = useOneConnection('postgres');

  it('prepares nothing and still runs transactions, reads included', async () => {
    const off = await openDatabase({ kind: 'postgres', url: one.tdb.url!, poolSize: 1, preparedStatements: false });
    try {
      for (let i = 0; i < 3; i++) {
        const names = await readAsTenant(off.db, one.org.a, async (tx) =>
          (await sql<{ name: string }>`select contact_1_name as name from leads where contact_1_name like ${'%of%'}`.execute(tx)).rows.map((r) => r.name));
        expect(names).toEqual(['Ann of A']);
      }
      expect((await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements`.execute(off.db)).rows[0]!.n).toBe(0);
    } finally {
      await off.close();
    }
  });
});
