import type { FastifyBaseLogger } from 'fastify';
import { formatUsd, type acceptOfferBody } from '@wholesail/domain';
import type { z } from 'zod';
import type { Tx } from '../../db/scope';
import type { OrgContext, RequestContext } from '../../http/context';
import { badRequest } from '../../http/errors';
import type { MailProvider } from '../../providers/mail';
import { recordEvent } from '../deals/events';
import { findDealRow, num } from '../deals/repo';
import { changeStage } from '../deals/service';
import { findBuyerOffer, findBuyerOfferRow } from './offers';
import { buyerLabel } from './repo';

/** A bidder to thank: their declined offer and where to write. */
export interface DeclineNotice {
  offerId: string;
  to: string;
  name: string;
}

export interface Acceptance {
  notices: DeclineNotice[];
  address: string;
  organizationName: string;
}

const setStatus = (tx: Tx, organizationId: string, ids: readonly string[], status: 'accepted' | 'backup' | 'declined' | 'received') =>
  ids.length === 0
    ? Promise.resolve()
    : tx.updateTable('buyer_offers').set({ status, updated_at: new Date() }).where('organization_id', '=', organizationId).where('id', 'in', [...ids]).execute().then(() => undefined);

/**
 * Accepts a buyer's offer: the deal moves to Assigned through the deals module's own stage change (its rules
 * apply) with the offer's buyer, price and fee; a chosen backup is kept; with notify_others every other offer in
 * play is declined and its bidder (unless opted out of email) is to be thanked once this commits.
 */
export async function acceptOffer(tx: Tx, ctx: OrgContext, dealId: string, offerId: string, body: z.infer<typeof acceptOfferBody>): Promise<Acceptance> {
  const offer = await findBuyerOffer(tx, ctx.organizationId, dealId, offerId);
  if (offer.status === 'declined' || offer.status === 'withdrawn') throw badRequest(`This offer was ${offer.status}: mark it received again before accepting it`, 'OFFER_CLOSED');
  const backupId = body.backup_offer_id ?? null;
  if (backupId === offerId) throw badRequest('backup_offer_id: the backup must be another offer than the one you accept');
  if (backupId) {
    const backup = await findBuyerOfferRow(tx, ctx.organizationId, dealId, backupId);
    if (!backup || backup.status === 'withdrawn') throw badRequest('backup_offer_id: no such offer in play on this deal');
  }
  const deal = (await findDealRow(tx, ctx.organizationId, dealId, true))!;
  const amount = Number(offer.amount);
  const contract = num(deal.contract_price);
  await changeStage(tx, ctx, dealId, {
    stage: 'assigned',
    fields: { buyer_id: offer.buyer_id, buyer_price: amount, ...(contract === null ? {} : { assignment_fee: amount - contract }) },
  });
  const others = await tx
    .selectFrom('buyer_offers as o')
    .innerJoin('buyers as b', (j) => j.onRef('b.organization_id', '=', 'o.organization_id').onRef('b.id', '=', 'o.buyer_id'))
    .select(['o.id', 'o.status', 'b.contact_name', 'b.company_name', 'b.primary_email', 'b.email_opted_out_at'])
    .where('o.organization_id', '=', ctx.organizationId)
    .where('o.deal_id', '=', dealId)
    .where('o.id', '<>', offerId)
    .where('o.status', 'in', ['received', 'accepted', 'backup'])
    .execute();
  // One accepted and one backup at a time: make room before setting them (the unique indexes check each statement).
  const previous = others.filter((o) => o.status === 'accepted' || (o.status === 'backup' && o.id !== backupId)).map((o) => o.id);
  await setStatus(tx, ctx.organizationId, previous, body.notify_others ? 'declined' : 'received');
  await setStatus(tx, ctx.organizationId, [offerId], 'accepted');
  if (backupId) await setStatus(tx, ctx.organizationId, [backupId], 'backup');
  const declined = body.notify_others ? others.filter((o) => o.id !== backupId) : [];
  await setStatus(tx, ctx.organizationId, declined.map((o) => o.id), 'declined');
  const name = buyerLabel(offer.contact_name, offer.company_name);
  await recordEvent(tx, ctx, dealId, 'buyer_offer', `Accepted the offer of ${formatUsd(amount)} from ${name}${declined.length ? `; ${declined.length} other offer${declined.length === 1 ? '' : 's'} declined` : ''}`, {
    status: { from: offer.status, to: 'accepted' },
  });
  const org = await tx.selectFrom('organizations').select('name').where('id', '=', ctx.organizationId).executeTakeFirstOrThrow();
  return {
    notices: declined.filter((o) => o.primary_email && !o.email_opted_out_at).map((o) => ({ offerId: o.id, to: o.primary_email!, name: o.contact_name })),
    address: deal.property_address_full ?? deal.property_address ?? 'the property',
    organizationName: org.name,
  };
}

export function declineMail(n: DeclineNotice, a: Pick<Acceptance, 'address' | 'organizationName'>) {
  return {
    to: n.to,
    subject: `Your offer on ${a.address}`,
    text: [
      `Hello ${n.name},`,
      '',
      `Thank you for your offer on ${a.address}. The seller has accepted another offer, so we cannot take yours this time.`,
      'We appreciate your interest and will keep you in mind for our next deals.',
      '',
      a.organizationName,
    ].join('\n'),
  };
}

/** After the acceptance commits: thanks each declined bidder and dates the notice; a failed mail is logged, not fatal. */
export async function sendDeclineNotices(deps: { mail: MailProvider; log: FastifyBaseLogger }, ctx: RequestContext, acceptance: Acceptance): Promise<void> {
  const { organizationId } = ctx;
  for (const notice of acceptance.notices) {
    try {
      await deps.mail.send({ ...declineMail(notice, acceptance), organizationId });
      await ctx.write((tx) =>
        tx.updateTable('buyer_offers').set({ declined_notice_at: new Date() }).where('organization_id', '=', organizationId).where('id', '=', notice.offerId).execute(),
      );
    } catch (error) {
      deps.log.error({ err: error, offerId: notice.offerId }, 'offer decline notice failed');
    }
  }
}
