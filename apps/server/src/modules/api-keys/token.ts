import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

const PREFIX_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** `wsk_` + 8 letters or digits (finds the row) + `_` + 32 random bytes in base64url (the secret). */
const TOKEN = /^(wsk_[A-Za-z0-9]{8})_([A-Za-z0-9_-]{43})$/;

/** A new key: the whole token (shown once), the prefix that finds it, and the hash that is stored. */
export function newApiKeyToken(): { token: string; prefix: string; hash: Buffer } {
  const prefix = `wsk_${Array.from({ length: 8 }, () => PREFIX_ALPHABET[randomInt(PREFIX_ALPHABET.length)]).join('')}`;
  const token = `${prefix}_${randomBytes(32).toString('base64url')}`;
  return { token, prefix, hash: hashToken(token) };
}

export const hashToken = (token: string): Buffer => createHash('sha256').update(token).digest();

/** The prefix of a well-formed token, else null (nothing to look up). */
export function tokenPrefix(token: string): string | null {
  return TOKEN.exec(token)?.[1] ?? null;
}

/** Whether `token` hashes to `stored`, compared in constant time. */
export function tokenMatches(token: string, stored: Uint8Array): boolean {
  const given = hashToken(token);
  return stored.length === given.length && timingSafeEqual(given, stored);
}

/** The token of an `Authorization: Bearer …` header, else null. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}
