import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a partner's link carries: the organization, the referral and when the link expires (seconds since 1970). */
export interface ReferralLinkPayload {
  org: string;
  ref: string;
  exp: number;
}

/**
 * The payload is packed (16 bytes per id, 4 for the expiry): as JSON the token would pass the router's 100-character
 * limit on a path parameter. Token: base64url(payload) + '.' + base64url(HMAC-SHA256 of that text), 92 characters.
 */
const PAYLOAD_BYTES = 36;
const sign = (secret: string, body: string) => createHmac('sha256', secret).update(`referral-link:${body}`).digest('base64url');
const uuidBytes = (id: string) => Buffer.from(id.replaceAll('-', ''), 'hex');
const uuidText = (bytes: Buffer) => bytes.toString('hex').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

/** A signed token for the link: nothing to store, nothing to guess. */
export function referralToken(secret: string, payload: ReferralLinkPayload): string {
  const exp = Buffer.alloc(4);
  exp.writeUInt32BE(payload.exp);
  const body = Buffer.concat([uuidBytes(payload.org), uuidBytes(payload.ref), exp]).toString('base64url');
  return `${body}.${sign(secret, body)}`;
}

export const referralLink = (publicUrl: string, token: string) => `${publicUrl}/referrals/${token}`;

/** The payload of a token whose signature holds, or null (tampered, truncated or made up); expiry is the caller's to judge. */
export function readReferralToken(secret: string, token: string): ReferralLinkPayload | null {
  const [body, given, extra] = token.split('.');
  if (extra !== undefined || !body || !given) return null;
  const expected = Buffer.from(sign(secret, body));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  const bytes = Buffer.from(body, 'base64url');
  if (bytes.length !== PAYLOAD_BYTES) return null;
  return { org: uuidText(bytes.subarray(0, 16)), ref: uuidText(bytes.subarray(16, 32)), exp: bytes.readUInt32BE(32) };
}
