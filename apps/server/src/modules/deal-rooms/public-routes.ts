import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicOfferBody, publicRoomSchema, ROOM_OFFERS_PER_CLIENT_PER_HOUR } from '@wholesail/domain';
import { readAsTenant, withTenant } from '../../db/scope';
import { publicRoute } from '../../http/access';
import { notFound } from '../../http/errors';
import { UNLISTED_HEADERS } from '../../http/web-app';
import { StoredFileMissing, type FileStorage } from '../../providers/storage';
import { publicRoom } from './public-room';
import { submitPublicOffer } from './public-offers';
import { openRoom, roomOrganization, WrongPasswordLimit, type RoomCredentials } from './room-access';
import { clientHash, heartbeat, recordView } from './views';

/** A slug or token as typed in a link: anything else is simply not found (the page says the link is incomplete). */
const secret = z.string().max(200, 'the link is too long');
const slugParams = z.object({ slug: secret });
const photoParams = slugParams.extend({ photoId: z.uuid('photoId: expected a photo id') });
const viewParams = slugParams.extend({ viewId: z.uuid('viewId: expected a visit id') });
const credentialsQuery = z.object({ invite: secret.optional(), password: secret.optional() });
const offerAnswer = z.object({ id: z.string(), message: z.string() });

const BECAUSE = 'a deal room is opened by buyers without an account, through its unguessable link (and its password or invite when set)';
const limited = (max: number, timeWindow: string) => ({ ...publicRoute(BECAUSE), rateLimit: { max, timeWindow } });

/** The password comes in the x-room-password header (or the query, for an <img>, or the offer's body); the invite in the query or body. */
function credentials(request: FastifyRequest, query: RoomCredentials): RoomCredentials {
  const header = request.headers['x-room-password'];
  return { invite: query.invite, password: (typeof header === 'string' && header !== '' ? header : undefined) ?? query.password };
}

/** A stored photo as the answer, private to the caller's cache (the room may close). */
export async function sendPhoto(reply: FastifyReply, storage: FileStorage, photo: { storage_key: string; content_type: string }) {
  const stream = await storage.get(photo.storage_key).catch((error: unknown) => {
    throw error instanceof StoredFileMissing ? notFound('Photo not found') : error;
  });
  return reply.type(photo.content_type).header('cache-control', 'private, max-age=300').send(stream);
}

/** The public deal room: its page's data, its photos, the visit's heartbeat and buyers' offers (docs/api-deal-rooms.md). */
export async function registerPublicDealRoomRoutes(app: FastifyInstance): Promise<void> {
  const { database, storage } = app.services;
  const db = database.db;
  const wrongPasswords = new WrongPasswordLimit();

  await app.register(async (scope) => {
    scope.addHook('onSend', async (_request, reply) => {
      reply.headers(UNLISTED_HEADERS);
    });
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.get('/api/public/deal-rooms/:slug', { config: limited(120, '1 minute'), schema: { params: slugParams, querystring: credentialsQuery, response: { 200: publicRoomSchema } } }, async (request) => {
      const given = credentials(request, request.query);
      const organizationId = await roomOrganization(db, request.params.slug);
      const userAgent = request.headers['user-agent'] ?? '';
      return withTenant(db, organizationId, async (tx) => {
        const opened = await openRoom(tx, organizationId, request.params.slug, given, wrongPasswords, request.ip);
        const viewId = await recordView(tx, organizationId, { roomId: opened.room.id, buyerId: opened.invite?.buyer_id ?? null, clientHash: clientHash(request.ip, userAgent), userAgent });
        return publicRoom(tx, organizationId, opened, given, viewId);
      });
    });

    r.get('/api/public/deal-rooms/:slug/photos/:photoId', { config: limited(600, '1 minute'), schema: { params: photoParams, querystring: credentialsQuery } }, async (request, reply) => {
      const organizationId = await roomOrganization(db, request.params.slug);
      const photo = await readAsTenant(db, organizationId, async (tx) => {
        const { room } = await openRoom(tx, organizationId, request.params.slug, credentials(request, request.query), wrongPasswords, request.ip);
        const found = await tx
          .selectFrom('deal_room_photos')
          .select(['storage_key', 'content_type'])
          .where('organization_id', '=', organizationId)
          .where('room_id', '=', room.id)
          .where('id', '=', request.params.photoId)
          .executeTakeFirst();
        if (!found) throw notFound('Photo not found');
        return found;
      });
      return sendPhoto(reply, storage, photo);
    });

    r.post('/api/public/deal-rooms/:slug/views/:viewId/heartbeat', { config: limited(240, '1 minute'), schema: { params: viewParams } }, async (request, reply) => {
      const organizationId = await roomOrganization(db, request.params.slug);
      await withTenant(db, organizationId, async (tx) => {
        const room = await tx.selectFrom('deal_rooms').select('id').where('organization_id', '=', organizationId).where('slug', '=', request.params.slug).executeTakeFirstOrThrow();
        await heartbeat(tx, organizationId, room.id, request.params.viewId);
      });
      return reply.status(204).send();
    });

    r.post(
      '/api/public/deal-rooms/:slug/offers',
      { config: limited(ROOM_OFFERS_PER_CLIENT_PER_HOUR, '1 hour'), schema: { params: slugParams, body: publicOfferBody, response: { 201: offerAnswer } } },
      async (request, reply) => {
        const { body } = request;
        const given = credentials(request, body);
        const organizationId = await roomOrganization(db, request.params.slug);
        const answer = await withTenant(db, organizationId, async (tx) => {
          const opened = await openRoom(tx, organizationId, request.params.slug, given, wrongPasswords, request.ip);
          const id = await submitPublicOffer(tx, organizationId, opened, body);
          const org = await tx.selectFrom('organizations').select('name').where('id', '=', organizationId).executeTakeFirstOrThrow();
          return { id, message: `Thank you — your offer was sent to ${org.name}. They will be in touch with you soon.` };
        });
        return reply.status(201).send(answer);
      },
    );
  });
}
