import type { AppNotification, NotificationLevel } from '@wholesail/domain';
import { sql } from 'kysely';
import type { Tx } from '../../db/scope';
import { iso } from '../../db/timestamps';

export interface NewNotification {
  organizationId: string;
  /** One member, or null for every member of the organization (one row each, so each reads their own). */
  userId: string | null;
  kind: string;
  level: NotificationLevel;
  title: string;
  body?: string | null;
  link?: string | null;
}

/** One row per addressed member of the organization; a user who is not (or no longer) a member gets none. */
export async function insertForMembers(tx: Tx, n: NewNotification): Promise<number> {
  let members = tx.selectFrom('user_profiles').where('organization_id', '=', n.organizationId);
  if (n.userId !== null) members = members.where('id', '=', n.userId);
  const rows = await tx
    .insertInto('system_notifications')
    .columns(['organization_id', 'user_id', 'kind', 'level', 'title', 'body', 'link'])
    .expression(
      members.select((eb) => [
        eb.val(n.organizationId).as('organization_id'), 'id as user_id', eb.val(n.kind).as('kind'), eb.val(n.level).as('level'),
        eb.val(n.title).as('title'), eb.val(n.body ?? null).as('body'), eb.val(n.link ?? null).as('link'),
      ]),
    )
    .returning('id')
    .execute();
  return rows.length;
}

const COLUMNS = ['id', 'kind', 'level', 'title', 'body', 'link', 'read_at', 'created_at'] as const;

type Row = { id: string; kind: string; level: AppNotification['level']; title: string; body: string | null; link: string | null; read_at: Date | string | null; created_at: Date | string };

function toNotification(r: Row): AppNotification {
  return { ...r, read_at: iso(r.read_at), created_at: iso(r.created_at) };
}

function mine(tx: Tx, organizationId: string, userId: string) {
  return tx.selectFrom('system_notifications').where('organization_id', '=', organizationId).where('user_id', '=', userId);
}

/** Newest first; one more than asked for tells whether there are more. */
export async function listForMember(tx: Tx, organizationId: string, userId: string, f: { unread?: boolean; limit: number; offset: number }) {
  let q = mine(tx, organizationId, userId).select(COLUMNS);
  if (f.unread === true) q = q.where('read_at', 'is', null);
  if (f.unread === false) q = q.where('read_at', 'is not', null);
  const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(f.limit + 1).offset(f.offset).execute();
  const items = rows.slice(0, f.limit).map(toNotification);
  return { items, hasMore: rows.length > f.limit };
}

export async function countUnread(tx: Tx, organizationId: string, userId: string): Promise<number> {
  const row = await mine(tx, organizationId, userId).where('read_at', 'is', null).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks one of the member's own read (the first reading's time is kept); null when it is not theirs or does not exist. */
export async function markRead(tx: Tx, organizationId: string, userId: string, id: string): Promise<AppNotification | null> {
  const row = await tx
    .updateTable('system_notifications')
    .set((eb) => ({ read_at: eb.fn.coalesce('read_at', sql<Date>`now()`) }))
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirst();
  return row ? toNotification(row) : null;
}

export async function markAllRead(tx: Tx, organizationId: string, userId: string): Promise<number> {
  const result = await tx.updateTable('system_notifications').set({ read_at: new Date() })
    .where('organization_id', '=', organizationId).where('user_id', '=', userId).where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
