import { createHash } from 'node:crypto';
import type pg from 'pg';

/** Statements a connection keeps prepared; past this, the rest go unnamed (parsed and planned each time). */
const MAX_PER_CONNECTION = 256;
/** Names of texts seen, so a text is hashed once per process. */
const MAX_NAMES = 4096;
const names = new Map<string, string>();

function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `w${createHash('sha1').update(text).digest('base64url')}`;
    if (names.size < MAX_NAMES) names.set(text, name);
  }
  return name;
}

/**
 * Makes a connection run parameterised statements as named prepared statements: PostgreSQL parses each text
 * once per connection instead of on every execution, and may reuse its plan. Kysely always sends
 * `query(text, values)`; statements without values (BEGIN, multi-statement scripts) are left as they are.
 */
export function preparingStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const prepared = new Set<string>();
  client.query = ((...args: unknown[]) => {
    const [text, values, callback] = args;
    if (typeof text === 'string' && Array.isArray(values) && values.length > 0 && callback === undefined) {
      const name = nameOf(text);
      if (prepared.has(name) || prepared.size < MAX_PER_CONNECTION) {
        prepared.add(name);
        return query({ name, text, values });
      }
    }
    return query(...args);
  }) as typeof client.query;
}
