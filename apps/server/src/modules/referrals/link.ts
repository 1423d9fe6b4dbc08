import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** What a partner's link carries: the organization, the referral and when the link expires (seconds since 1970). */
export interface ReferralLinkPayload {
  org: string;
  ref: string;
  exp: number;
}

const payloadSchema = z.object({ org: z.uuid(), ref: z.uuid(), exp: z.number().int().positive() }).strict();
const sign = (secret: string, body: string) => createHmac('sha256', secret).update(`referral-link:${body}`).digest('base64url');

/** base64url(JSON payload) + '.' + HMAC-SHA256 of it with the server's auth secret: nothing to store, nothing to guess. */
export function referralToken(secret: string, payload: ReferralLinkPayload): string {
  const body = Buffer.from(JSON.stringify({ org: payload.org, ref: payload.ref, exp: payload.exp })).toString('base64url');
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
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
