import { sql } from 'kysely';
import { toE164ForCall, type PublicOfferBody } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import { badRequest } from '../../http/errors';
import { emit } from '../outbox/emit';
import { insertBuyerOffer } from './offers';
import type { OpenedRoom } from './room-access';
import { buyerLabel } from './repo';
import { linkOffer } from './views';

/** The phone an offer gives, in E.164, or a 400 when it is not a phone number. */
export function offerPhone(phone: string | undefined): string | null {
  if (!phone?.trim()) return null;
  const e164 = toE164ForCall(phone);
  if (!e164) throw badRequest('phone: enter a 10-digit phone number, with the area code');
  return e164;
}

/**
 * A close-by date before yesterday (UTC) is refused: the buyer cannot close in the past. Yesterday is allowed, so a
 * buyer west of UTC late in their evening is not refused for their own today.
 */
export function checkCloseBy(closeBy: string, now = new Date()): void {
  const yesterday = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
  if (closeBy < yesterday) throw badRequest('close_by: must be today or later');
}

/** The organization's first buyer whose phone is this number, read as every stored phone is (toE164ForCall, as the import does). */
async function buyerWithPhone(tx: Tx, organizationId: string, e164: string) {
  const rows = await tx
    .selectFrom('buyers')
    .select(['id', 'contact_name', 'company_name', 'primary_phone'])
    .where('organization_id', '=', organizationId)
    .where('primary_phone', 'is not', null)
    .orderBy('created_at')
    .execute();
  return rows.find((r) => toE164ForCall(r.primary_phone) === e164);
}

/**
 * The buyer behind an offer: the invite's buyer when the room was opened with one; else the organization's buyer
 * with that email (any case) or that phone; else a new buyer with source deal_room.
 */
async function offerBuyer(tx: Tx, organizationId: string, opened: OpenedRoom, body: PublicOfferBody, phone: string | null) {
  if (opened.invite) return { id: opened.invite.buyer_id, name: opened.invite.contact_name };
  const byEmail = await tx
    .selectFrom('buyers')
    .select(['id', 'contact_name', 'company_name'])
    .where('organization_id', '=', organizationId)
    .where(sql<string>`lower(primary_email)`, '=', body.email)
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
  const found = byEmail ?? (phone === null ? undefined : await buyerWithPhone(tx, organizationId, phone));
  if (found) return { id: found.id, name: buyerLabel(found.contact_name, found.company_name) };
  const created = await tx
    .insertInto('buyers')
    .values({ organization_id: organizationId, contact_name: body.name, primary_email: body.email, primary_phone: phone, source: 'deal_room' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: created.id, name: body.name };
}

/**
 * POST /api/public/deal-rooms/:slug/offers, once the room opened for the caller: the offer is stored on the deal
 * from its buyer, on the timeline, and linked to the visit it came from. buyer_offers is on the change feed, so
 * the team's screens show it at once.
 */
export async function submitPublicOffer(tx: Tx, organizationId: string, opened: OpenedRoom, body: PublicOfferBody): Promise<string> {
  checkCloseBy(body.close_by);
  const phone = offerPhone(body.phone);
  const buyer = await offerBuyer(tx, organizationId, opened, body, phone);
  const offerId = await insertBuyerOffer(
    tx,
    { organizationId, user: null },
    {
      deal_id: opened.room.deal_id,
      buyer_id: buyer.id,
      source: 'deal_room',
      amount: body.amount,
      earnest_money: body.earnest_money,
      close_by: body.close_by,
      financing: body.financing,
      proof_of_funds: body.proof_of_funds || null,
      message: body.message || null,
    },
    buyer.name,
  );
  if (body.view_id) await linkOffer(tx, organizationId, opened.room.id, body.view_id, offerId);
  await emit(tx, { type: 'buyer_offer.received', organizationId, dealId: opened.room.deal_id, offerId });
  return offerId;
}
