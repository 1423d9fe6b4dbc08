import crypto from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** A new signing secret as Standard Webhooks writes it: `whsec_` and the base64 of 32 random bytes. */
export const newSecret = () => `whsec_${crypto.randomBytes(32).toString('base64')}`;

/** A delivery's `webhook-id`, kept for every attempt and replay of it. */
export const newMessageId = () => `msg_${crypto.randomBytes(18).toString('base64url')}`;

/** How long a rotated-out secret keeps signing beside the new one. */
export const PREVIOUS_SECRET_MS = 24 * 3_600_000;

/** The secrets a delivery is signed with at `at`: the endpoint's, and the rotated-out one until it expires. */
export function signingSecrets(endpoint: { secret: string; previous_secret: string | null; previous_secret_expires_at: Date | null }, at: Date): string[] {
  const previous = endpoint.previous_secret && endpoint.previous_secret_expires_at && endpoint.previous_secret_expires_at > at;
  return previous ? [endpoint.secret, endpoint.previous_secret!] : [endpoint.secret];
}

/**
 * The Standard Webhooks headers of one attempt: its id, its time in unix seconds, and a `v1,` signature per secret,
 * space-separated (HMAC-SHA256 of "id.timestamp.body", computed by the standardwebhooks package).
 */
export function webhookHeaders(secrets: readonly string[], messageId: string, at: Date, body: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'Wholesail-Webhooks/1',
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(messageId, at, body)).join(' '),
  };
}
