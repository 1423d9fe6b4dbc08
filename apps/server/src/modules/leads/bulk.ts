import { sql } from 'kysely';
import type { BulkLeadsChange, BulkLeadsResult, EventCause } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import type { OrgContext, RequestContext } from '../../http/context';
import { auditEach } from '../audit/audit';
import { emit } from '../outbox/emit';

/** The lead's tags, then the added ones, each once in the order first seen, without the removed ones. */
function changedTags(add: string[], remove: string[]) {
  return sql<string[]>`array(
    select t from unnest(badges || ${sql.val(add)}::text[]) with ordinality as u(t, n)
     where not (t = any(${sql.val(remove)}::text[]))
     group by t order by min(n))`;
}

/**
 * POST /api/leads/bulk in one transaction: only the caller's organization's live leads that the change really
 * changes are written (so a lead already so keeps its version); every other id counts as skipped.
 */
export function bulkUpdateLeads(ctx: RequestContext, change: BulkLeadsChange): Promise<BulkLeadsResult> {
  return ctx.write((tx) => updateLeadsIn(tx, ctx, change));
}

/**
 * The bulk change in the caller's transaction (an automation rule's action runs in its event's delivery). `cause`
 * goes on each lead.updated: the rules whose actions made the change, so none of them fires on it again.
 */
export async function updateLeadsIn(tx: Tx, ctx: OrgContext, change: BulkLeadsChange, cause?: EventCause): Promise<BulkLeadsResult> {
  const ids = [...new Set(change.ids)];
  const add = change.add_tags ?? [];
  const remove = change.remove_tags ?? [];
  const touchesTags = add.length > 0 || remove.length > 0;
  const tags = changedTags(add, remove);
  const rows = await tx
    .updateTable('leads')
    .set({
      ...(change.status === undefined ? {} : { status: change.status }),
      ...(touchesTags ? { badges: tags } : {}),
      updated_at: new Date(),
    })
    .where('organization_id', '=', ctx.organizationId)
    .where(sql<boolean>`id = any(${sql.val(ids)}::uuid[])`)
    .where('status', '<>', 'deleted')
    .where((eb) =>
      eb.or([
        ...(change.status === undefined ? [] : [eb('status', '<>', change.status)]),
        ...(touchesTags ? [sql<boolean>`badges is distinct from ${tags}`] : []),
      ]),
    )
    .returning('id')
    .execute();
  if (rows.length > 0) {
    await auditEach(tx, ctx, 'lead.bulk_updated', rows.map((r) => ({ type: 'lead', id: r.id })), {
      count: rows.length, status: change.status ?? null, add_tags: add, remove_tags: remove,
    });
    const fields = [...(change.status ? ['status'] : []), ...(touchesTags ? ['badges'] : [])];
    const changes = { ...(change.status ? { status: change.status } : {}), ...(cause ? { cause } : {}) };
    for (const row of rows) await emit(tx, { type: 'lead.updated', organizationId: ctx.organizationId, leadId: row.id, fields, ...changes });
  }
  return { updated: rows.length, skipped: ids.length - rows.length };
}
