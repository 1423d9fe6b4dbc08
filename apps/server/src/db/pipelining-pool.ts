import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';
import type { PreparingClient } from './preparing-client';

/** A transaction's first statement (BEGIN with its settings) and, once its checkout has sent it, its answer. */
export interface TransactionStart {
  readonly text: string;
  sent?: Promise<unknown>;
  /** The connection it was sent on: the transaction's own. */
  client?: pg.PoolClient;
}

const starting = new AsyncLocalStorage<TransactionStart>();
/** Connections released inside a read-only transaction whose COMMIT has not been sent yet. */
const commitPending = new WeakSet<pg.PoolClient>();

/** Runs `fn` (which checks out the transaction's connection) with `text` as the start to send at checkout. */
export function withTransactionStart<T>(text: string, fn: (start: TransactionStart) => Promise<T>): Promise<T> {
  const start: TransactionStart = { text };
  return starting.run(start, () => fn(start));
}

const sendCommit = (client: pg.PoolClient) => {
  if (commitPending.delete(client)) client.query('commit').catch(() => {});
};

/**
 * Ends a read-only transaction without waiting for it: its COMMIT goes out with the connection's next
 * checkout, in the same write as what follows it (one round trip fewer per read), or on the next turn of the
 * event loop if nobody takes the connection first. The pipeline keeps it ahead of anything sent after it, and
 * a read-only transaction has nothing a failed COMMIT could lose.
 */
export function commitOnNextUse(client: pg.PoolClient): void {
  commitPending.add(client);
  setImmediate(() => sendCommit(client));
}

/**
 * The pool Kysely checks connections out of, over pipelining clients. A checkout for a transaction (inside
 * withTransactionStart) writes the transaction's start at once, and a connection with a COMMIT pending writes
 * that first; the socket is held until the current run of promise callbacks is over, so the first query
 * joins them in one write and the server answers them in one wake-up. Only the first checkout in the scope is
 * the transaction's own (Kysely checks its connection out before running anything).
 */
export function pipeliningPool(pool: pg.Pool) {
  return {
    async connect() {
      const client = (await pool.connect()) as pg.PoolClient & PreparingClient;
      const start = starting.getStore();
      const owned = start !== undefined && start.client === undefined;
      const pending = commitPending.has(client);
      if (!owned && !pending) return client;
      client.holdWrites();
      if (pending) sendCommit(client);
      if (owned) {
        start.client = client;
        start.sent = client.query(start.text);
        // Its failure reaches the transaction twice: its next statement fails (the transaction is aborted), and
        // the transaction awaits this before it ends. Until then it must not count as unhandled.
        start.sent.catch(() => {});
      }
      return client;
    },
    end: () => pool.end(),
  };
}
