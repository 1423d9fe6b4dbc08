import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { withTenant } from '../../db/scope';
import type { DB } from '../../db/types';
import { publicRoute } from '../../http/access';
import { UNLISTED_HEADERS } from '../../http/web-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const signature = (secret: string, organizationId: string, buyerId: string) =>
  createHmac('sha256', secret).update(`buyer-unsubscribe:${organizationId}:${buyerId}`).digest('base64url');

/** A buyer's unsubscribe token: the organization, the buyer, and an HMAC-SHA256 over both with the server's auth secret. */
export const unsubscribeToken = (secret: string, organizationId: string, buyerId: string) => `${organizationId}.${buyerId}.${signature(secret, organizationId, buyerId)}`;
export const unsubscribeUrl = (publicUrl: string, token: string) => `${publicUrl}/api/public/buyers/unsubscribe/${token}`;

/** The organization and buyer of a token whose signature holds, or null (a tampered or made-up token). */
export function readUnsubscribeToken(secret: string, token: string): { organizationId: string; buyerId: string } | null {
  const [organizationId, buyerId, given, extra] = token.split('.');
  if (extra !== undefined || !organizationId || !buyerId || !given || !UUID.test(organizationId) || !UUID.test(buyerId)) return null;
  const expected = Buffer.from(signature(secret, organizationId, buyerId));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? { organizationId, buyerId } : null;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (title: string, text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title></head>` +
  `<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5"><h1 style="font-size:1.25rem">${title}</h1><p>${text}</p></body></html>`;

/** Marks the buyer opted out of deal emails (the first time counts) and answers the organization's name, or null. */
async function optOut(db: Kysely<DB>, who: { organizationId: string; buyerId: string }): Promise<string | null> {
  return withTenant(db, who.organizationId, async (tx) => {
    const buyer = await tx
      .updateTable('buyers')
      .set((eb) => ({ email_opted_out_at: eb.fn.coalesce('email_opted_out_at', eb.val(new Date())) }))
      .where('organization_id', '=', who.organizationId)
      .where('id', '=', who.buyerId)
      .returning('id')
      .executeTakeFirst();
    if (!buyer) return null;
    const org = await tx.selectFrom('organizations').select('name').where('id', '=', who.organizationId).executeTakeFirst();
    return org?.name ?? 'this company';
  });
}

/** GET /api/public/buyers/unsubscribe/:token: the link at the foot of every deal email (docs/api-buyers.md). */
export function registerBuyerUnsubscribeRoute(app: FastifyInstance, deps: { db: Kysely<DB>; secret: string }): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/public/buyers/unsubscribe/:token',
    {
      config: { ...publicRoute('a buyer unsubscribes from deal emails through the signed link in the email, without an account'), rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { params: z.object({ token: z.string().max(300, 'token: the link is too long') }) },
    },
    async (request, reply) => {
      const who = readUnsubscribeToken(deps.secret, request.params.token);
      const org = who ? await optOut(deps.db, who) : null;
      reply.headers(UNLISTED_HEADERS).type('text/html; charset=utf-8');
      if (org === null) return reply.status(404).send(page('Link not valid', 'This unsubscribe link is not valid. Copy the whole link from the email, or reply to the email to ask to be removed.'));
      return reply.send(page('Unsubscribed', `You will no longer receive deal emails from ${escapeHtml(org)}.`));
    },
  );
}
