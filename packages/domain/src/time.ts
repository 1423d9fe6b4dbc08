/**
 * The one way a moment is written for people, on screens and in the notes the server stamps: 'Nov 23, 2026,
 * 11:12 PM' in the reader's (or the writer's) time zone. A stamp others may read in another zone names its zone
 * ('Nov 23, 2026, 11:12 PM CST').
 */
const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string | undefined, withZone: boolean): Intl.DateTimeFormat {
  const key = `${timeZone ?? ''}|${withZone}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone, ...(withZone ? { timeZoneName: 'short' } : {}),
    });
    formats.set(key, format);
  }
  return format;
}

/** `at` as 'Nov 23, 2026, 11:12 PM'; in `timeZone` (IANA) if given, else the runtime's own (a browser's: its user's). */
export function formatDateTime(at: Date | string, options: { timeZone?: string; withZone?: boolean } = {}): string {
  return formatFor(options.timeZone, options.withZone ?? false).format(typeof at === 'string' ? new Date(at) : at);
}

/** An IANA time zone this runtime knows ('America/Chicago', 'UTC'). */
export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
