import { ROOM_MESSAGES } from '@wholesail/domain';
import type { Kysely } from 'kysely';
import { withSystem, type Tx } from '../../db/scope';
import type { DB } from '../../db/types';
import { AppError, gone, notFound, tooManyRequests } from '../../http/errors';
import { liveInvite } from './links';
import { roomPasswordMatches } from './password';
import { findRoomBySlug, roomState, type RoomRow } from './repo';

/** What a visitor presents: the password (header or query) and their invite token (query). */
export interface RoomCredentials {
  password?: string;
  invite?: string;
}

/** Wrong passwords a client may try on one room in an hour before even the right one is refused for a while. */
export const WRONG_PASSWORDS_PER_HOUR = 10;
const HOUR_MS = 60 * 60 * 1000;

/**
 * Wrong-password attempts per client and room, in this process (the per-client request limit of the route holds
 * too). Entries older than the hour are dropped as the map is used, so it stays as small as the traffic.
 */
export class WrongPasswordLimit {
  private readonly attempts = new Map<string, number[]>();
  constructor(private readonly max = WRONG_PASSWORDS_PER_HOUR, private readonly windowMs = HOUR_MS) {}

  private recent(key: string, now: number): number[] {
    const kept = (this.attempts.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (kept.length === 0) this.attempts.delete(key);
    else this.attempts.set(key, kept);
    return kept;
  }

  check(key: string, now = Date.now()): void {
    const recent = this.recent(key, now);
    if (recent.length >= this.max) {
      throw tooManyRequests('Too many wrong passwords for this deal room. Try again later.', 'TOO_MANY_ATTEMPTS', Math.ceil((recent[0]! + this.windowMs - now) / 1000));
    }
  }

  fail(key: string, now = Date.now()): void {
    this.attempts.set(key, [...this.recent(key, now), now]);
    if (this.attempts.size > 100_000) for (const k of this.attempts.keys()) this.recent(k, now);
  }
}

/** The organization a slug belongs to: the one lookup made as the system role (the slug is unique across organizations). */
export async function roomOrganization(db: Kysely<DB>, slug: string): Promise<string> {
  const found = await withSystem(db, (tx) => tx.selectFrom('deal_rooms').select('organization_id').where('slug', '=', slug).executeTakeFirst());
  if (!found) throw notFound(ROOM_MESSAGES.notFound);
  return found.organization_id;
}

export type OpenedRoom = { room: RoomRow; invite: Awaited<ReturnType<typeof liveInvite>> | null };

/**
 * Opens a room for a visitor, in the room's tenant transaction, or says why not: 410 closed or expired, 401 without
 * or with a wrong password, 403 for an invited-only room without a live invite. A live invite opens any room
 * (the buyer's own link needs no password).
 */
export async function openRoom(tx: Tx, organizationId: string, slug: string, given: RoomCredentials, limit: WrongPasswordLimit, client: string): Promise<OpenedRoom> {
  const room = await findRoomBySlug(tx, organizationId, slug);
  if (!room) throw notFound(ROOM_MESSAGES.notFound);
  const state = roomState(room);
  if (state === 'closed') throw gone(ROOM_MESSAGES.closed, 'ROOM_CLOSED');
  if (state === 'expired') throw gone(ROOM_MESSAGES.expired, 'ROOM_EXPIRED');
  const invite = given.invite ? ((await liveInvite(tx, organizationId, room.id, given.invite)) ?? null) : null;
  if (invite) return { room, invite };
  if (room.access === 'invited') throw new AppError(403, 'INVITED_ONLY', ROOM_MESSAGES.invitedOnly);
  if (room.access === 'password') {
    if (!given.password) throw new AppError(401, 'PASSWORD_REQUIRED', ROOM_MESSAGES.passwordRequired);
    const key = `${client}:${room.id}`;
    limit.check(key);
    if (!(await roomPasswordMatches(given.password, room.password_hash ?? ''))) {
      limit.fail(key);
      throw new AppError(401, 'WRONG_PASSWORD', ROOM_MESSAGES.wrongPassword);
    }
  }
  return { room, invite: null };
}
