/** Whether `error` is PostgreSQL's unique violation (23505) of the index or constraint `name` (pg and PGlite alike). */
export function violatesUnique(error: unknown, name: string): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown };
  if (e.code !== '23505') return false;
  return e.constraint === name || (typeof e.message === 'string' && e.message.includes(`"${name}"`));
}
