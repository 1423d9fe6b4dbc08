/**
 * The last errors this tab caught (uncaught errors, rejected promises, the crash screen, server failures), for the
 * debug page's report. Kept in sessionStorage too, so a reload after a crash still shows what happened.
 */
export type CaughtError = { at: string; source: 'window' | 'promise' | 'crash' | 'api'; message: string; detail?: string };

const KEY = 'wholesail.error-log';
const MAX = 20;
const listeners = new Set<() => void>();

function load(): readonly CaughtError[] {
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(stored) ? (stored as CaughtError[]).slice(-MAX) : [];
  } catch {
    return [];
  }
}

let entries: readonly CaughtError[] = typeof sessionStorage === 'undefined' ? [] : load();

export function recordError(error: Omit<CaughtError, 'at'>, at: Date = new Date()): void {
  entries = [...entries, { ...error, message: error.message.slice(0, 500), detail: error.detail?.slice(0, 2000), at: at.toISOString() }].slice(-MAX);
  try {
    sessionStorage.setItem(KEY, JSON.stringify(entries));
  } catch {
    // Storage full or refused: the log still lives in memory.
  }
  for (const listener of [...listeners]) listener();
}

export const errorLog = {
  getSnapshot: (): readonly CaughtError[] => entries,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  clear(): void {
    entries = [];
    sessionStorage.removeItem(KEY);
    for (const listener of [...listeners]) listener();
  },
};

const describe = (reason: unknown) => (reason instanceof Error ? { message: reason.message, detail: reason.stack } : { message: String(reason) });

/** Listens for what nothing else caught; once, at start-up. */
export function watchUncaughtErrors(): void {
  window.addEventListener('error', (event) => recordError({ source: 'window', ...describe(event.error ?? event.message) }));
  window.addEventListener('unhandledrejection', (event) => recordError({ source: 'promise', ...describe(event.reason) }));
}
