import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from './types';

export type Tx = Transaction<DB>;

/**
 * Runs `fn` in a transaction as wholesail_app with app.organization_id set for this transaction only,
 * so row-level security confines every statement to one organization even if a WHERE is forgotten.
 */
export function withTenant<T>(db: Kysely<DB>, organizationId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (tx) => {
    await sql`set local role wholesail_app`.execute(tx);
    await sql`select set_config('app.organization_id', ${organizationId}, true)`.execute(tx);
    return fn(tx);
  });
}

/** System work that spans organizations (session lookup, invitation tokens): the system role. */
export function withSystem<T>(db: Kysely<DB>, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (tx) => {
    await sql`set local role wholesail_system`.execute(tx);
    return fn(tx);
  });
}

/**
 * Inside a withTenant transaction: runs `fn` as wholesail_system, then returns to wholesail_app. For
 * searches served by an index row-level security would not let the planner use (LIKE on the trigram
 * index); `fn` must filter by organization itself. (When `fn` fails the transaction rolls back anyway.)
 */
export async function asSystemRole<T>(tx: Tx, fn: () => Promise<T>): Promise<T> {
  await sql`select set_config('role', 'wholesail_system', true)`.execute(tx);
  const result = await fn();
  await sql`select set_config('role', 'wholesail_app', true)`.execute(tx);
  return result;
}
