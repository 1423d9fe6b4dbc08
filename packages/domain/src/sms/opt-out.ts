import { detectDoNotCall } from '../coaching/dnc';

/**
 * Opt-out and opt-in of texts (issue 6). A carrier keyword counts only alone (any case, surrounding
 * whitespace and punctuation ignored): "STOP", "stop.", " Unsubscribe! ". A clear plain-language request
 * counts anywhere in the text: "stop texting me", "take me off your list", "don't text me", "remove my
 * number", and everything `detectDoNotCall` hears on a call. START / UNSTOP alone is an opt-in.
 *
 * Decided edge cases (sms.test.ts): "I'll stop by tomorrow", "end of the month works", "cancel the
 * inspection" and "Quit my job last year" are not requests; "Stop please" and "please stop" are.
 */

export const OPT_OUT_KEYWORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'] as const;
export const OPT_IN_KEYWORDS = ['START', 'UNSTOP'] as const;

export type OptOutKind = 'opt_out' | 'opt_in';

export interface OptOutMatch {
  kind: OptOutKind;
  /** The keyword sent alone (upper case), or null for a plain-language request. */
  keyword: string | null;
  /** The text as matched: the keyword, or the whole (trimmed) message for a plain-language request. */
  phrase: string;
}

/** Text requests a call does not use: unsubscribe/opt out, stop sending messages, no more messages. */
const TEXT_REQUESTS: readonly RegExp[] = [
  /\b(?:unsubscribe|opt\s*-?\s*out|opt (?:me|us) out)\b/,
  /(?<!(?:don't|dont|do not|never) )\bstop\s+(?:sending|texting|messaging)\b/,
  /\bno more (?:text )?(?:messages|texts|sms)\b/,
  // "stop please", "please stop", "stop now", "STOP STOP": the keyword with politeness only
  /^(?:please\s+)?stop(?:\s+(?:it|now|please|stop|already|thanks|thank you))*(?:\s+please)?$/,
];

const edgeTrim = (text: string) => text.trim().replace(/^[\s\p{P}\p{S}]+|[\s\p{P}\p{S}]+$/gu, '');

/** Which request the text is, and what matched; null for an ordinary message. */
export function matchOptOut(text: string): OptOutMatch | null {
  const bare = edgeTrim(text).toUpperCase();
  if ((OPT_OUT_KEYWORDS as readonly string[]).includes(bare)) return { kind: 'opt_out', keyword: bare, phrase: bare };
  if ((OPT_IN_KEYWORDS as readonly string[]).includes(bare)) return { kind: 'opt_in', keyword: bare, phrase: bare };
  const lower = edgeTrim(text).toLowerCase().replace(/[\u2018\u2019`]/g, "'").replace(/\s+/g, ' ');
  if (lower === '') return null;
  if (TEXT_REQUESTS.some((pattern) => pattern.test(lower)) || detectDoNotCall(text)) {
    return { kind: 'opt_out', keyword: null, phrase: text.trim() };
  }
  return null;
}

/** 'opt_out' for STOP and the other carrier keywords or a clear request, 'opt_in' for START / UNSTOP, else null. */
export function detectOptOut(text: string): OptOutKind | null {
  return matchOptOut(text)?.kind ?? null;
}
