import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import { publicCompSchema, type DealRoom, type PublicComp, type RoomPhoto } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import type { DealRooms } from '../../db/types';
import { iso } from '../../db/timestamps';
import { day, num } from '../deals/repo';

export type RoomRow = Selectable<DealRooms>;

/** A buyer as the team names them: "Contact (Company)". */
export const buyerLabel = (contact: string, company: string | null) => (company ? `${contact} (${company})` : contact);

/** What a buyer opening the room now gets: closed wins over expired. */
export function roomState(row: Pick<RoomRow, 'status' | 'expires_at'>, now = new Date()): DealRoom['state'] {
  if (row.status === 'closed') return 'closed';
  return row.expires_at !== null && new Date(row.expires_at) <= now ? 'expired' : 'open';
}

/** The comps the agent chose, as stored (jsonb comes back parsed on PostgreSQL and PGlite alike; a string is parsed). */
export function roomComps(row: Pick<RoomRow, 'comps'>): PublicComp[] {
  const value: unknown = typeof row.comps === 'string' ? JSON.parse(row.comps) : row.comps;
  return publicCompSchema.array().catch([]).parse(value);
}

export async function findRoomOfDeal(tx: Tx, organizationId: string, dealId: string, lock = false) {
  let q = tx.selectFrom('deal_rooms').selectAll().where('organization_id', '=', organizationId).where('deal_id', '=', dealId);
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function findRoomBySlug(tx: Tx, organizationId: string, slug: string) {
  return tx.selectFrom('deal_rooms').selectAll().where('organization_id', '=', organizationId).where('slug', '=', slug).executeTakeFirst();
}

export async function insertRoom(tx: Tx, values: Insertable<DealRooms>) {
  return tx.insertInto('deal_rooms').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateRoom(tx: Tx, organizationId: string, id: string, values: Updateable<DealRooms>) {
  return tx
    .updateTable('deal_rooms')
    .set({ ...values, updated_at: new Date() })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export type PhotoRow = { id: string; caption: string | null; content_type: string; bytes: number; storage_key: string };

export async function listPhotos(tx: Tx, organizationId: string, roomId: string): Promise<PhotoRow[]> {
  return tx
    .selectFrom('deal_room_photos')
    .select(['id', 'caption', 'content_type', 'bytes', 'storage_key'])
    .where('organization_id', '=', organizationId)
    .where('room_id', '=', roomId)
    .orderBy('position')
    .orderBy('created_at')
    .execute();
}

export const toPhoto = (p: PhotoRow, url: string): RoomPhoto => ({ id: p.id, url, caption: p.caption, content_type: p.content_type, bytes: p.bytes });

/** How many visits the room had and how many buyers' offers its deal has. */
export async function roomCounts(tx: Tx, organizationId: string, room: Pick<RoomRow, 'id' | 'deal_id'>) {
  const [views, offers] = await Promise.all([
    tx.selectFrom('deal_room_views').select(sql<number>`count(*)::int`.as('n')).where('organization_id', '=', organizationId).where('room_id', '=', room.id).executeTakeFirstOrThrow(),
    tx.selectFrom('buyer_offers').select(sql<number>`count(*)::int`.as('n')).where('organization_id', '=', organizationId).where('deal_id', '=', room.deal_id).executeTakeFirstOrThrow(),
  ]);
  return { views: views.n, offers: offers.n };
}

/** The room as the team reads it (never the password hash). */
export function toDealRoom(row: RoomRow, url: string, photos: RoomPhoto[], counts: { views: number; offers: number }): DealRoom {
  return {
    id: row.id,
    deal_id: row.deal_id,
    slug: row.slug,
    url,
    access: row.access,
    has_password: row.password_hash !== null,
    status: row.status,
    expires_at: row.expires_at === null ? null : iso(row.expires_at),
    state: roomState(row),
    headline: row.headline,
    asking_price: num(row.asking_price),
    description: row.description,
    showing_notes: row.showing_notes,
    earnest_money_required: num(row.earnest_money_required),
    closing_date: day(row.closing_date),
    contact_name: row.contact_name,
    contact_phone: row.contact_phone,
    contact_email: row.contact_email,
    photos,
    comps: roomComps(row),
    views: counts.views,
    offers: counts.offers,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}
