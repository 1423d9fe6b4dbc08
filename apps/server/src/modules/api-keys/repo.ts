import { sql } from 'kysely';
import type { ApiKey, ApiKeyScope } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import { iso } from '../../db/timestamps';

const COLUMNS = ['k.id', 'k.name', 'k.prefix', 'k.scopes', 'k.created_at', 'k.created_by', 'u.name as creator_name', 'k.last_used_at', 'k.expires_at', 'k.revoked_at'] as const;

const keys = (tx: Tx, organizationId: string) =>
  tx.selectFrom('api_keys as k').leftJoin('users as u', 'u.id', 'k.created_by').where('k.organization_id', '=', organizationId).select(COLUMNS);

type Row = Awaited<ReturnType<ReturnType<typeof keys>['executeTakeFirstOrThrow']>>;

const toApiKey = (row: Row): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes as ApiKeyScope[],
  created_at: iso(row.created_at),
  created_by: row.created_by ? { id: row.created_by, name: row.creator_name ?? '' } : null,
  last_used_at: iso(row.last_used_at),
  expires_at: iso(row.expires_at),
  revoked_at: iso(row.revoked_at),
});

/** The organization's keys, newest first, revoked ones included (they stay as the record of what was issued). */
export async function listKeys(tx: Tx, organizationId: string): Promise<ApiKey[]> {
  return (await keys(tx, organizationId).orderBy('k.created_at', 'desc').orderBy('k.id').execute()).map(toApiKey);
}

export async function findKey(tx: Tx, organizationId: string, id: string): Promise<ApiKey | null> {
  const row = await keys(tx, organizationId).where('k.id', '=', id).executeTakeFirst();
  return row ? toApiKey(row) : null;
}

export interface NewKey {
  name: string;
  prefix: string;
  hash: Buffer;
  scopes: readonly ApiKeyScope[];
  expiresAt: string | null;
  createdBy: string;
}

export async function insertKey(tx: Tx, organizationId: string, key: NewKey): Promise<string> {
  const row = await tx
    .insertInto('api_keys')
    .values({ organization_id: organizationId, name: key.name, prefix: key.prefix, token_hash: key.hash, scopes: [...key.scopes], expires_at: key.expiresAt, created_by: key.createdBy })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Marks a key revoked (once: a second revoke keeps the first time and who did it); false when there is no such key. */
export async function revokeKey(tx: Tx, organizationId: string, id: string, by: string): Promise<boolean> {
  const row = await tx
    .updateTable('api_keys')
    .set({ revoked_at: sql<Date>`coalesce(revoked_at, now())`, revoked_by: sql<string>`coalesce(revoked_by, ${by})` })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
