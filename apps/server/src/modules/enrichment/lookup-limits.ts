import { sql, type Kysely } from 'kysely';
import { withSystem, type Tx } from '../../db/scope';
import type { DB } from '../../db/types';
import { tooManyRequests } from '../../http/errors';
import type { EnrichmentProvider, EnrichmentResult } from '../../providers/enrichment';

/** Lookups one client address may make per minute, whoever it is. */
export const LOOKUPS_PER_CLIENT_PER_MINUTE = 20;
const DAY_MS = 86_400_000;

export interface LookupCaps {
  /** Paid lookups per organization per UTC day (signed-in members). */
  perOrganization: number;
  /** Paid lookups per UTC day for every signed-out visitor together. */
  publicTotal: number;
}

/** The cache key of an address: lower case, punctuation dropped, whitespace collapsed ("123 Main St., Austin" = "123 main st austin"). */
export function normaliseAddress(address: string): string {
  return address.toLowerCase().replace(/[.,#;:'"]/g, ' ').replace(/\s+/g, ' ').trim();
}

/** Adds one to `key` and answers the count and when its window ends; an ended window is dropped first, so it starts again at 1. */
async function bump(tx: Tx, key: string, windowEnd: Date, now: Date): Promise<{ count: number; retryAfter: number }> {
  await tx.deleteFrom('usage_counters').where('expires_at', '<=', now).execute();
  const row = await tx
    .insertInto('usage_counters')
    .values({ key, count: 1, expires_at: windowEnd })
    .onConflict((oc) => oc.column('key').doUpdateSet({ count: sql`usage_counters.count + 1` }))
    .returning(['count', 'expires_at'])
    .executeTakeFirstOrThrow();
  return { count: row.count, retryAfter: Math.max(1, Math.ceil((new Date(row.expires_at).getTime() - now.getTime()) / 1000)) };
}

/** A refused lookup: 429 with the seconds until the limit's window ends as Retry-After. */
const lookupLimited = (message: string, retryAfterSeconds: number) => tooManyRequests(message, 'RATE_LIMITED', retryAfterSeconds);

/**
 * A property lookup for the address search, within its limits: LOOKUPS_PER_CLIENT_PER_MINUTE per client address;
 * then the day's cached answer for the normalised address, if any (free); else, within the daily cap of the
 * organization (signed in) or of all visitors, the provider's answer, cached for a day when it succeeded.
 */
export async function limitedLookup(
  db: Kysely<DB>,
  provider: EnrichmentProvider,
  caps: LookupCaps,
  who: { ip: string; organizationId: string | null },
  address: string,
  now = new Date(),
): Promise<EnrichmentResult> {
  const day = Math.floor(now.getTime() / DAY_MS);
  const key = normaliseAddress(address);
  const cached = await withSystem(db, async (tx) => {
    const client = await bump(tx, `lookup:client:${who.ip}`, new Date(now.getTime() + 60_000), now);
    if (client.count > LOOKUPS_PER_CLIENT_PER_MINUTE) {
      throw lookupLimited('Too many address lookups from your address. Please wait a minute and try again.', client.retryAfter);
    }
    const hit = await tx.selectFrom('address_lookup_cache').select('answer').where('address_key', '=', key).where('expires_at', '>', now).executeTakeFirst();
    return hit?.answer as EnrichmentResult | undefined;
  });
  if (cached) return cached;

  await withSystem(db, async (tx) => {
    const [counter, cap] = who.organizationId ? [`lookup:org:${who.organizationId}:${day}`, caps.perOrganization] : [`lookup:public:${day}`, caps.publicTotal];
    const used = await bump(tx, counter, new Date((day + 1) * DAY_MS), now);
    if (used.count > cap) {
      throw lookupLimited(
        who.organizationId
          ? `Your organization has used its ${cap} property lookups for today. Lookups start again at midnight UTC.`
          : 'Property lookups for visitors are used up for today. Sign in, or try again tomorrow.',
        used.retryAfter,
      );
    }
  });
  const answer = await provider.lookupProperty(address);
  if (answer.success) {
    await withSystem(db, (tx) =>
      tx.insertInto('address_lookup_cache').values({ address_key: key, answer: JSON.stringify(answer), expires_at: new Date(now.getTime() + DAY_MS) })
        .onConflict((oc) => oc.column('address_key').doUpdateSet({ answer: JSON.stringify(answer), expires_at: new Date(now.getTime() + DAY_MS) }))
        .execute(),
    );
  }
  return answer;
}
