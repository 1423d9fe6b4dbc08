import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import { expect } from 'vitest';
import { withSystem, withTenant, type Tx } from '../../db/scope';
import type { DB } from '../../db/types';

/**
 * The rollups' property (rollups.test.ts, sources-rollups.test.ts): runs of random writes, each in its organization's
 * tenant transaction as the app writes, spread over two organizations' worlds; `check` after every run. Answers how
 * many writes were made.
 */
export async function afterRandomWrites<W extends { organizationId: string }, O>(
  db: Kysely<DB>,
  worlds: readonly W[],
  op: fc.Arbitrary<O>,
  apply: (tx: Tx, world: W, o: O) => Promise<void>,
  check: () => Promise<void>,
  seed: number,
): Promise<number> {
  let writes = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(fc.tuple(fc.nat(worlds.length - 1), op), { minLength: 15, maxLength: 35 }), async (ops) => {
      for (const [which, o] of ops) {
        const w = worlds[which]!;
        await withTenant(db, w.organizationId, (tx) => apply(tx, w, o));
        writes += 1;
      }
      await check();
    }),
    { numRuns: 20, seed },
  );
  return writes;
}

/** Every table holds rows of both organizations: the comparisons were not of empty tables. */
export async function expectRowsOfBoth(db: Kysely<DB>, tables: readonly string[]): Promise<void> {
  for (const table of tables) {
    const orgs = await withSystem(db, (tx) => sql<{ org: string }>`select distinct organization_id::text as org from ${sql.table(table)}`.execute(tx));
    expect(orgs.rows.length, table).toBe(2);
  }
}
