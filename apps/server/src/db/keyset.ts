import { sql } from 'kysely';

/**
 * Newest-first pages keyed by (time, id). The cursor a page answers is its last row's time, to the microsecond, and
 * id: `2026-11-28T10:00:00.123456Z~<uuid>` (TIME_ID_CURSOR in packages/domain checks its form).
 */
export const cursorPosition = (timeColumn: string) =>
  sql<string>`to_char(${sql.ref(timeColumn)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('position');

/** The rows after a page's cursor: (time, id) before the cursor's. */
export function beforeCursor(timeColumn: string, idColumn: string, cursor: string) {
  const [at, id] = cursor.split('~') as [string, string];
  return sql<boolean>`(${sql.ref(timeColumn)}, ${sql.ref(idColumn)}) < (${at}::timestamptz, ${id}::uuid)`;
}

/** A page of `limit` from rows read with one more (to tell whether another page follows), and the next page's cursor. */
export function keysetPage<R extends { position: string; id: string }>(rows: readonly R[], limit: number): { page: Omit<R, 'position'>[]; next_cursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    page: page.map(({ position: _, ...row }) => row),
    next_cursor: rows.length > limit && last ? `${last.position}~${last.id}` : null,
  };
}
