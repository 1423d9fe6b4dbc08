import { DEFAULT_COMMISSION_PERCENT, formatUsd, REFERRAL_LINK_DAYS, referralFee, type CreateReferralBody, type Referral } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import type { OrgContext, RequestContext } from '../../http/context';
import { conflict, notFound } from '../../http/errors';
import type { MailProvider } from '../../providers/mail';
import { audit } from '../audit/audit';
import { REFERRAL_ACTIONS } from './actions';
import { referralLink, referralToken } from './link';
import { findReferral } from './repo';

export interface ReferralDeps {
  mail: MailProvider;
  publicUrl: string;
  /** Signs partners' links (the auth secret). */
  secret: string;
}

/** A fresh link's expiry, to the second (the token carries seconds; the row must match it exactly). */
const newExpiry = () => new Date(Math.floor(Date.now() / 1000 + REFERRAL_LINK_DAYS * 86_400) * 1000);

const found = (referral: Referral | null): Referral => {
  if (!referral) throw notFound('Referral not found');
  return referral;
};

/** The partner's email: who refers, the property, the fee and the link (the seller's details are behind the link). */
async function mailPartner(deps: ReferralDeps, tx: Tx, ctx: OrgContext, referral: Referral, resend: boolean) {
  const [partner, org] = await Promise.all([
    tx.selectFrom('referral_partners').select(['name', 'email']).where('organization_id', '=', ctx.organizationId).where('id', '=', referral.partner_id).executeTakeFirstOrThrow(),
    tx.selectFrom('organizations').select('name').where('id', '=', ctx.organizationId).executeTakeFirstOrThrow(),
  ]);
  const exp = new Date(referral.link_expires_at).getTime() / 1000;
  const link = referralLink(deps.publicUrl, referralToken(deps.secret, { org: ctx.organizationId, ref: referral.id, exp }));
  const where = referral.property_address ?? 'a property';
  const estimate = referral.fee_expected === null ? '' : ` (about ${formatUsd(referral.fee_expected)} at today's estimated value)`;
  const message = {
    to: partner.email,
    subject: `${resend ? 'Reminder: ' : ''}${org.name} referred a seller to you: ${where}`,
    text:
      `Hello ${partner.name},\n\n${ctx.user.name} (${ctx.user.email}) of ${org.name} is referring a seller to you: ${where}.\n` +
      `Referral fee: ${referral.referral_fee_percent}% of your commission${estimate}.\n` +
      (referral.note ? `\nNote from ${ctx.user.name}: ${referral.note}\n` : '') +
      `\nOpen the referral to see the seller's contact details, then accept or decline it. Later, use the same page to tell us when the home is listed, under contract and sold.\n\n` +
      `${link}\n\nThe link expires on ${referral.link_expires_at.slice(0, 10)}.\n`,
  };
  return { message, link };
}

