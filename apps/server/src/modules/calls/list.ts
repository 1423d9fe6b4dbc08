import type { CallPage, ListCallsQuery } from '@wholesail/domain';
import { beforeCursor, cursorPosition, keysetPage } from '../../db/keyset';
import type { Tx } from '../../db/scope';
import { CALL_COLUMNS, toCall } from './repo';

/** GET /api/calls: the organization's calls, newest first (index calls_started_idx), with the list's filters. */
export async function listCalls(tx: Tx, organizationId: string, query: ListCallsQuery): Promise<CallPage> {
  let q = tx.selectFrom('calls').select(CALL_COLUMNS).select(cursorPosition('started_at')).where('organization_id', '=', organizationId);
  if (query.lead_id) q = q.where('lead_id', '=', query.lead_id);
  if (query.user_id) q = q.where('user_id', '=', query.user_id);
  if (query.status) q = q.where('status', '=', query.status);
  if (query.started_after) q = q.where('started_at', '>=', new Date(query.started_after));
  if (query.cursor) q = q.where(beforeCursor('started_at', 'id', query.cursor));
  const { page, next_cursor } = keysetPage(await q.orderBy('started_at', 'desc').orderBy('id', 'desc').limit(query.limit + 1).execute(), query.limit);
  return { items: page.map(toCall), next_cursor };
}
