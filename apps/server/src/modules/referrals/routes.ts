import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createReferralBody, listReferralsQuery, referralListSchema, referralPartnerBody, referralPartnerListSchema, referralPartnerSchema, referralSchema, sentReferralSchema,
  updateReferralBody, updateReferralPartnerBody,
} from '@wholesail/domain';
import { ACCESS } from '../../http/access';
import { conflict, notFound } from '../../http/errors';
import * as partners from './partners';
import { listReferrals } from './repo';
import { createReferral, resendReferral, updateReferral, type ReferralDeps } from './service';

const partnerParams = z.object({ id: z.uuid('id: expected a partner id') });
const referralParams = z.object({ id: z.uuid('id: expected a referral id') });

/** Realtor push for members (docs/api-referrals.md): partners, and the referrals pushed to them. */
export function registerReferralRoutes(app: FastifyInstance, secret: string): void {
  const { mail, config } = app.services;
  const deps: ReferralDeps = { mail, publicUrl: config.publicUrl, secret };
  const r = app.withTypeProvider<ZodTypeProvider>();
  const member = ACCESS.member;
  const partner = <T>(value: T | null): T => {
    if (!value) throw notFound('Partner not found');
    return value;
  };

  r.get('/api/referral-partners', { config: member, schema: { response: { 200: referralPartnerListSchema } } }, ({ ctx }) =>
    ctx.read(async (tx) => ({ items: await partners.listPartners(tx, ctx.organizationId) })),
  );
  r.post('/api/referral-partners', { config: member, schema: { body: referralPartnerBody, response: { 201: referralPartnerSchema } } }, async ({ ctx, body }, reply) =>
    reply.status(201).send(await ctx.write((tx) => partners.insertPartner(tx, ctx.organizationId, body))),
  );
  r.get('/api/referral-partners/:id', { config: member, schema: { params: partnerParams, response: { 200: referralPartnerSchema } } }, ({ ctx, params }) =>
    ctx.read(async (tx) => partner(await partners.findPartner(tx, ctx.organizationId, params.id))),
  );
  r.patch('/api/referral-partners/:id', { config: member, schema: { params: partnerParams, body: updateReferralPartnerBody, response: { 200: referralPartnerSchema } } }, ({ ctx, params, body }) =>
    ctx.write(async (tx) => partner(await partners.updatePartner(tx, ctx.organizationId, params.id, body))),
  );
  r.delete('/api/referral-partners/:id', { config: member, schema: { params: partnerParams } }, async ({ ctx, params }, reply) => {
    await ctx.write(async (tx) => {
      partner(await partners.findPartner(tx, ctx.organizationId, params.id));
      if (await partners.partnerHasReferrals(tx, ctx.organizationId, params.id)) {
        throw conflict('This partner has referrals, which keep the record of fees: mark the partner inactive instead.', 'PARTNER_HAS_REFERRALS');
      }
      await partners.deletePartner(tx, ctx.organizationId, params.id);
    });
    return reply.status(204).send();
  });

  r.get('/api/referrals', { config: member, schema: { querystring: listReferralsQuery, response: { 200: referralListSchema } } }, ({ ctx, query }) =>
    ctx.read(async (tx) => ({ items: await listReferrals(tx, ctx.organizationId, query) })),
  );
  r.post('/api/referrals', { config: member, schema: { body: createReferralBody, response: { 201: sentReferralSchema } } }, async ({ ctx, body }, reply) =>
    reply.status(201).send(await createReferral(deps, ctx, body)),
  );
  r.post('/api/referrals/:id/resend', { config: member, schema: { params: referralParams, response: { 200: sentReferralSchema } } }, ({ ctx, params }) =>
    resendReferral(deps, ctx, params.id),
  );
  r.patch('/api/referrals/:id', { config: member, schema: { params: referralParams, body: updateReferralBody, response: { 200: referralSchema } } }, ({ ctx, params, body }) =>
    ctx.write((tx) => updateReferral(tx, ctx, params.id, body)),
  );
}
