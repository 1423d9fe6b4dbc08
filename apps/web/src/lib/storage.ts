/** Browser storage with the failures of private modes and disabled storage swallowed. */

const LAST_ROUTE_KEY = 'wholesail:last-route';
const LAST_WELCOME_KEY = 'wholesail:last-welcome-at';
const OFFLINE_SESSION_KEY = 'wholesail:offline-session';
const SAID_THIS_SESSION_PREFIX = 'wholesail:said:';

function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

function write(storage: () => Storage, key: string, value: string): void {
  try {
    storage().setItem(key, value);
  } catch {
    // Storage full or blocked: remembering is a convenience, not a requirement.
  }
}

const session = () => window.sessionStorage;
const local = () => window.localStorage;

/** The last remembered route (path + query) of this browser session, or null. */
export function getLastRoute(): string | null {
  return read(session, LAST_ROUTE_KEY);
}

export function setLastRoute(route: string): void {
  write(session, LAST_ROUTE_KEY, route);
}

export function getLastWelcomeAt(): number | null {
  const raw = read(local, LAST_WELCOME_KEY);
  const value = raw === null ? NaN : Number(raw);
  return Number.isFinite(value) ? value : null;
}

export function setLastWelcomeAt(time: number): void {
  write(local, LAST_WELCOME_KEY, String(time));
}

/** The signed-in user's session without any token (JSON), kept to open the app offline; null to forget it. */
export function getOfflineSession(): string | null {
  return read(local, OFFLINE_SESSION_KEY);
}

export function setOfflineSession(json: string | null): void {
  if (json !== null) return write(local, OFFLINE_SESSION_KEY, json);
  try {
    local().removeItem(OFFLINE_SESSION_KEY);
  } catch {
    // Blocked storage holds nothing to forget.
  }
}

/**
 * True the first time a notice is about to be said in this browser session, false after (a tab keeps its session
 * across reloads): for notices worth hearing once, not on every opening of the screen that triggers them.
 */
export function firstTimeThisSession(notice: string): boolean {
  const key = SAID_THIS_SESSION_PREFIX + notice;
  if (read(session, key) !== null) return false;
  write(session, key, '1');
  return true;
}
