/** Longest field name a message repeats; a longer one is cut (with '…'), the same way every time. */
const MAX_LABEL = 120;
/** A name shown as it is: printable, no white space, no colon or quote that would blur "field: message". */
const PLAIN = /^[^\p{C}\s:"\\]+$/u;

const escapeChar = (c: string) =>
  c === '"' || c === '\\' ? `\\${c}` : [...c].map((_, i) => `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`).join('');

/**
 * How a validation message names one field (a key or path segment of the request): plain when it is
 * printable, else a JSON-style quoted string with control, format and lone surrogate characters escaped as
 * \uXXXX, so a key of random bytes is named the same stable way on every run.
 */
export function fieldLabel(name: string): string {
  const chars = [...name];
  const cut = chars.length > MAX_LABEL ? `${chars.slice(0, MAX_LABEL).join('')}…` : name;
  if (cut !== '' && PLAIN.test(cut)) return cut;
  return `"${cut.replace(/[\p{C}\s"\\]/gu, (c) => (c === ' ' ? c : escapeChar(c)))}"`;
}

/** A path of keys (body.a.b) as a message names it. */
export const fieldPath = (segments: ReadonlyArray<string | number>) => segments.map((s) => fieldLabel(String(s))).join('.');
