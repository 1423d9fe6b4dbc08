import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock';
import { ExclusiveSession, pgliteDialect } from './pglite-dialect';
import type { DB } from './types';

export type Listener = (payload: string) => void;

/** `date` columns stay 'YYYY-MM-DD' strings: a JS Date would shift them by the server's time zone. */
const DATE_OID = 1082;
pg.types.setTypeParser(DATE_OID, (value: string) => value);

/** One PostgreSQL, embedded or remote. `db` connects as the schema owner; see db/scope.ts for tenants. */
export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: Kysely<DB>;
  /** Subscribes to NOTIFY on a channel; resolves to an unsubscribe function. */
  listen(channel: string, listener: Listener): Promise<() => Promise<void>>;
  /** Raw SQL for pg-boss: on PGlite through the exclusive session (`exec` when there are no values). */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** dataDir undefined means in memory (tests). */
  | { kind: 'pglite'; dataDir?: string };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'postgres' ? openPostgres(options.url, options.poolSize ?? 10) : openPGlite(options.dataDir);
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
  return {
    kind: 'pglite',
    db,
    async listen(channel, listener) {
      const unsubscribe = await session.run(() => client.listen(channel, listener));
      return () => session.run(async () => {
        if (!client.closed) await unsubscribe();
      });
    },
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

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // A broken idle connection must not take the process down; the pool replaces it.
  pool.on('error', () => {});
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  await sql`select 1`.execute(db);
  const listeners: Array<() => Promise<void>> = [];
  return {
    kind: 'postgres',
    db,
    async listen(channel, listener) {
      const unsubscribe = await listenWithReconnect(url, channel, listener);
      listeners.push(unsubscribe);
      return unsubscribe;
    },
    async executeSql(text, values) {
      return { rows: (await pool.query(text, values)).rows };
    },
    async close() {
      await Promise.all(listeners.map((stop) => stop()));
      await db.destroy();
    },
  };
}

/** A dedicated LISTEN connection that comes back after the database restarts. */
async function listenWithReconnect(url: string, channel: string, listener: Listener): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (msg) => {
      if (msg.channel === channel && msg.payload !== undefined) listener(msg.payload);
    });
    c.on('error', () => {
      if (stopped) return;
      client = null;
      c.end().catch(() => {});
      timer = setTimeout(() => connect().catch(() => {}), 1000);
    });
    await c.connect();
    await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = c;
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await client?.end().catch(() => {});
  };
}
