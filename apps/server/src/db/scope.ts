import { sql, type Kysely, type Transaction } from 'kysely';
import { commitOnNextUse, withTransactionStart } from './pipelining-pool';
import type { DB } from './types';

export type Tx = Transaction<DB>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Planner settings a transaction may start with or switch to (the leads list walks its ordered index, an export its primary key). */
export type PlanSettings = Partial<Record<'enable_bitmapscan' | 'enable_indexscan' | 'enable_indexonlyscan' | 'enable_seqscan' | 'enable_sort', 'on' | 'off'>>;

/** `select set_config(...)` of transaction-local settings; callers pass names and values of their own, never input. */
const setConfig = (settings: Record<string, string>) =>
  `select ${Object.entries(settings).map(([name, value]) => `set_config('${name}', '${value}', true)`).join(', ')}`;

/**
 * Runs `fn` in a transaction whose settings are set with BEGIN in one statement. On PostgreSQL the pool sends
 * that statement as it checks the connection out, pipelined with `fn`'s first query, and a read-only
 * transaction's COMMIT goes out with the connection's next use (pipelining-pool.ts); elsewhere (PGlite) it
 * is what Kysely's transaction does.
 */
function inTransaction<T>(db: Kysely<DB>, settings: Record<string, string>, fn: (tx: Tx) => Promise<T>, readOnly = false): Promise<T> {
  return withTransactionStart(`begin${readOnly ? ' read only' : ''}; ${setConfig(settings)}`, (start) =>
    db.connection().execute(async (connection) => {
      try {
        if (!start.sent) await sql.raw(start.text).execute(connection);
        const result = await fn(connection as Tx);
        // A failed start aborts the transaction, so its statements fail too; but a transaction that ran none
        // must not report success either.
        await start.sent;
        if (readOnly && start.client) commitOnNextUse(start.client);
        else await sql`commit`.execute(connection);
        return result;
      } catch (error) {
        await sql`rollback`.execute(connection).catch(() => {});
        // The start's own error says why, rather than "current transaction is aborted".
        throw (await start.sent?.then(() => undefined, (startError: unknown) => startError)) ?? error;
      }
    }),
  );
}

const tenantSettings = (organizationId: string, plan: PlanSettings) => {
  if (!UUID.test(organizationId)) throw new Error(`withTenant: not an organization id: ${organizationId}`);
  return { role: 'wholesail_app', 'app.organization_id': organizationId, ...plan };
};

/**
 * Runs `fn` in a transaction as wholesail_app with app.organization_id set for this transaction only,
 * so row-level security confines every statement to one organization even if a WHERE is forgotten.
 * The id is checked to be a UUID before it is written into the settings statement.
 */
export async function withTenant<T>(db: Kysely<DB>, organizationId: string, fn: (tx: Tx) => Promise<T>, plan: PlanSettings = {}): Promise<T> {
  return inTransaction(db, tenantSettings(organizationId, plan), fn);
}

/** withTenant for reads: a READ ONLY transaction (PostgreSQL refuses any write in it) that ends without a round trip of its own. */
export async function readAsTenant<T>(db: Kysely<DB>, organizationId: string, fn: (tx: Tx) => Promise<T>, plan: PlanSettings = {}): Promise<T> {
  return inTransaction(db, tenantSettings(organizationId, plan), fn, true);
}

/** System work that spans organizations (invitation tokens, webhooks, jobs): the system role. */
export function withSystem<T>(db: Kysely<DB>, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return inTransaction(db, { role: 'wholesail_system' }, fn);
}

/**
 * Inside a withTenant transaction: runs `fn` as wholesail_system (with `during` planner settings), then
 * returns to wholesail_app (with `after`). For searches served by an index row-level security would not
 * let the planner use (LIKE on the trigram index); `fn` must filter by organization itself.
 */
export async function asSystemRole<T>(tx: Tx, fn: () => Promise<T>, during: PlanSettings = {}, after: PlanSettings = {}): Promise<T> {
  await sql.raw(setConfig({ role: 'wholesail_system', ...during })).execute(tx);
  try {
    return await fn();
  } finally {
    await sql.raw(setConfig({ role: 'wholesail_app', ...after })).execute(tx);
  }
}
