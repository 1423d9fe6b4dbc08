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
