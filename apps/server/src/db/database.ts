import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock';
import { pipeliningPool } from './pipelining-pool';
import { PreparingClient } from './preparing-client';
import { ExclusiveSession, pgliteDialect } from './pglite-dialect';
import type { DB } from './types';

export type Listener = (payload: string) => void;
/** Told true once a subscription is listening, false when it stops (its connection lost), true again when back. */
export type ListenState = (listening: boolean) => void;
/** A LISTEN subscription's state now, and since when (the orchestrator's diagnostics show it). */
export interface ListenStatus {
  channel: string;
  listening: boolean;
  since: Date;
}

/** `date` columns stay 'YYYY-MM-DD' strings: a JS Date would shift them by the server's time zone. */
const DATE_OID = 1082;
pg.types.setTypeParser(DATE_OID, (value: string) => value);

/** One PostgreSQL, embedded or remote. `db` connects as the schema owner; see db/scope.ts for tenants. */
export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: Kysely<DB>;
  /** True when no other process can use this database at the same time (PGlite on a locked data directory). */
  readonly exclusive: boolean;
  /** Subscribes to NOTIFY on a channel; resolves to an unsubscribe function. */
  listen(channel: string, listener: Listener, onState?: ListenState): Promise<() => Promise<void>>;
  /** This process's subscriptions and whether each is listening now. */
  listenStatus(): ListenStatus[];
  /** Raw SQL for pg-boss: on PGlite through the exclusive session (`exec` when there are no values). */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  /**
   * preparedStatements (default true): named prepared statements and pipelined transactions; false sends every
   * statement unnamed and waits for each answer (PgBouncer in transaction mode before 1.21 needs that).
   */
  | { kind: 'postgres'; url: string; poolSize?: number; preparedStatements?: boolean }
  /** dataDir undefined means in memory (tests). */
  | { kind: 'pglite'; dataDir?: string };

/** Records each subscription's state as it is reported, for listenStatus(); a stopped subscription is dropped. */
function listenRegistry() {
  const subscriptions = new Set<ListenStatus>();
  return {
    track(channel: string, onState: ListenState = () => {}): { onState: ListenState; end: () => void } {
      const status: ListenStatus = { channel, listening: false, since: new Date() };
      subscriptions.add(status);
      return {
        onState(listening) {
          if (listening !== status.listening) Object.assign(status, { listening, since: new Date() });
          onState(listening);
        },
        end: () => subscriptions.delete(status),
      };
    },
    list: (): ListenStatus[] => [...subscriptions].map((s) => ({ ...s })),
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'postgres'
    ? openPostgres(options.url, options.poolSize ?? 10, options.preparedStatements ?? true)
    : openPGlite(options.dataDir);
}

async function openPGlite(dataDir: string | undefined): Promise<Database> {
  let unlock = () => {};
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    unlock = acquireDataDirLock(dataDir);
  }
  let client: PGlite;
  try {
    client = await PGlite.create({
      dataDir: dataDir ? path.join(dataDir, 'pgdata') : undefined,
      extensions: { pg_trgm },
      parsers: { [DATE_OID]: (value: string) => value },
    });
  } catch (error) {
    unlock();
    throw error;
  }
  const session = new ExclusiveSession();
  const db = new Kysely<DB>({ dialect: pgliteDialect(client, session) });
  const registry = listenRegistry();
  return {
    kind: 'pglite',
    db,
    exclusive: dataDir !== undefined,
    async listen(channel, listener, onState) {
      const tracked = registry.track(channel, onState);
      const unsubscribe = await session.run(() => client.listen(channel, listener));
      // In-process: never lost while the database is open.
      tracked.onState(true);
      return () => session.run(async () => {
        tracked.onState(false);
        tracked.end();
        if (!client.closed) await unsubscribe();
      });
    },
    listenStatus: registry.list,
    executeSql(text, values) {
      return session.run(async () => {
        if (!values || values.length === 0) {
          const results = await client.exec(text);
          return { rows: results[results.length - 1]?.rows ?? [] };
        }
        return { rows: (await client.query(text, values)).rows };
      });
    },
    async close() {
      await session.run(() => client.close());
      unlock();
    },
  };
}

