import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicReferralSchema, REFERRAL_PUBLIC_LIMIT_PER_MINUTE, referralProgressBody, referralResponseBody } from '@wholesail/domain';
import { publicRoute } from '../../http/access';
import { UNLISTED_HEADERS } from '../../http/web-app';
import { progress, publicReferral, respond, withLinkedReferral } from './public';

const tokenParams = z.object({ token: z.string().max(400, 'token: the link is too long') });
const config = {
  ...publicRoute('a referral partner (an agent without an account) opens and answers a referral through the signed, expiring link emailed to them'),
  rateLimit: { max: REFERRAL_PUBLIC_LIMIT_PER_MINUTE, timeWindow: '1 minute' },
};

/** The partner's page behind the emailed link: the referral, the answer, and the status updates (docs/api-referrals.md). */
export async function registerPublicReferralRoutes(app: FastifyInstance, secret: string): Promise<void> {
  const db = app.services.database.db;
  await app.register(async (scope) => {
    scope.addHook('onSend', async (_request, reply) => {
      reply.headers(UNLISTED_HEADERS);
    });
    const r = scope.withTypeProvider<ZodTypeProvider>();
    r.get('/api/public/referrals/:token', { config, schema: { params: tokenParams, response: { 200: publicReferralSchema } } }, ({ params }) =>
      withLinkedReferral(db, secret, params.token, (tx, referral, link) => publicReferral(tx, link, referral)),
    );
    r.post('/api/public/referrals/:token/respond', { config, schema: { params: tokenParams, body: referralResponseBody, response: { 200: publicReferralSchema } } }, ({ params, body }) =>
      withLinkedReferral(db, secret, params.token, async (tx, referral, link) => {
        await respond(tx, link, referral, body);
        return publicReferral(tx, link, { ...referral, status: body.decision === 'accept' ? 'accepted' : 'declined' });
      }),
    );
    r.post('/api/public/referrals/:token/status', { config, schema: { params: tokenParams, body: referralProgressBody, response: { 200: publicReferralSchema } } }, ({ params, body }) =>
      withLinkedReferral(db, secret, params.token, async (tx, referral, link) => {
        await progress(tx, link, referral, body);
        return publicReferral(tx, link, { ...referral, status: body.status, sale_price: body.sale_price === undefined ? referral.sale_price : String(body.sale_price) });
      }),
    );
  });
}
