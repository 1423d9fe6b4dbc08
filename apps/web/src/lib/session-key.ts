/**
 * The session's query key, apart from lib/query-keys.ts: the session hook is in the entry chunk of every page
 * (the landing and login included), and the full list of keys is not.
 */
export const SESSION_KEY = ['session'] as const;
