import crypto from 'node:crypto';
import { PassThrough, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { ROOM_PHOTO_MAX_BYTES, ROOM_PHOTO_TYPES, ROOM_PHOTOS_MAX, type DealRoom, type RoomPhoto } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import type { UploadKind, Upload } from '../../http/csv-upload';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { FileStorage } from '../../providers/storage';
import { recorded } from '../integrations/status';
import { toPhoto } from './repo';
import { presentRoom, roomRowOfDeal, teamPhotoUrl, type RoomContext } from './service';

type PhotoType = (typeof ROOM_PHOTO_TYPES)[number];

export const PHOTO_UPLOAD: UploadKind = {
  maxBytes: ROOM_PHOTO_MAX_BYTES,
  types: ROOM_PHOTO_TYPES,
  noun: 'image',
  accepts: 'image/jpeg, image/png or image/webp',
  wrongTypeCode: 'NOT_AN_IMAGE',
  untyped: false,
};

const EXTENSION: { readonly [T in PhotoType]: string } = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };
const TOO_MANY = `A room holds at most ${ROOM_PHOTOS_MAX} photos: delete one before adding another`;
const NOT_AN_IMAGE = 'The file is not a JPEG, PNG or WebP image: upload a photo in one of those formats';

/** Whether the file's first bytes are those of `type` (a renamed file or a script dressed as an image is refused). */
function hasMagic(head: Buffer, type: PhotoType): boolean {
  if (type === 'image/jpeg') return head.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]));
  if (type === 'image/png') return head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP';
}

/** Checks the first 12 bytes against the declared type and counts the rest as they pass. */
class ImageCheck extends Transform {
  bytes = 0;
  private head: Buffer | null = Buffer.alloc(0);
  constructor(private readonly type: PhotoType) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null, data?: Buffer) => void) {
    this.bytes += chunk.length;
    if (this.head === null) return callback(null, chunk);
    this.head = Buffer.concat([this.head, chunk]);
    if (this.head.length < 12) return callback();
    const head = this.head;
    this.head = null;
    callback(hasMagic(head, this.type) ? null : badRequest(NOT_AN_IMAGE, 'NOT_AN_IMAGE'), head);
  }
  override _flush(callback: (error?: Error | null) => void) {
    if (this.head !== null) return callback(this.bytes === 0 ? badRequest('The file is empty', 'EMPTY_FILE') : badRequest(NOT_AN_IMAGE, 'NOT_AN_IMAGE'));
    callback();
  }
}

const isPhotoType = (type: string): type is PhotoType => (ROOM_PHOTO_TYPES as readonly string[]).includes(type);

/** The positions of the room's photos: how many it has, and where the next goes. */
async function photoPositions(tx: Tx, organizationId: string, roomId: string): Promise<number[]> {
  const rows = await tx.selectFrom('deal_room_photos').select('position').where('organization_id', '=', organizationId).where('room_id', '=', roomId).execute();
  return rows.map((r) => r.position);
}

/** Before the body is read: the room exists and has space. Answers the room's id. */
export function checkPhotoSpace(ctx: RoomContext, dealId: string): Promise<string> {
  return ctx.read(async (tx) => {
    const room = await roomRowOfDeal(tx, ctx.organizationId, dealId);
    if ((await photoPositions(tx, ctx.organizationId, room.id)).length >= ROOM_PHOTOS_MAX) throw conflict(TOO_MANY, 'TOO_MANY_PHOTOS');
    return room.id;
  });
}

/**
 * Streams one photo into storage (deal-rooms/<org>/<room>/<photo>.<ext>), checking its type by its first bytes,
 * then records it last in the room (checked again, locked) and answers it. A refused or failed upload leaves nothing
 * stored. `roomId` is checkPhotoSpace's answer.
 */
export async function addPhoto(
  deps: { db: Kysely<DB>; storage: FileStorage; log: FastifyBaseLogger },
  ctx: RoomContext,
  room: { dealId: string; roomId: string },
  upload: Upload,
  caption: string | null,
): Promise<RoomPhoto> {
  if (!isPhotoType(upload.contentType)) throw badRequest(NOT_AN_IMAGE, 'NOT_AN_IMAGE');
  const type = upload.contentType;
  const { dealId } = room;
  const id = crypto.randomUUID();
  const key = `deal-rooms/${ctx.organizationId}/${room.roomId}/${id}.${EXTENSION[type]}`;
  const check = new ImageCheck(type);
  const toStorage = new PassThrough();
  const stored = deps.storage.put(key, toStorage);
  stored.catch(() => {}); // awaited below; the upload's own error (a 413, not an image) is the one to answer
  try {
    await pipeline(upload.stream as Readable, check, toStorage);
    // The photo arrived whole: whether the storage kept it is the organization's storage status.
    await recorded(deps.db, ctx.organizationId, 'storage', stored, deps.log);
    return await ctx.write(async (tx) => {
      const locked = await roomRowOfDeal(tx, ctx.organizationId, dealId, true);
      const positions = await photoPositions(tx, ctx.organizationId, locked.id);
      if (positions.length >= ROOM_PHOTOS_MAX) throw conflict(TOO_MANY, 'TOO_MANY_PHOTOS');
      await tx
        .insertInto('deal_room_photos')
        .values({
          organization_id: ctx.organizationId,
          id,
          room_id: locked.id,
          storage_key: key,
          content_type: type,
          bytes: check.bytes,
          caption,
          position: Math.max(-1, ...positions) + 1,
        })
        .execute();
      return toPhoto({ id, caption, content_type: type, bytes: check.bytes, storage_key: key }, teamPhotoUrl(dealId, id));
    });
  } catch (error) {
    toStorage.destroy();
    await stored.catch(() => {});
    await deps.storage.delete(key).catch(() => {});
    throw error;
  }
}

async function photoOfDeal(tx: Tx, organizationId: string, dealId: string, photoId: string) {
  const room = await roomRowOfDeal(tx, organizationId, dealId);
  const photo = await tx
    .selectFrom('deal_room_photos')
    .select(['id', 'storage_key', 'content_type'])
    .where('organization_id', '=', organizationId)
    .where('room_id', '=', room.id)
    .where('id', '=', photoId)
    .executeTakeFirst();
  if (!photo) throw notFound('Photo not found');
  return { room, photo };
}

/** Removes the photo's row, then its file (a file left behind by a crash is harmless: nothing links to it). */
export async function deletePhoto(deps: { storage: FileStorage }, ctx: RoomContext, dealId: string, photoId: string): Promise<DealRoom> {
  const { room, key } = await ctx.write(async (tx) => {
    const { room, photo } = await photoOfDeal(tx, ctx.organizationId, dealId, photoId);
    await tx.deleteFrom('deal_room_photos').where('organization_id', '=', ctx.organizationId).where('id', '=', photoId).execute();
    return { room: await presentRoom(tx, ctx, room), key: photo.storage_key };
  });
  await deps.storage.delete(key).catch(() => {});
  return room;
}

export async function captionPhoto(tx: Tx, ctx: RoomContext, dealId: string, photoId: string, caption: string | null): Promise<DealRoom> {
  const { room } = await photoOfDeal(tx, ctx.organizationId, dealId, photoId);
  await tx.updateTable('deal_room_photos').set({ caption }).where('organization_id', '=', ctx.organizationId).where('id', '=', photoId).execute();
  return presentRoom(tx, ctx, room);
}

/** The team's view of a photo's file. */
export async function teamPhoto(tx: Tx, organizationId: string, dealId: string, photoId: string) {
  return (await photoOfDeal(tx, organizationId, dealId, photoId)).photo;
}