async function openPostgres(url: string, poolSize: number, prepared: boolean): Promise<Database> {
  // A request waiting longer than this for a connection fails (503, DATABASE_UNAVAILABLE) instead of hanging.
  // Pipelining lets a transaction's start and its first query share a round trip (pipelining-pool.ts); Kysely
  // awaits every query, so nothing else is sent ahead of an answer.
  const pool = new pg.Pool({
    connectionString: url, max: poolSize, connectionTimeoutMillis: 10_000,
    ...(prepared ? { pipeline: true, Client: PreparingClient } : {}),
  });
  // A broken idle connection (its backend terminated, the server restarting) must not take the process
  // down: pg-pool drops it and opens a new one on the next checkout.
  pool.on('error', () => {});
  // Kysely holds a checked-out client for a whole transaction, and pg-pool listens for errors only on idle
  // clients: a backend terminated between two statements would emit 'error' with no listener and crash the
  // process. The failure still reaches the caller (its next query rejects) and the pool drops the client.
  pool.on('connect', (client) => client.on('error', () => {}));
  // Every checkout goes through it, so a COMMIT it holds back is always sent first.
  const checkouts = prepared ? pipeliningPool(pool) : pool;
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: checkouts }) });
  await sql`select 1`.execute(db);
  const listeners: Array<() => Promise<void>> = [];
  const registry = listenRegistry();
  return {
    kind: 'postgres',
    db,
    exclusive: false,
    async listen(channel, listener, onState) {
      const tracked = registry.track(channel, onState);
      const stop = await listenWithReconnect(url, channel, listener, tracked.onState).catch((error: unknown) => {
        tracked.end();
        throw error;
      });
      const unsubscribe = async () => {
        await stop();
        tracked.end();
      };
      listeners.push(unsubscribe);
      return unsubscribe;
    },
    listenStatus: registry.list,
    async executeSql(text, values) {
      const client = await checkouts.connect();
      try {
        const { rows } = await client.query(text, values);
        client.release();
        return { rows };
      } catch (error) {
        client.release(error as Error);
        throw error;
      }
    },
    async close() {
      await Promise.all(listeners.map((stop) => stop()));
      await db.destroy();
    },
  };
}

/** Reconnection waits this long after a loss, doubling on each failed try up to the maximum. */
const LISTEN_RETRY_MS = 250;
const LISTEN_RETRY_MAX_MS = 5000;

/**
 * A dedicated LISTEN connection that comes back after it is lost (the backend terminated, the
 * database restarting): it retries until it is listening again, however many tries that takes.
 * Notifications sent while it is away are not delivered (NOTIFY has no replay).
 */
async function listenWithReconnect(url: string, channel: string, listener: Listener, onState: ListenState = () => {}): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let delay = LISTEN_RETRY_MS;
  const retry = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      connect().catch(retry);
    }, delay);
    delay = Math.min(delay * 2, LISTEN_RETRY_MAX_MS);
  };
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (msg) => {
      if (msg.channel === channel && msg.payload !== undefined) listener(msg.payload);
    });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (client === c) {
        client = null;
        onState(false);
      }
      c.end().catch(() => {});
      retry();
    };
    // A terminated backend reports an 'error' and then 'end'; either one starts the reconnection.
    c.on('error', onLost);
    c.on('end', onLost);
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      lost = true;
      c.end().catch(() => {});
      throw error;
    }
    if (stopped || lost) {
      if (!lost) await c.end().catch(() => {});
      return;
    }
    client = c;
    delay = LISTEN_RETRY_MS;
    onState(true);
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const c = client;
    client = null;
    if (c) onState(false);
    await c?.end().catch(() => {});
  };
}
