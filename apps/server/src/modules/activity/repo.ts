import { beforeCursor, cursorPosition } from '../../db/keyset';
import type { Tx } from '../../db/scope';

export interface ActivityRow {
  id: string;
  action: string;
  details: unknown;
  actor_id: string | null;
  actor_name: string | null;
  created_at: Date | string;
  /** created_at to the microsecond in UTC: with the id, where the next page starts. */
  position: string;
}

/** The lead exists in the organization, deleted or not (a deleted lead's timeline says who deleted it). */
export async function leadExists(tx: Tx, organizationId: string, leadId: string): Promise<boolean> {
  return (await tx.selectFrom('leads').select('id').where('organization_id', '=', organizationId).where('id', '=', leadId).executeTakeFirst()) !== undefined;
}

/** One page of the lead's activity, newest first (index activity_logs_entity_idx), one row more to tell if there is another. */
export function leadActivity(tx: Tx, organizationId: string, leadId: string, limit: number, cursor: string | undefined): Promise<ActivityRow[]> {
  let query = tx
    .selectFrom('activity_logs as a')
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .select(['a.id', 'a.action', 'a.details', 'a.actor_id', 'u.name as actor_name', 'a.created_at'])
    .select(cursorPosition('a.created_at'))
    .where('a.organization_id', '=', organizationId)
    .where('a.entity_type', '=', 'lead')
    .where('a.entity_id', '=', leadId);
  if (cursor) query = query.where(beforeCursor('a.created_at', 'a.id', cursor));
  return query.orderBy('a.created_at', 'desc').orderBy('a.id', 'desc').limit(limit + 1).execute();
}
