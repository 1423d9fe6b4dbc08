import type { Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type Database } from '../src/db/database';
import { withSystem } from '../src/db/scope';
import type { DB } from '../src/db/types';
import { insertOrganization } from '../src/modules/organizations/repo';
import { createTestDatabase, type DbKind, type TestDatabase } from './harness';

export interface OneConnection {
  tdb: TestDatabase;
  /** One connection (PostgreSQL) or PGlite's only session: every transaction and statement takes turns on it. */
  db: Kysely<DB>;
  /** Two organizations, each with one lead: 'Ann of A' and 'Bob of B'. */
  org: { a: string; b: string };
}

/** Registers hooks that open a fresh database on one connection with two organizations before the suite. */
export function useOneConnection(kind: DbKind): OneConnection {
  const state = { org: { a: '', b: '' } } as OneConnection;
  let one: Database;
  beforeAll(async () => {
    state.tdb = await createTestDatabase(kind);
    one = state.tdb.url ? await openDatabase({ kind: 'postgres', url: state.tdb.url, poolSize: 1 }) : state.tdb.database;
    state.db = one.db;
    await withSystem(state.db, async (tx) => {
      state.org.a = (await insertOrganization(tx, 'Organization A')).id;
      state.org.b = (await insertOrganization(tx, 'Organization B')).id;
      await tx.insertInto('leads').values([
        { organization_id: state.org.a, contact_1_name: 'Ann of A' },
        { organization_id: state.org.b, contact_1_name: 'Bob of B' },
      ]).execute();
    });
  }, 60_000);
  afterAll(async () => {
    if (one !== state.tdb.database) await one.close();
    await state.tdb.drop();
  });
  return state;
}
