import type { PGlite } from '@electric-sql/pglite';
import type { DatabaseConnection, Dialect, Driver, QueryResult, TransactionSettings } from 'kysely';
import { CompiledQuery, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';

/**
 * PGlite is one session. kysely-pglite's driver hands that session to every caller at once, so two
 * requests' transactions would interleave; this driver lends it to one caller at a time.
 * Parameterless text goes through `exec`, which accepts several statements (migrations).
 */
export class ExclusiveSession {
  #tail: Promise<void> = Promise.resolve();

  /** Waits for the session; the returned function hands it on. */
  acquire(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => (release = resolve));
    const ready = this.#tail.then(() => release);
    this.#tail = this.#tail.then(() => next);
    return ready;
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await fn();
    } finally {
      release();
    }
  }
}

class PGliteSessionConnection implements DatabaseConnection {
  constructor(private readonly client: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (query.parameters.length === 0) {
      const results = await this.client.exec(query.sql);
      const last = results[results.length - 1];
      return { rows: (last?.rows ?? []) as R[], numAffectedRows: toBigInt(last?.affectedRows) };
    }
    const result = await this.client.query<R>(query.sql, [...query.parameters]);
    return { rows: result.rows, numAffectedRows: toBigInt(result.affectedRows) };
  }

  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not stream query results');
  }
}

function toBigInt(n: number | undefined): bigint | undefined {
  return n === undefined ? undefined : BigInt(n);
}

class ExclusivePGliteDriver implements Driver {
  readonly #releases = new WeakMap<DatabaseConnection, () => void>();

  constructor(
    private readonly client: PGlite,
    private readonly session: ExclusiveSession,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.session.acquire();
    const connection = new PGliteSessionConnection(this.client);
    this.#releases.set(connection, release);
    return connection;
  }

  async beginTransaction(c: DatabaseConnection, _settings: TransactionSettings): Promise<void> {
    await c.executeQuery(CompiledQuery.raw('BEGIN'));
  }

  async commitTransaction(c: DatabaseConnection): Promise<void> {
    await c.executeQuery(CompiledQuery.raw('COMMIT'));
  }

  async rollbackTransaction(c: DatabaseConnection): Promise<void> {
    await c.executeQuery(CompiledQuery.raw('ROLLBACK'));
  }

  async releaseConnection(c: DatabaseConnection): Promise<void> {
    this.#releases.get(c)?.();
    this.#releases.delete(c);
  }

  async destroy(): Promise<void> {}
}

/** Kysely's PostgreSQL adapter, compiler and introspector over the exclusive PGlite driver. */
export function pgliteDialect(client: PGlite, session: ExclusiveSession): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new ExclusivePGliteDriver(client, session),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}
