import { z } from 'zod';
import { formatUsd, offerBody, updateOfferBody, type DealOffer } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import type { OrgContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { recordEvent, diff } from './events';
import * as repo from './repo';
import { changeStage } from './service';

/** Records an offer; the first offer on a deal still being analyzed moves it to Offer made. */
export async function addOffer(tx: Tx, ctx: OrgContext, dealId: string, body: z.infer<typeof offerBody>): Promise<DealOffer> {
  const deal = await repo.findDealRow(tx, ctx.organizationId, dealId, true);
  if (!deal) throw notFound('Deal not found');
  const offer = await repo.insertOffer(tx, {
    organization_id: ctx.organizationId,
    deal_id: dealId,
    amount: body.amount,
    ...(body.offered_on ? { offered_on: body.offered_on } : {}),
    terms: body.terms ?? null,
    status: body.status ?? 'sent',
    counter_amount: body.counter_amount ?? null,
    created_by: ctx.user.id,
  });
  await recordEvent(tx, ctx, dealId, 'offer', `Offer of ${formatUsd(offer.amount)} ${offer.status}`);
  if (deal.stage === 'analyzing') await changeStage(tx, ctx, dealId, { stage: 'offer_made' });
  await acceptance(tx, ctx, dealId, offer);
  return offer;
}

export async function updateOffer(tx: Tx, ctx: OrgContext, dealId: string, offerId: string, body: z.infer<typeof updateOfferBody>): Promise<DealOffer> {
  const current = await repo.findOffer(tx, ctx.organizationId, dealId, offerId);
  if (!current) throw notFound('Offer not found');
  const changes = diff(current, body);
  if (Object.keys(changes).length === 0) return current;
  const offer = await repo.updateOffer(tx, ctx.organizationId, offerId, body);
  const what = changes.status ? `marked ${offer.status}` : 'changed';
  await recordEvent(tx, ctx, dealId, 'offer_updated', `Offer of ${formatUsd(offer.amount)} ${what}`, changes);
  if (changes.status) await acceptance(tx, ctx, dealId, offer);
  return offer;
}

/** An accepted offer gives the deal its contract price when it has none yet (the counter, when there was one). */
async function acceptance(tx: Tx, ctx: OrgContext, dealId: string, offer: DealOffer): Promise<void> {
  if (offer.status !== 'accepted') return;
  const deal = await repo.findDealRow(tx, ctx.organizationId, dealId);
  if (!deal || deal.contract_price !== null) return;
  const price = offer.counter_amount ?? offer.amount;
  await repo.updateDeal(tx, ctx.organizationId, dealId, { contract_price: price });
  await recordEvent(tx, ctx, dealId, 'updated', `Contract price set to ${formatUsd(price)} from the accepted offer`, { contract_price: { from: null, to: price } });
}
