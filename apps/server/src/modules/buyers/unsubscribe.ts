import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { withTenant } from '../../db/scope';
import type { DB } from '../../db/types';
import { publicRoute } from '../../http/access';
import { notFound } from '../../http/errors';
import { UNLISTED_HEADERS } from '../../http/web-app';

const signature = (secret: string, organizationId: string, buyerId: string) =>
  createHmac('sha256', secret).update(`buyer-unsubscribe:${organizationId}:${buyerId}`).digest('base64url');

const idBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');
const idText = (bytes: Buffer) => bytes.toString('hex').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

/**
 * A buyer's unsubscribe token: the organization's and the buyer's ids (32 bytes, base64url) and an HMAC-SHA256 over both
 * with the server's auth secret: 87 characters, within a route parameter's limit.
 */
export const unsubscribeToken = (secret: string, organizationId: string, buyerId: string) =>
  `${Buffer.concat([idBytes(organizationId), idBytes(buyerId)]).toString('base64url')}.${signature(secret, organizationId, buyerId)}`;
export const unsubscribeUrl = (publicUrl: string, token: string) => `${publicUrl}/api/public/buyers/unsubscribe/${token}`;

/** The organization and buyer of a token whose signature holds, or null (a tampered or made-up token). */
export function readUnsubscribeToken(secret: string, token: string): { organizationId: string; buyerId: string } | null {
  const [ids, given, extra] = token.split('.');
  const bytes = Buffer.from(ids ?? '', 'base64url');
  if (extra !== undefined || !given || bytes.length !== 32) return null;
  const organizationId = idText(bytes.subarray(0, 16));
  const buyerId = idText(bytes.subarray(16));
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
      reply.headers(UNLISTED_HEADERS);
      // The API's error contract, like every route: a made-up or tampered link is simply not found.
      if (org === null) throw notFound('This unsubscribe link is not valid: copy the whole link from the email');
      return reply.type('text/html; charset=utf-8').send(page('Unsubscribed', `You will no longer receive deal emails from ${escapeHtml(org)}.`));
    },
  );
}
