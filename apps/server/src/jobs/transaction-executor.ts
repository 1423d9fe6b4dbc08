import { CompiledQuery, sql } from 'kysely';
import type { Tx } from '../db/scope';
import type { SqlExecutor } from './queue';

/**
 * Runs pg-boss's SQL inside a tenant transaction, so a job is queued if and only if what it works on
 * commits. pg-boss's tables belong to the connecting role, so each statement runs as that role and the
 * transaction goes back to the tenant role after it.
 */
export function transactionExecutor(tx: Tx): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      const { rows } = await sql<{ role: string }>`select current_user as role`.execute(tx);
      await sql`set local role none`.execute(tx);
      try {
        return { rows: (await tx.executeQuery(CompiledQuery.raw(text, values))).rows };
      } finally {
        await sql`select set_config('role', ${rows[0]!.role}, true)`.execute(tx);
      }
    },
  };
}
