/**
 * How a text is billed and split (GSM 03.38): a text written only in the GSM-7 alphabet goes 160 characters in one
 * segment or 153 per segment when split, each character of the extension table (€ [ ] { } ^ ~ | \ and form feed)
 * taking two; any other character makes the whole text UCS-2, 70 in one segment or 67 per segment, where a
 * character outside the Basic Multilingual Plane (most emoji) takes two. A split never cuts a two-unit character.
 */

const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM_EXTENSION = new Set('\f^{}\\[~]|€');

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsSegments {
  /** Units counted against the limits: GSM-7 septets (extension characters 2) or UTF-16 code units. */
  characters: number;
  segments: number;
  encoding: SmsEncoding;
}

const LIMITS: Record<SmsEncoding, { single: number; multi: number }> = { 'GSM-7': { single: 160, multi: 153 }, 'UCS-2': { single: 70, multi: 67 } };

export function smsSegments(text: string): SmsSegments {
  const chars = [...text];
  const encoding: SmsEncoding = chars.every((c) => GSM_BASIC.has(c) || GSM_EXTENSION.has(c)) ? 'GSM-7' : 'UCS-2';
  const units = chars.map((c) => (encoding === 'GSM-7' ? (GSM_EXTENSION.has(c) ? 2 : 1) : c.length));
  const characters = units.reduce((a, b) => a + b, 0);
  const { single, multi } = LIMITS[encoding];
  if (characters === 0) return { characters, segments: 0, encoding };
  if (characters <= single) return { characters, segments: 1, encoding };
  // Pack whole characters into segments of `multi` units: an escape pair or a surrogate pair moves on whole.
  let segments = 1;
  let used = 0;
  for (const u of units) {
    if (used + u > multi) {
      segments += 1;
      used = 0;
    }
    used += u;
  }
  return { characters, segments, encoding };
}