/** POST /api/referrals: the referral (the lead's open deal when no deal is named) and the partner's email. */
export async function createReferral(deps: ReferralDeps, ctx: RequestContext, body: CreateReferralBody) {
  const { referral, mail } = await ctx.write(async (tx) => {
    const org = ctx.organizationId;
    const partner = await tx.selectFrom('referral_partners').select(['id', 'name', 'is_active', 'referral_fee_percent']).where('organization_id', '=', org).where('id', '=', body.partner_id).executeTakeFirst();
    if (!partner) throw notFound('Partner not found');
    if (!partner.is_active) throw conflict(`${partner.name} is inactive. Reactivate the partner before referring a lead.`, 'PARTNER_INACTIVE');
    const lead = await tx.selectFrom('leads').select(['id', 'estimated_value']).where('organization_id', '=', org).where('id', '=', body.lead_id).where('deleted_at', 'is', null).executeTakeFirst();
    if (!lead) throw notFound('Lead not found');
    let dealId = body.deal_id ?? null;
    if (dealId) {
      const deal = await tx.selectFrom('deals').select('id').where('organization_id', '=', org).where('id', '=', dealId).where('lead_id', '=', lead.id).executeTakeFirst();
      if (!deal) throw notFound('Deal not found');
    } else {
      dealId = (await tx.selectFrom('deals').select('id').where('organization_id', '=', org).where('lead_id', '=', lead.id).where('stage', 'not in', ['closed', 'dead']).executeTakeFirst())?.id ?? null;
    }
    const commission = body.commission_percent ?? DEFAULT_COMMISSION_PERCENT;
    const percent = Number(partner.referral_fee_percent);
    const feeExpected = referralFee(lead.estimated_value, commission, percent);
    const row = await tx
      .insertInto('referrals')
      .values({
        organization_id: org, partner_id: partner.id, lead_id: lead.id, deal_id: dealId, commission_percent: commission, referral_fee_percent: percent,
        fee_expected: feeExpected, note: body.note || null, link_expires_at: newExpiry(), created_by: ctx.user.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const referral = found(await findReferral(tx, org, row.id));
    await audit(tx, ctx, REFERRAL_ACTIONS.sent, { type: 'lead', id: lead.id }, { referral_id: referral.id, partner_name: partner.name, fee_expected: feeExpected, referral_fee_percent: percent });
    return { referral, mail: await mailPartner(deps, tx, ctx, referral, false) };
  });
  await deps.mail.send({ ...mail.message, organizationId: ctx.organizationId });
  return { referral, link: mail.link };
}

/** POST /api/referrals/:id/resend: a fresh link (the older one stops working) mailed again. */
export async function resendReferral(deps: ReferralDeps, ctx: RequestContext, id: string) {
  const { referral, mail } = await ctx.write(async (tx) => {
    const current = found(await findReferral(tx, ctx.organizationId, id));
    if (current.status === 'cancelled' || current.status === 'declined') throw conflict(`This referral is ${current.status}: there is nothing for the partner to open.`, 'REFERRAL_FINISHED');
    // Always later than the current link's, so that link stops working even when resent within the same second.
    const expiry = new Date(Math.max(newExpiry().getTime(), new Date(current.link_expires_at).getTime() + 1000));
    await tx.updateTable('referrals').set({ link_expires_at: expiry, updated_at: new Date() }).where('organization_id', '=', ctx.organizationId).where('id', '=', id).execute();
    const referral = found(await findReferral(tx, ctx.organizationId, id));
    await audit(tx, ctx, REFERRAL_ACTIONS.resent, { type: 'lead', id: referral.lead_id }, { referral_id: id, partner_name: referral.partner_name });
    return { referral, mail: await mailPartner(deps, tx, ctx, referral, true) };
  });
  await deps.mail.send({ ...mail.message, organizationId: ctx.organizationId });
  return { referral, link: mail.link };
}

/** PATCH /api/referrals/:id: the fee received (its date defaults to today) or a cancellation. */
export async function updateReferral(tx: Tx, ctx: OrgContext, id: string, body: { fee_received?: number | null; fee_received_on?: string | null; status?: 'cancelled' }) {
  const current = found(await findReferral(tx, ctx.organizationId, id));
  if (current.status === 'cancelled') throw conflict('This referral is cancelled.', 'REFERRAL_CANCELLED');
  if (body.status === 'cancelled' && current.status === 'closed') throw conflict('A closed referral cannot be cancelled: record the fee received instead.', 'REFERRAL_CLOSED');
  const changes: { status?: 'cancelled'; fee_received?: number | null; fee_received_on?: string | null } = {};
  if (body.status) changes.status = body.status;
  if (body.fee_received !== undefined) changes.fee_received = body.fee_received;
  if (body.fee_received_on !== undefined) changes.fee_received_on = body.fee_received_on;
  if (body.fee_received != null && body.fee_received_on === undefined && current.fee_received_on === null) changes.fee_received_on = new Date().toISOString().slice(0, 10);
  await tx.updateTable('referrals').set({ ...changes, updated_at: new Date() }).where('organization_id', '=', ctx.organizationId).where('id', '=', id).execute();
  const lead = { type: 'lead', id: current.lead_id };
  if (body.fee_received != null) {
    await audit(tx, ctx, REFERRAL_ACTIONS.feeReceived, lead, { referral_id: id, partner_name: current.partner_name, fee_received: body.fee_received });
  }
  if (body.status === 'cancelled') await audit(tx, ctx, REFERRAL_ACTIONS.cancelled, lead, { referral_id: id, partner_name: current.partner_name });
  return found(await findReferral(tx, ctx.organizationId, id));
}
