import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptOfferBody,
  agentOfferBody,
  buyerOfferSchema,
  buyerOffersSchema,
  createInvitesBody,
  dealRoomSchema,
  roomInviteSchema,
  roomPhotoSchema,
  roomSettingsBody,
  roomViewsSchema,
  updateBuyerOfferBody,
} from '@wholesail/domain';
import { ACCESS } from '../../http/access';
import { openUpload, registerUploadRoutes } from '../../http/csv-upload';
import { sendDeclineNotices, acceptOffer } from './accept';
import { inviteBuyers, listInvites, revokeInvite } from './links';
import { addAgentOffer, listBuyerOffers, updateBuyerOffer } from './offers';
import { addPhoto, captionPhoto, checkPhotoSpace, deletePhoto, PHOTO_UPLOAD, teamPhoto } from './photos';
import { sendPhoto } from './public-routes';
import { createRoom, readRoom, roomRowOfDeal, updateRoomSettings, type RoomContext } from './service';
import { listViews } from './views';

const idParams = z.object({ id: z.uuid('id: expected a deal id') });
const photoParams = idParams.extend({ photoId: z.uuid('photoId: expected a photo id') });
const inviteParams = idParams.extend({ inviteId: z.uuid('inviteId: expected an invite id') });
const offerParams = idParams.extend({ offerId: z.uuid('offerId: expected an offer id') });
const caption = z.string({ error: 'caption: expected text' }).trim().max(300, 'caption: must be at most 300 characters');
const photoQuery = z.object({ caption: caption.optional() });
const captionBody = z.object({ caption: caption.nullable() }).strict();
const invites = z.object({ items: z.array(roomInviteSchema) });
const room = { 200: dealRoomSchema };

/** A deal's room, its photos, invites and access log, and the buyers' offers on the deal (docs/api-deal-rooms.md). */
export async function registerDealRoomRoutes(app: FastifyInstance): Promise<void> {
  const { config, storage, mail, database } = app.services;
  const deps = { storage };
  const roomCtx = (request: FastifyRequest): RoomContext => ({ ...request.ctx, publicUrl: config.publicUrl });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const dealsRead = ACCESS.memberOrKey('deals:read');
  const dealsWrite = ACCESS.memberOrKey('deals:write');
  const member = ACCESS.member;

  r.post('/api/deals/:id/room', { config: member, schema: { params: idParams, body: roomSettingsBody.nullish(), response: { 201: dealRoomSchema } } }, async (request, reply) =>
    reply.status(201).send(await request.ctx.write((tx) => createRoom(tx, roomCtx(request), request.params.id, request.body ?? {}))),
  );
  r.get('/api/deals/:id/room', { config: member, schema: { params: idParams, response: room } }, (request) =>
    request.ctx.read((tx) => readRoom(tx, roomCtx(request), request.params.id)),
  );
  r.patch('/api/deals/:id/room', { config: member, schema: { params: idParams, body: roomSettingsBody, response: room } }, (request) =>
    request.ctx.write((tx) => updateRoomSettings(tx, roomCtx(request), request.params.id, request.body)),
  );
  r.get('/api/deals/:id/room/photos/:photoId', { config: member, schema: { params: photoParams } }, async (request, reply) => {
    const photo = await request.ctx.read((tx) => teamPhoto(tx, request.ctx.organizationId, request.params.id, request.params.photoId));
    return sendPhoto(reply, storage, photo);
  });
  r.patch('/api/deals/:id/room/photos/:photoId', { config: member, schema: { params: photoParams, body: captionBody, response: room } }, (request) =>
    request.ctx.write((tx) => captionPhoto(tx, roomCtx(request), request.params.id, request.params.photoId, request.body.caption || null)),
  );
  r.delete('/api/deals/:id/room/photos/:photoId', { config: member, schema: { params: photoParams, response: room } }, (request) =>
    deletePhoto(deps, roomCtx(request), request.params.id, request.params.photoId),
  );
  r.post('/api/deals/:id/room/invites', { config: member, schema: { params: idParams, body: createInvitesBody, response: { 201: invites } } }, async (request, reply) => {
    const ctx = roomCtx(request);
    const items = await request.ctx.write(async (tx) => inviteBuyers(tx, ctx.organizationId, await readRoom(tx, ctx, request.params.id), request.body.buyer_ids));
    return reply.status(201).send({ items });
  });
  r.get('/api/deals/:id/room/invites', { config: member, schema: { params: idParams, response: { 200: invites } } }, (request) => {
    const ctx = roomCtx(request);
    return request.ctx.read(async (tx) => ({ items: await listInvites(tx, ctx.organizationId, await readRoom(tx, ctx, request.params.id)) }));
  });
  r.delete('/api/deals/:id/room/invites/:inviteId', { config: member, schema: { params: inviteParams, response: { 200: roomInviteSchema } } }, (request) => {
    const ctx = roomCtx(request);
    return request.ctx.write(async (tx) => revokeInvite(tx, ctx.organizationId, await readRoom(tx, ctx, request.params.id), request.params.inviteId));
  });
  r.get('/api/deals/:id/room/views', { config: member, schema: { params: idParams, response: { 200: roomViewsSchema } } }, ({ ctx, params }) =>
    ctx.read(async (tx) => listViews(tx, ctx.organizationId, (await roomRowOfDeal(tx, ctx.organizationId, params.id)).id)),
  );

  r.get('/api/deals/:id/offers', { config: dealsRead, schema: { params: idParams, response: { 200: buyerOffersSchema } } }, ({ ctx, params }) =>
    ctx.read((tx) => listBuyerOffers(tx, ctx.organizationId, params.id)),
  );
  r.post('/api/deals/:id/offers', { config: dealsWrite, schema: { params: idParams, body: agentOfferBody, response: { 201: buyerOfferSchema } } }, async ({ ctx, params, body }, reply) =>
    reply.status(201).send(await ctx.write((tx) => addAgentOffer(tx, ctx, params.id, body))),
  );
  r.patch('/api/deals/:id/offers/:offerId', { config: dealsWrite, schema: { params: offerParams, body: updateBuyerOfferBody, response: { 200: buyerOfferSchema } } }, ({ ctx, params, body }) =>
    ctx.write((tx) => updateBuyerOffer(tx, ctx, params.id, params.offerId, body)),
  );
  r.post('/api/deals/:id/offers/:offerId/accept', { config: dealsWrite, schema: { params: offerParams, body: acceptOfferBody, response: { 200: buyerOffersSchema } } }, async (request) => {
    const { ctx, params, body } = request;
    const acceptance = await ctx.write((tx) => acceptOffer(tx, ctx, params.id, params.offerId, body));
    await sendDeclineNotices({ mail, log: request.log }, ctx, acceptance);
    return ctx.read((tx) => listBuyerOffers(tx, ctx.organizationId, params.id));
  });

  // The photo upload reads its body itself, once the caller and the room's space are checked.
  await registerUploadRoutes(app, PHOTO_UPLOAD, (scope) => {
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/deals/:id/room/photos',
      { config: member, schema: { params: idParams, querystring: photoQuery, response: { 201: roomPhotoSchema } } },
      async (request, reply) => {
        const ctx = roomCtx(request);
        const roomId = await checkPhotoSpace(ctx, request.params.id);
        const upload = await openUpload(request, PHOTO_UPLOAD);
        return reply.status(201).send(await addPhoto({ ...deps, db: database.db, log: request.log }, ctx, { dealId: request.params.id, roomId }, upload, request.query.caption || null));
      },
    );
  });
}
