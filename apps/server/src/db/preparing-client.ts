import { createHash } from 'node:crypto';
import net from 'node:net';
import { LRUCache } from 'lru-cache';
import pg from 'pg';

/** Statements a connection keeps prepared; past this, the rest go unnamed (parsed and planned each time). */
const MAX_PER_CONNECTION = 256;

/** Names of texts seen, so a text is hashed once per process. */
const names = new LRUCache<string, string>({ max: 4096 });

function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = createHash('sha1').update(text).digest('base64url');
    names.set(text, name);
  }
  return name;
}

/**
 * Result columns given by `*` (`select *`, `t.*`, `returning *`: better-auth's statements and a few raw ones).
 * A prepared statement's result columns are fixed when it is parsed: once its table gains a column (a rolling
 * deploy's migration), PostgreSQL refuses to run it again ("cached plan must not change result type"). Such a
 * text is sent unnamed, parsed on each run, so it follows the table; our own statements name their columns.
 */
const STAR_COLUMNS = /(?:\bselect|\breturning|,)\s+(?:distinct\s+)?(?:"?\w+"?\.)?\*/i;

/**
 * A prepared statement the server no longer runs: its columns' types changed (0A000 from RevalidateCachedQuery),
 * or it is gone (26000, a pooler that reset the session). The connection then prepares under new names.
 */
const isStale = (error: unknown) => {
  const { code, routine } = error as { code?: string; routine?: string };
  return (code === '0A000' && routine === 'RevalidateCachedQuery') || code === '26000';
};

type QueryArgs = [text: unknown, values?: unknown, callback?: unknown];

/**
 * A node-postgres client that runs parameterised statements as named prepared statements: PostgreSQL parses
 * each text once per connection instead of on every execution, and may reuse its plan. Kysely always sends
 * `query(text, values)`; statements without values (BEGIN, multi-statement scripts) and statements whose
 * columns come from `*` are left as they are. It connects over a socket of its own, so a caller can hold
 * several writes back and send them as one (`holdWrites`).
 */
export class PreparingClient extends pg.Client {
  readonly #socket: net.Socket;
  readonly #prepared = new Set<string>();
  #generation = 0;

  constructor(config: pg.ClientConfig = {}) {
    const socket = new net.Socket();
    super({ ...config, stream: () => socket });
    this.#socket = socket;
  }

  /** Holds what is written until the current run of callbacks is over, so it goes out in one write. */
  holdWrites(): void {
    this.#socket.cork();
    process.nextTick(() => this.#socket.uncork());
  }

  // The base class's overloads are many; every call passes through here unchanged but for the statement name.
  override query(...args: QueryArgs): never {
    const [text, values, callback] = args;
    if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0 || callback !== undefined || STAR_COLUMNS.test(text)) {
      return (super.query as (...a: QueryArgs) => never)(...args);
    }
    const name = `w${this.#generation}.${nameOf(text)}`;
    if (!this.#prepared.has(name) && this.#prepared.size >= MAX_PER_CONNECTION) return (super.query as (...a: QueryArgs) => never)(text, values);
    this.#prepared.add(name);
    const generation = this.#generation;
    return (super.query({ name, text, values }) as Promise<pg.QueryResult>).catch((error: unknown) => {
      if (isStale(error) && generation === this.#generation) {
        this.#generation += 1;
        this.#prepared.clear();
      }
      throw error;
    }) as never;
  }
}
