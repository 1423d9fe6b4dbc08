import { sql } from 'kysely';
import { LEAD_RESTORE_DAYS, type LeadListItem } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import { LEAD_COLUMNS, type LeadRow } from './repo';
import { rowsInOrder } from './list';

const DAY_MS = 86_400_000;

/** The oldest deletion that can still be undone at `now`. */
export const restorableSince = (now: Date) => new Date(now.getTime() - LEAD_RESTORE_DAYS * DAY_MS);

/** GET /api/leads?deleted=true: the organization's restorable leads, most recently deleted first, counted exactly. */
export async function deletedPage(tx: Tx, organizationId: string, page: { limit: number; offset: number }, now: Date) {
  const deleted = tx
    .selectFrom('leads')
    .where('organization_id', '=', organizationId)
    .where('status', '=', 'deleted')
    .where('deleted_at', '>=', restorableSince(now));
  const [ids, count] = await Promise.all([
    deleted.select('id').orderBy('deleted_at', 'desc').orderBy('id').limit(page.limit).offset(page.offset).execute(),
    deleted.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const items: LeadListItem[] = await rowsInOrder(tx, organizationId, ids.map((r) => r.id));
  return { items, total: count.n, total_exact: true };
}

/** Hides a live lead (status 'deleted'), remembering when, by whom and its status; undefined when there is none. */
export function markDeleted(tx: Tx, organizationId: string, id: string, userId: string, now: Date): Promise<{ id: string } | undefined> {
  return tx
    .updateTable('leads')
    .set((eb) => ({ status_before_delete: eb.ref('status'), status: 'deleted', deleted_at: now, deleted_by: userId, updated_at: now }))
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .where('status', '<>', 'deleted')
    .returning('id')
    .executeTakeFirst();
}

/** Brings back a lead deleted within LEAD_RESTORE_DAYS with the status it had; undefined otherwise. */
export function restoreDeleted(tx: Tx, organizationId: string, id: string, now: Date): Promise<LeadRow | undefined> {
  return tx
    .updateTable('leads')
    .set({ status: sql`coalesce(status_before_delete, 'new')`, status_before_delete: null, deleted_at: null, deleted_by: null, updated_at: now })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .where('status', '=', 'deleted')
    .where('deleted_at', '>=', restorableSince(now))
    .returning(LEAD_COLUMNS)
    .executeTakeFirst() as Promise<LeadRow | undefined>;
}

/** Removes, across organizations (system role), every lead deleted more than LEAD_RESTORE_DAYS ago; its calls and texts go with it. */
export async function purgeDeleted(tx: Tx, now: Date): Promise<number> {
  const rows = await tx.deleteFrom('leads').where('status', '=', 'deleted').where('deleted_at', '<', restorableSince(now)).returning('id').execute();
  return rows.length;
}
