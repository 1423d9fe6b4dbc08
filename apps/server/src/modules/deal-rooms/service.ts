import type { DealRoom, RoomSettingsBody } from '@wholesail/domain';
import type { Updateable } from 'kysely';
import type { Tx } from '../../db/scope';
import type { DealRooms } from '../../db/types';
import type { RequestContext } from '../../http/context';
import { badRequest, conflict, notFound } from '../../http/errors';
import { recordEvent } from '../deals/events';
import { findDealRow, num } from '../deals/repo';
import { newSecret, roomUrl } from './links';
import { hashRoomPassword } from './password';
import * as repo from './repo';

/** A member's request context and the server's public URL, which the room's links start with. */
export interface RoomContext extends RequestContext {
  publicUrl: string;
}

export const ROOM_NOT_FOUND = 'This deal has no room yet';
const ROOM_EXISTS = 'This deal already has a room: open it instead of creating another';

/** The team's link to a photo (the public page uses its own, under /api/public). */
export const teamPhotoUrl = (dealId: string, photoId: string) => `/api/deals/${dealId}/room/photos/${photoId}`;

export async function presentRoom(tx: Tx, ctx: RoomContext, row: repo.RoomRow): Promise<DealRoom> {
  const [photos, counts] = await Promise.all([repo.listPhotos(tx, ctx.organizationId, row.id), repo.roomCounts(tx, ctx.organizationId, row)]);
  return repo.toDealRoom(row, roomUrl(ctx.publicUrl, row.slug), photos.map((p) => repo.toPhoto(p, teamPhotoUrl(row.deal_id, p.id))), counts);
}

/** The room's row, or 404 (also for another organization's deal: row-level security hides it). */
export async function roomRowOfDeal(tx: Tx, organizationId: string, dealId: string, lock = false): Promise<repo.RoomRow> {
  const row = await repo.findRoomOfDeal(tx, organizationId, dealId, lock);
  if (row) return row;
  if (!(await findDealRow(tx, organizationId, dealId))) throw notFound('Deal not found');
  throw notFound(ROOM_NOT_FOUND);
}

export async function readRoom(tx: Tx, ctx: RoomContext, dealId: string): Promise<DealRoom> {
  return presentRoom(tx, ctx, await roomRowOfDeal(tx, ctx.organizationId, dealId));
}

/** The columns a settings body writes: the password is hashed, and leaving password access clears it. */
async function settingsColumns(body: RoomSettingsBody, current: Pick<repo.RoomRow, 'access' | 'password_hash'> | null): Promise<Updateable<DealRooms>> {
  const { password, comps, ...fields } = body;
  const access = body.access ?? current?.access ?? 'link';
  const values: Updateable<DealRooms> = { ...fields, ...(comps === undefined ? {} : { comps: JSON.stringify(comps) }) };
  if (access === 'password') {
    if (password !== undefined) values.password_hash = await hashRoomPassword(password);
    else if (!current?.password_hash) throw badRequest('password: set a password for a password-protected room');
  } else {
    if (password !== undefined) throw badRequest('password: a password only applies when access is password');
    values.password_hash = null;
  }
  return values;
}

/** The room a new deal gets: its headline from the address, its price from the deal, the creating member as contact. */
async function insertDefaultRoom(tx: Tx, ctx: RoomContext, dealId: string, body: RoomSettingsBody) {
  const deal = await findDealRow(tx, ctx.organizationId, dealId, true);
  if (!deal) throw notFound('Deal not found');
  const existing = await repo.findRoomOfDeal(tx, ctx.organizationId, dealId);
  if (existing) return { row: existing, created: false };
  const contract = num(deal.contract_price);
  const asking = num(deal.asking_price) ?? num(deal.buyer_price) ?? (contract === null ? null : contract + (num(deal.target_fee) ?? 0));
  const row = await repo.insertRoom(tx, {
    organization_id: ctx.organizationId,
    deal_id: dealId,
    slug: newSecret(),
    headline: deal.property_address_full ?? deal.property_address ?? null,
    asking_price: asking,
    earnest_money_required: null,
    contact_name: ctx.user.name,
    contact_email: ctx.user.email,
    created_by: ctx.user.id,
    ...(await settingsColumns(body, null)),
  });
  await recordEvent(tx, ctx, dealId, 'room', 'Deal room created');
  return { row, created: true };
}

/**
 * The deal's room, created with its defaults when missing. For "Send to matched buyers", which links every send
 * to the room (buyerRoomLink in links.ts gives each buyer their own link).
 */
export async function ensureRoom(tx: Tx, ctx: RoomContext, dealId: string): Promise<DealRoom> {
  const { row } = await insertDefaultRoom(tx, ctx, dealId, {});
  return presentRoom(tx, ctx, row);
}

/** POST /api/deals/:id/room: creates the room once; a second POST answers 409 (the room stays as it is). */
export async function createRoom(tx: Tx, ctx: RoomContext, dealId: string, body: RoomSettingsBody): Promise<DealRoom> {
  const { row, created } = await insertDefaultRoom(tx, ctx, dealId, body);
  if (!created) throw conflict(ROOM_EXISTS, 'ROOM_EXISTS');
  return presentRoom(tx, ctx, row);
}

/** PATCH /api/deals/:id/room: closing and reopening are on the deal's timeline. */
export async function updateRoomSettings(tx: Tx, ctx: RoomContext, dealId: string, body: RoomSettingsBody): Promise<DealRoom> {
  const current = await roomRowOfDeal(tx, ctx.organizationId, dealId, true);
  const row = await repo.updateRoom(tx, ctx.organizationId, current.id, await settingsColumns(body, current));
  if (row.status !== current.status) await recordEvent(tx, ctx, dealId, 'room', row.status === 'closed' ? 'Deal room closed' : 'Deal room reopened');
  return presentRoom(tx, ctx, row);
}
