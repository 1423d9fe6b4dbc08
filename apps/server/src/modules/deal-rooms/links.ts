import { randomBytes } from 'node:crypto';
import { type DealRoom, type RoomInvite } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import { iso } from '../../db/timestamps';
import { badRequest, notFound } from '../../http/errors';
import { buyerLabel } from './repo';

/** A room slug or an invite token: 24 random bytes (192 bits), URL-safe. */
export const newSecret = () => randomBytes(24).toString('base64url');

export const roomUrl = (publicUrl: string, slug: string) => `${publicUrl}/deal-rooms/${slug}`;
const inviteUrl = (room: Pick<DealRoom, 'url'>, token: string) => `${room.url}?invite=${token}`;

function inviteQuery(tx: Tx, organizationId: string, roomId: string) {
  return tx
    .selectFrom('deal_room_invites as i')
    .innerJoin('buyers as b', (j) => j.onRef('b.organization_id', '=', 'i.organization_id').onRef('b.id', '=', 'i.buyer_id'))
    .select(['i.id', 'i.buyer_id', 'i.token', 'i.revoked_at', 'i.created_at', 'b.contact_name', 'b.company_name'])
    .where('i.organization_id', '=', organizationId)
    .where('i.room_id', '=', roomId);
}
type InviteRow = Awaited<ReturnType<ReturnType<typeof inviteQuery>['executeTakeFirstOrThrow']>>;

const toInvite = (room: Pick<DealRoom, 'url'>, r: InviteRow): RoomInvite => ({
  id: r.id,
  buyer_id: r.buyer_id,
  buyer_name: buyerLabel(r.contact_name, r.company_name),
  url: inviteUrl(room, r.token),
  revoked_at: r.revoked_at === null ? null : iso(r.revoked_at),
  created_at: iso(r.created_at),
});

/** Gives each buyer a live invite (a revoked one comes back to life with a fresh token, so the old link stays dead). */
async function upsertInvites(tx: Tx, organizationId: string, roomId: string, buyerIds: readonly string[]): Promise<void> {
  for (const buyerId of new Set(buyerIds)) {
    await tx
      .insertInto('deal_room_invites')
      .values({ organization_id: organizationId, room_id: roomId, buyer_id: buyerId, token: newSecret() })
      .onConflict((oc) =>
        oc
          .columns(['organization_id', 'room_id', 'buyer_id'])
          .doUpdateSet({ token: (eb) => eb.ref('excluded.token'), revoked_at: null, created_at: new Date() })
          .where('deal_room_invites.revoked_at', 'is not', null),
      )
      .execute();
  }
}

/** Invites buyers to the room: each gets a per-buyer link (the same link again when already invited). */
export async function inviteBuyers(tx: Tx, organizationId: string, room: Pick<DealRoom, 'id' | 'url'>, buyerIds: readonly string[]): Promise<RoomInvite[]> {
  const unique = [...new Set(buyerIds)];
  const known = await tx.selectFrom('buyers').select('id').where('organization_id', '=', organizationId).where('id', 'in', unique).execute();
  if (known.length !== unique.length) throw badRequest('buyer_ids: one or more buyers are not in this organization');
  await upsertInvites(tx, organizationId, room.id, unique);
  const rows = await inviteQuery(tx, organizationId, room.id).where('i.buyer_id', 'in', unique).orderBy('b.contact_name').execute();
  return rows.map((r) => toInvite(room, r));
}

export async function listInvites(tx: Tx, organizationId: string, room: Pick<DealRoom, 'id' | 'url'>): Promise<RoomInvite[]> {
  const rows = await inviteQuery(tx, organizationId, room.id).orderBy('i.created_at', 'desc').orderBy('i.id').limit(1000).execute();
  return rows.map((r) => toInvite(room, r));
}

/** Revokes an invite: its link stops opening the room (and no longer names the buyer in the access log). */
export async function revokeInvite(tx: Tx, organizationId: string, room: Pick<DealRoom, 'id' | 'url'>, inviteId: string): Promise<RoomInvite> {
  await tx
    .updateTable('deal_room_invites')
    .set({ revoked_at: new Date() })
    .where('organization_id', '=', organizationId)
    .where('room_id', '=', room.id)
    .where('id', '=', inviteId)
    .where('revoked_at', 'is', null)
    .execute();
  const row = await inviteQuery(tx, organizationId, room.id).where('i.id', '=', inviteId).executeTakeFirst();
  if (!row) throw notFound('Invite not found');
  return toInvite(room, row);
}

/**
 * The buyer's own link to the room, created when missing (or renewed when revoked): every send uses a per-buyer
 * link, so the access log knows who opened it. For "Send to matched buyers".
 */
export async function buyerRoomLink(tx: Tx, ctx: { organizationId: string }, room: Pick<DealRoom, 'id' | 'url'>, buyerId: string): Promise<string> {
  const [invite] = await inviteBuyers(tx, ctx.organizationId, room, [buyerId]);
  return invite!.url;
}

/** The live invite behind a token, for the public routes (the token is unique across organizations). */
export async function liveInvite(tx: Tx, organizationId: string, roomId: string, token: string) {
  return tx
    .selectFrom('deal_room_invites as i')
    .innerJoin('buyers as b', (j) => j.onRef('b.organization_id', '=', 'i.organization_id').onRef('b.id', '=', 'i.buyer_id'))
    .select(['i.id', 'i.buyer_id', 'b.contact_name', 'b.primary_email', 'b.primary_phone'])
    .where('i.organization_id', '=', organizationId)
    .where('i.room_id', '=', roomId)
    .where('i.token', '=', token)
    .where('i.revoked_at', 'is', null)
    .executeTakeFirst();
}
