/** Telling a lost or refused database connection from any other failure (http/errors.ts, main.ts). */

export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable right now. Please try again in a few seconds.';

/**
 * PostgreSQL error classes that mean the connection, not the request, failed: 57P01-57P03 (the
 * server terminated the backend, crashed or is starting up), class 08 (connection exceptions) and
 * 53300 (too many connections).
 */
const CONNECTION_SQLSTATES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', '08007', '53300']);
const CONNECTION_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);
/** What node-postgres and pg-pool say when a connection dies or cannot be had. */
const CONNECTION_MESSAGES = [
  /^Connection terminated/i,
  /Client has encountered a connection error and is not queryable/i,
  /^Client was closed and is not queryable/i,
  /^timeout exceeded when trying to connect/i,
  /^Connection ended unexpectedly/i,
  /^terminating connection due to administrator command/i,
];

/** True when `err` (or an error it wraps, as `cause`) is a lost or refused database connection. */
export function isDatabaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e instanceof Error && depth < 5; depth++) {
    // fetch (undici) wraps its socket errors the same way: an outside service, not the database.
    if (e.message === 'fetch failed') return false;
    const { code } = e as { code?: unknown };
    if (typeof code === 'string' && (CONNECTION_SQLSTATES.has(code) || CONNECTION_ERRNOS.has(code))) return true;
    const message = e.message;
    if (CONNECTION_MESSAGES.some((m) => m.test(message))) return true;
    e = e.cause;
  }
  return false;
}
