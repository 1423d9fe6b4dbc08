import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { RoomViews } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import { iso } from '../../db/timestamps';
import { notFound } from '../../http/errors';
import { buyerLabel } from './repo';

/** A visit's length stops growing after this: a tab left open all week is not a four-day read. */
const MAX_VISIT = sql`interval '4 hours'`;

/** Who a visitor is, for counting unique visitors: a hash of address, browser and day, never the address itself. */
export function clientHash(ip: string, userAgent: string, now = new Date()): string {
  return createHash('sha256').update(`${ip}\n${userAgent}\n${now.toISOString().slice(0, 10)}`).digest('hex');
}

export async function recordView(tx: Tx, organizationId: string, v: { roomId: string; buyerId: string | null; clientHash: string; userAgent: string }): Promise<string> {
  const { id } = await tx
    .insertInto('deal_room_views')
    .values({ organization_id: organizationId, room_id: v.roomId, buyer_id: v.buyerId, client_hash: v.clientHash, user_agent: v.userAgent.slice(0, 500) || null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The page is still open: the visit lasts until now (at most four hours). Only a view of this room. */
export async function heartbeat(tx: Tx, organizationId: string, roomId: string, viewId: string): Promise<void> {
  const row = await tx
    .updateTable('deal_room_views')
    .set({ last_seen_at: sql`least(now(), opened_at + ${MAX_VISIT})` })
    .where('organization_id', '=', organizationId)
    .where('room_id', '=', roomId)
    .where('id', '=', viewId)
    .returning('id')
    .executeTakeFirst();
  if (!row) throw notFound('Visit not found');
}

/** Links the visit an offer came from to the offer, when the visit is this room's. */
export async function linkOffer(tx: Tx, organizationId: string, roomId: string, viewId: string, offerId: string): Promise<void> {
  await tx.updateTable('deal_room_views').set({ offer_id: offerId }).where('organization_id', '=', organizationId).where('room_id', '=', roomId).where('id', '=', viewId).execute();
}

const VIEWS_SHOWN = 500;

/** The room's access log, newest first. */
export async function listViews(tx: Tx, organizationId: string, roomId: string): Promise<RoomViews> {
  const [rows, totals] = await Promise.all([
    tx
      .selectFrom('deal_room_views as v')
      .leftJoin('buyers as b', (j) => j.onRef('b.organization_id', '=', 'v.organization_id').onRef('b.id', '=', 'v.buyer_id'))
      .select(['v.id', 'v.buyer_id', 'b.contact_name', 'b.company_name', 'v.opened_at', 'v.offer_id', sql<number>`extract(epoch from v.last_seen_at - v.opened_at)`.as('seconds')])
      .where('v.organization_id', '=', organizationId)
      .where('v.room_id', '=', roomId)
      .orderBy('v.opened_at', 'desc')
      .orderBy('v.id')
      .limit(VIEWS_SHOWN)
      .execute(),
    tx
      .selectFrom('deal_room_views')
      .select([sql<number>`count(*)::int`.as('total'), sql<number>`count(distinct coalesce(buyer_id::text, client_hash))::int`.as('unique_visitors')])
      .where('organization_id', '=', organizationId)
      .where('room_id', '=', roomId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      buyer_id: r.buyer_id,
      buyer_name: r.contact_name === null ? null : buyerLabel(r.contact_name, r.company_name),
      opened_at: iso(r.opened_at),
      seconds: Math.max(0, Math.round(Number(r.seconds))),
      offer_id: r.offer_id,
    })),
    total: totals.total,
    unique_visitors: totals.unique_visitors,
  };
}
