import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from './types';

export type Tx = Transaction<DB>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Planner settings a tenant transaction may start with (the leads list walks its ordered index). */
export type PlanSettings = Partial<Record<'enable_bitmapscan' | 'enable_indexscan', 'on' | 'off'>>;

/**
 * Runs `fn` in a transaction as wholesail_app with app.organization_id set for this transaction only,
 * so row-level security confines every statement to one organization even if a WHERE is forgotten.
 * BEGIN and the settings travel as one round trip (a parameterless multi-statement query, hence the
 * UUID check before the id is written into it); the rest is what Kysely's transaction does.
 */
export function withTenant<T>(db: Kysely<DB>, organizationId: string, fn: (tx: Tx) => Promise<T>, plan: PlanSettings = {}): Promise<T> {
  if (!UUID.test(organizationId)) return Promise.reject(new Error(`withTenant: not an organization id: ${organizationId}`));
  const settings = [['role', 'wholesail_app'], ['app.organization_id', organizationId], ...Object.entries(plan)]
    .map(([name, value]) => `set_config('${name}', '${value}', true)`)
    .join(', ');
  return db.connection().execute(async (connection) => {
    await sql.raw(`begin; select ${settings}`).execute(connection);
    try {
      const result = await fn(connection as Tx);
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection).catch(() => {});
      throw error;
    }
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
