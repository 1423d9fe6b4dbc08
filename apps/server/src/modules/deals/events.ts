import type { DealEvent } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import type { OrgContext } from '../../http/context';
import { iso } from '../../db/timestamps';

export type Changes = Record<string, { from: unknown; to: unknown }>;

/** The fields of `patch` whose value differs from `current`'s, each with both values. */
export function diff(current: Record<string, unknown>, patch: Record<string, unknown>): Changes {
  const out: Changes = {};
  for (const [key, to] of Object.entries(patch)) {
    if (to === undefined) continue;
    const from = current[key] ?? null;
    if (from !== to) out[key] = { from, to };
  }
  return out;
}

/** Who makes a change: a member, or a visitor of a public page (a buyer's offer from a deal room) with no user. */
export type EventAuthor = Pick<OrgContext, 'organizationId'> & { user: { id: string } | null };

/** One line of a deal's timeline, in the transaction that makes the change. */
export async function recordEvent(tx: Tx, ctx: EventAuthor, dealId: string, kind: DealEvent['kind'], summary: string, changes: Changes | null = null) {
  await tx
    .insertInto('deal_events')
    .values({
      organization_id: ctx.organizationId,
      deal_id: dealId,
      kind,
      summary,
      changes: changes && Object.keys(changes).length > 0 ? JSON.stringify(changes) : null,
      user_id: ctx.user?.id ?? null,
    })
    .execute();
}

/** A deal's timeline, newest first. */
export async function listEvents(tx: Tx, organizationId: string, dealId: string): Promise<DealEvent[]> {
  const rows = await tx
    .selectFrom('deal_events as e')
    .leftJoin('users as u', 'u.id', 'e.user_id')
    .select(['e.id', 'e.kind', 'e.summary', 'e.changes', 'e.user_id', 'u.name as user_name', 'e.created_at'])
    .where('e.organization_id', '=', organizationId)
    .where('e.deal_id', '=', dealId)
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id')
    .limit(500)
    .execute();
  return rows.map((r) => ({
    ...r,
    kind: r.kind as DealEvent['kind'],
    changes: (typeof r.changes === 'string' ? JSON.parse(r.changes) : r.changes) as DealEvent['changes'],
    user_name: r.user_name ?? null,
    created_at: iso(r.created_at),
  }));
}
