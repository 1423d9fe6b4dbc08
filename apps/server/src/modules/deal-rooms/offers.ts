import type { Insertable } from 'kysely';
import { formatUsd, rankBuyerOffers, type AgentOfferBody, type BuyerOffer, type updateBuyerOfferBody } from '@wholesail/domain';
import type { z } from 'zod';
import type { Tx } from '../../db/scope';
import type { BuyerOffers } from '../../db/types';
import { iso } from '../../db/timestamps';
import type { OrgContext } from '../../http/context';
import { badRequest, notFound } from '../../http/errors';
import { buyerHistory } from '../buyers/matches';
import { recordEvent, type EventAuthor } from '../deals/events';
import { day, findDealRow, num } from '../deals/repo';
import { buyerLabel } from './repo';

function offerQuery(tx: Tx, organizationId: string, dealId: string) {
  return tx
    .selectFrom('buyer_offers as o')
    .innerJoin('buyers as b', (j) => j.onRef('b.organization_id', '=', 'o.organization_id').onRef('b.id', '=', 'o.buyer_id'))
    .select([
      'o.id', 'o.deal_id', 'o.buyer_id', 'o.source', 'o.amount', 'o.earnest_money', 'o.close_by', 'o.financing', 'o.proof_of_funds', 'o.message', 'o.status',
      'o.declined_notice_at', 'o.created_at', 'b.contact_name', 'b.company_name', 'b.primary_email', 'b.primary_phone', 'b.source as buyer_source',
    ])
    .where('o.organization_id', '=', organizationId)
    .where('o.deal_id', '=', dealId);
}
export type OfferRow = Awaited<ReturnType<ReturnType<typeof offerQuery>['executeTakeFirstOrThrow']>>;

export const findBuyerOfferRow = (tx: Tx, organizationId: string, dealId: string, offerId: string) =>
  offerQuery(tx, organizationId, dealId).where('o.id', '=', offerId).executeTakeFirst();

export async function findBuyerOffer(tx: Tx, organizationId: string, dealId: string, offerId: string): Promise<OfferRow> {
  const row = await findBuyerOfferRow(tx, organizationId, dealId, offerId);
  if (!row) throw notFound('Offer not found');
  return row;
}

/** GET /api/deals/:id/offers: every buyer's offer on the deal, newest first, each with its rank. */
export async function listBuyerOffers(tx: Tx, organizationId: string, dealId: string, today = new Date().toISOString().slice(0, 10)) {
  const deal = await findDealRow(tx, organizationId, dealId);
  if (!deal) throw notFound('Deal not found');
  const rows = await offerQuery(tx, organizationId, dealId).orderBy('o.created_at', 'desc').orderBy('o.id').limit(500).execute();
  const history = await buyerHistory(tx, organizationId, rows.map((r) => r.buyer_id), dealId);
  const contractPrice = num(deal.contract_price);
  const offers = rows.map((r) => ({ ...r, amount: Number(r.amount), earnest_money: Number(r.earnest_money), close_by: day(r.close_by)! }));
  const ranked = rankBuyerOffers(offers, { contractPrice, today, history: Object.fromEntries([...history].map(([id, h]) => [id, h.deals_taken])) });
  const items: BuyerOffer[] = ranked.map((r) => ({
    id: r.id,
    deal_id: r.deal_id,
    buyer: { id: r.buyer_id, contact_name: r.contact_name, company_name: r.company_name, primary_email: r.primary_email, primary_phone: r.primary_phone, source: r.buyer_source },
    source: r.source,
    amount: r.amount,
    earnest_money: r.earnest_money,
    close_by: r.close_by,
    financing: r.financing,
    proof_of_funds: r.proof_of_funds,
    message: r.message,
    status: r.status,
    net_fee: r.net_fee,
    certainty: r.certainty,
    factors: r.factors,
    rank: r.rank,
    reason: r.reason,
    declined_notice_at: r.declined_notice_at === null ? null : iso(r.declined_notice_at),
    created_at: iso(r.created_at),
  }));
  return { items, contract_price: contractPrice };
}

/** Stores a buyer's offer and puts it on the deal's timeline ("Offer of $X from <buyer>"). */
export async function insertBuyerOffer(tx: Tx, author: EventAuthor, values: Omit<Insertable<BuyerOffers>, 'organization_id'>, buyerName: string): Promise<string> {
  const { id } = await tx
    .insertInto('buyer_offers')
    .values({ ...values, organization_id: author.organizationId })
    .returning('id')
    .executeTakeFirstOrThrow();
  await recordEvent(tx, author, values.deal_id, 'buyer_offer', `Offer of ${formatUsd(Number(values.amount))} from ${buyerName}`);
  return id;
}

/** POST /api/deals/:id/offers: an offer the agent took by phone or email. */
export async function addAgentOffer(tx: Tx, ctx: OrgContext, dealId: string, body: AgentOfferBody) {
  if (!(await findDealRow(tx, ctx.organizationId, dealId))) throw notFound('Deal not found');
  const buyer = await tx.selectFrom('buyers').select(['contact_name', 'company_name']).where('organization_id', '=', ctx.organizationId).where('id', '=', body.buyer_id).executeTakeFirst();
  if (!buyer) throw badRequest('buyer_id: no such buyer in this organization');
  const id = await insertBuyerOffer(
    tx,
    ctx,
    { deal_id: dealId, buyer_id: body.buyer_id, source: 'agent', amount: body.amount, earnest_money: body.earnest_money, close_by: body.close_by, financing: body.financing, proof_of_funds: body.proof_of_funds || null, message: body.message || null },
    buyerLabel(buyer.contact_name, buyer.company_name),
  );
  return (await listBuyerOffers(tx, ctx.organizationId, dealId)).items.find((o) => o.id === id)!;
}

/** PATCH /api/deals/:id/offers/:offerId {status}: backup, declined or back to received. The accepted offer moves only by accepting another. */
export async function updateBuyerOffer(tx: Tx, ctx: OrgContext, dealId: string, offerId: string, body: z.infer<typeof updateBuyerOfferBody>) {
  const offer = await findBuyerOffer(tx, ctx.organizationId, dealId, offerId);
  if (offer.status === 'accepted') throw badRequest('status: this offer was accepted; accept another offer to replace it', 'OFFER_ACCEPTED');
  if (offer.status !== body.status) {
    if (body.status === 'backup') await tx.updateTable('buyer_offers').set({ status: 'received', updated_at: new Date() }).where('organization_id', '=', ctx.organizationId).where('deal_id', '=', dealId).where('status', '=', 'backup').execute();
    await tx.updateTable('buyer_offers').set({ status: body.status, updated_at: new Date() }).where('organization_id', '=', ctx.organizationId).where('id', '=', offerId).execute();
    const words = { received: 'back in play', backup: 'kept as the backup', declined: 'declined' } as const;
    await recordEvent(tx, ctx, dealId, 'buyer_offer', `Offer of ${formatUsd(Number(offer.amount))} from ${buyerLabel(offer.contact_name, offer.company_name)} ${words[body.status]}`, {
      status: { from: offer.status, to: body.status },
    });
  }
  return (await listBuyerOffers(tx, ctx.organizationId, dealId)).items.find((o) => o.id === offerId)!;
}
