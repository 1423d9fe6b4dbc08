import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import { API_KEY_MESSAGES, type ApiKeyScope, type MemberRole } from '@wholesail/domain';
import { withSystem } from '../../db/scope';
import type { DB } from '../../db/types';
import { tooManyRequests, unauthorized } from '../../http/errors';
import { tokenMatches, tokenPrefix } from './token';

/** Who a key acts as: its organization and scopes, and the member who created it (the actor of what it does). */
export interface KeyHolder {
  apiKey: { id: string; scopes: readonly ApiKeyScope[] };
  organizationId: string;
  role: MemberRole;
  user: { id: string; email: string; name: string };
}

interface KeyRow {
  id: string;
  organization_id: string;
  token_hash: Uint8Array;
  scopes: ApiKeyScope[];
  expires_at: Date | string | null;
  revoked_at: Date | string | null;
  user_id: string | null;
  email: string | null;
  name: string | null;
  role: MemberRole | null;
}

const MINUTE_MS = 60_000;
/** last_used_at is written at most this often per key and instance: a use is a read, not a write per request. */
const LAST_USED_EVERY_MS = 60_000;

export interface ApiKeyAuthOptions {
  db: Kysely<DB>;
  log: FastifyBaseLogger;
  /** Requests one key may make per minute on this instance. */
  perMinute: number;
  now?: () => number;
}

/**
 * Checks a request's API key: found by its prefix, the whole key compared with the stored hash in constant time,
 * not revoked or expired, its creator still a member; then the key's requests this minute (a fixed window per key
 * and instance, kept in memory) and, once a minute, last_used_at. Every refusal is an AppError (401 or 429).
 */
export class ApiKeyAuthenticator {
  readonly #db: Kysely<DB>;
  readonly #log: FastifyBaseLogger;
  readonly #perMinute: number;
  readonly #now: () => number;
  readonly #windows = new LRUCache<string, { start: number; count: number }>({ max: 50_000 });
  readonly #lastWritten = new LRUCache<string, number>({ max: 50_000 });

  constructor(options: ApiKeyAuthOptions) {
    this.#db = options.db;
    this.#log = options.log;
    this.#perMinute = options.perMinute;
    this.#now = options.now ?? Date.now;
  }

  async authenticate(token: string): Promise<KeyHolder> {
    const prefix = tokenPrefix(token);
    if (!prefix) throw unauthorized(API_KEY_MESSAGES.invalid);
    const { rows } = await sql<KeyRow>`select id, organization_id, token_hash, scopes, expires_at, revoked_at, user_id, email, name, role from app_api_key(${prefix})`.execute(this.#db);
    const row = rows[0];
    if (!row || !tokenMatches(token, row.token_hash)) throw unauthorized(API_KEY_MESSAGES.invalid);
    const now = this.#now();
    if (row.revoked_at !== null) throw unauthorized(API_KEY_MESSAGES.revoked);
    if (row.expires_at !== null && new Date(row.expires_at).getTime() <= now) throw unauthorized(API_KEY_MESSAGES.expired);
    if (!row.user_id || !row.role) throw unauthorized(API_KEY_MESSAGES.ownerGone);
    this.#count(row.id, now);
    this.#noteUse(row.id, row.organization_id, now);
    return {
      apiKey: { id: row.id, scopes: row.scopes },
      organizationId: row.organization_id,
      role: row.role,
      user: { id: row.user_id, email: row.email ?? '', name: row.name ?? '' },
    };
  }

  #count(keyId: string, now: number): void {
    const window = this.#windows.get(keyId);
    if (!window || now - window.start >= MINUTE_MS) {
      this.#windows.set(keyId, { start: now, count: 1 });
      return;
    }
    window.count += 1;
    if (window.count > this.#perMinute) {
      throw tooManyRequests(API_KEY_MESSAGES.rateLimited(this.#perMinute), 'RATE_LIMITED', Math.max(1, Math.ceil((window.start + MINUTE_MS - now) / 1000)));
    }
  }

  /** Records the use after the request is answered, at most once a minute per key; a failed write is only logged. */
  #noteUse(keyId: string, organizationId: string, now: number): void {
    const last = this.#lastWritten.get(keyId);
    if (last !== undefined && now - last < LAST_USED_EVERY_MS) return;
    this.#lastWritten.set(keyId, now);
    withSystem(this.#db, (tx) =>
      tx.updateTable('api_keys').set({ last_used_at: new Date(now) }).where('organization_id', '=', organizationId).where('id', '=', keyId).execute(),
    ).catch((err: unknown) => this.#log.warn({ err }, 'could not record an API key use'));
  }
}
