import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../../test/harness';
import { useOneConnection } from '../../test/one-connection';
import { readAsTenant, withTenant } from './scope';
import type { DB } from './types';

interface Seen {
  role: string;
  org: string | null;
  readOnly: string;
  names: string[];
}

/** What a statement sees of its settings and of the leads table. */
const look = async (db: Kysely<DB>): Promise<Seen> => {
  const { rows } = await sql<Seen>`select current_user as role, nullif(current_setting('app.organization_id', true), '') as org,
    current_setting('transaction_read_only') as "readOnly", array(select contact_1_name from leads order by 1) as names`.execute(db);
  return rows[0]!;
};

describe.each(DB_KINDS)('tenant transactions on %s', (kind) => {
  const one = useOneConnection(kind);
  let owner = '';

  beforeAll(async () => {
    owner = (await look(one.db)).role;
  });

  it('reads in a read-only transaction: a write in it is refused', async () => {
    await expect(readAsTenant(one.db, one.org.a, (tx) => tx.insertInto('leads').values({ organization_id: one.org.a, contact_1_name: 'Sneaky' } as never).execute()))
      .rejects.toThrow(/read-only transaction/);
    expect((await look(one.db)).names).toEqual(['Ann of A', 'Bob of B']);
  });

  it('interleaves reads of two organizations and plain statements on one connection without carrying one into the next', async () => {
    const runs = await Promise.all(Array.from({ length: 60 }, (_, i) => {
      if (i % 3 === 0) return readAsTenant(one.db, one.org.a, look).then((seen) => ({ want: 'a', seen }));
      if (i % 3 === 1) return withTenant(one.db, one.org.b, look).then((seen) => ({ want: 'b', seen }));
      return look(one.db).then((seen) => ({ want: 'none', seen }));
    }));
    for (const { want, seen } of runs) {
      if (want === 'a') expect(seen).toEqual({ role: 'wholesail_app', org: one.org.a, readOnly: 'on', names: ['Ann of A'] });
      if (want === 'b') expect(seen).toEqual({ role: 'wholesail_app', org: one.org.b, readOnly: 'off', names: ['Bob of B'] });
      // Outside any transaction: the connecting role, no organization, not inside a read left open.
      if (want === 'none') expect(seen).toEqual({ role: owner, org: null, readOnly: 'off', names: ['Ann of A', 'Bob of B'] });
    }
  });

  it('rolls back a read whose work fails and gives back a clean connection', async () => {
    const failure = new Error('the read failed');
    await expect(readAsTenant(one.db, one.org.a, async (tx) => {
      await look(tx);
      throw failure;
    })).rejects.toBe(failure);
    await expect(readAsTenant(one.db, one.org.a, (tx) => sql`select * from no_such_table`.execute(tx))).rejects.toThrow(/no_such_table/);
    expect(await look(one.db)).toEqual({ role: owner, org: null, readOnly: 'off', names: ['Ann of A', 'Bob of B'] });
    expect(await readAsTenant(one.db, one.org.b, async () => 'no statement at all')).toBe('no statement at all');
    expect((await look(one.db)).org).toBeNull();
  });

  it.runIf(kind === 'postgres')('ends a read left idle without waiting for the next statement', async () => {
    await readAsTenant(one.db, one.org.a, look);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const admin = new pg.Client({ connectionString: one.tdb.url });
    await admin.connect();
    try {
      const { rows } = await admin.query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`);
      expect(rows[0].n).toBe(0);
    } finally {
      await admin.end();
    }
  });
});
