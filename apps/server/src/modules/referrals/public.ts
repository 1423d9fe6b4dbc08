import type { Kysely } from 'kysely';
import {
  displayName, leadCallNumbers, PARTNER_PROGRESS, REFERRAL_STATUS_LABELS, referralFee, type PartnerProgress, type PublicReferral, type ReferralStatus,
} from '@wholesail/domain';
import { withTenant, type Tx } from '../../db/scope';
import { iso } from '../../db/timestamps';
import type { DB } from '../../db/types';
import { conflict, gone, notFound } from '../../http/errors';
import { audit, systemActor } from '../audit/audit';
import { REFERRAL_ACTIONS } from './actions';
import { readReferralToken, type ReferralLinkPayload } from './link';

const NOT_FOUND = 'This referral link is not valid. Check that you copied the whole link from the email.';
const EXPIRED = 'This referral link has expired. Ask the person who referred you for a new one.';

/** The referral a link names, as it stands, locked for the change that follows; refuses bad, expired, replaced and cancelled links. */
async function linkedReferral(tx: Tx, link: ReferralLinkPayload) {
  const row = await tx
    .selectFrom('referrals as r')
    .innerJoin('referral_partners as p', (j) => j.onRef('p.organization_id', '=', 'r.organization_id').onRef('p.id', '=', 'r.partner_id'))
    .select(['r.id', 'r.lead_id', 'r.status', 'r.note', 'r.referral_fee_percent', 'r.commission_percent', 'r.sale_price', 'r.link_expires_at', 'r.created_by', 'p.name as partner_name'])
    .where('r.organization_id', '=', link.org)
    .where('r.id', '=', link.ref)
    .forUpdate('r')
    .executeTakeFirst();
  if (!row) throw notFound(NOT_FOUND);
  if (Math.floor(new Date(row.link_expires_at).getTime() / 1000) !== link.exp) throw gone('This link was replaced by a newer one. Use the link in the latest email.', 'LINK_REPLACED');
  if (row.status === 'cancelled') throw gone('This referral was cancelled by the team that sent it.', 'REFERRAL_CANCELLED');
  return { ...row, status: row.status as ReferralStatus };
}

/** Checks a token's signature (404) and expiry (410), then runs `fn` as the link's organization on its referral. */
export async function withLinkedReferral<T>(db: Kysely<DB>, secret: string, token: string, fn: (tx: Tx, referral: Awaited<ReturnType<typeof linkedReferral>>, link: ReferralLinkPayload) => Promise<T>): Promise<T> {
  const link = readReferralToken(secret, token);
  if (!link) throw notFound(NOT_FOUND);
  if (link.exp * 1000 <= Date.now()) throw gone(EXPIRED, 'LINK_EXPIRED');
  return withTenant(db, link.org, async (tx) => fn(tx, await linkedReferral(tx, link), link));
}

type Linked = Awaited<ReturnType<typeof linkedReferral>>;

/** GET /api/public/referrals/:token: who refers, the property and the seller to contact; nothing else of the organization. */
export async function publicReferral(tx: Tx, link: ReferralLinkPayload, referral: Linked): Promise<PublicReferral> {
  const [org, agent, line, lead] = await Promise.all([
    tx.selectFrom('organizations').select('name').where('id', '=', link.org).executeTakeFirstOrThrow(),
    referral.created_by ? tx.selectFrom('users').select(['name', 'email']).where('id', '=', referral.created_by).executeTakeFirst() : undefined,
    tx.selectFrom('organization_phone_numbers').select('phone_number').where('organization_id', '=', link.org).where('is_active', '=', true).orderBy('is_primary', 'desc').orderBy('created_at').executeTakeFirst(),
    tx
      .selectFrom('leads')
      .select([
        'name', 'contact_1_name', 'owner_1_name', 'owner_1_first_name', 'owner_1_last_name', 'phone', 'phone_number', 'contact_1_phone1', 'contact_1_phone2', 'contact_1_phone3',
        'property_address_full', 'property_address', 'property_address_city', 'property_address_state', 'property_address_zip', 'property_address_zipcode',
        'property_type', 'total_bedrooms', 'total_baths', 'building_square_feet', 'year_built',
      ])
      .where('organization_id', '=', link.org)
      .where('id', '=', referral.lead_id)
      .executeTakeFirstOrThrow(),
  ]);
  const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    organization: org.name,
    agent: { name: agent?.name ?? org.name, email: agent?.email ?? '', phone: line?.phone_number ?? null },
    partner_name: referral.partner_name,
    property: {
      address: lead.property_address_full ?? lead.property_address,
      city: lead.property_address_city,
      state: lead.property_address_state,
      zip: lead.property_address_zip ?? lead.property_address_zipcode,
      property_type: lead.property_type,
      bedrooms: n(lead.total_bedrooms),
      bathrooms: n(lead.total_baths),
      square_feet: n(lead.building_square_feet),
      year_built: n(lead.year_built),
    },
    seller: { name: displayName(lead, 'Unknown Contact'), phone: leadCallNumbers(lead)[0] ?? null },
    note: referral.note,
    referral_fee_percent: Number(referral.referral_fee_percent),
    status: referral.status,
    sale_price: n(referral.sale_price),
    link_expires_at: iso(referral.link_expires_at),
  };
}

/** POST …/respond: the partner accepts or declines, once. */
export async function respond(tx: Tx, link: ReferralLinkPayload, referral: Linked, body: { decision: 'accept' | 'decline'; note?: string }) {
  if (referral.status !== 'sent') throw conflict(`You already answered this referral (${REFERRAL_STATUS_LABELS[referral.status].toLowerCase()}).`, 'ALREADY_ANSWERED');
  const status = body.decision === 'accept' ? 'accepted' : 'declined';
  const now = new Date();
  await tx
    .updateTable('referrals')
    .set({ status, responded_at: now, partner_note: body.note || null, updated_at: now })
    .where('organization_id', '=', link.org)
    .where('id', '=', referral.id)
    .execute();
  await audit(tx, systemActor(link.org), REFERRAL_ACTIONS[status], { type: 'lead', id: referral.lead_id }, { referral_id: referral.id, partner_name: referral.partner_name, note: body.note || null });
}

const REFUSED: Partial<Record<ReferralStatus, string>> = {
  sent: 'Accept the referral before updating its status.',
  declined: 'You declined this referral, so its status cannot be updated.',
  closed: 'This referral is already closed.',
};

/** POST …/status: listed, under contract, closed (with the sale price, which sets the fee expected); forward only. */
export async function progress(tx: Tx, link: ReferralLinkPayload, referral: Linked, body: { status: PartnerProgress; sale_price?: number; note?: string }) {
  const refused = REFUSED[referral.status];
  if (refused) throw conflict(refused, 'NOT_ACCEPTED');
  const at = PARTNER_PROGRESS.indexOf(referral.status as PartnerProgress);
  if (PARTNER_PROGRESS.indexOf(body.status) <= at) {
    throw conflict(`This referral is already ${REFERRAL_STATUS_LABELS[referral.status].toLowerCase()}.`, 'STATUS_NOT_FORWARD');
  }
  const now = new Date();
  const closing = body.status === 'closed' && body.sale_price !== undefined;
  await tx
    .updateTable('referrals')
    .set({
      status: body.status,
      partner_note: body.note || null,
      updated_at: now,
      ...(closing ? { sale_price: body.sale_price, closed_at: now, fee_expected: referralFee(body.sale_price, Number(referral.commission_percent), Number(referral.referral_fee_percent)) } : {}),
    })
    .where('organization_id', '=', link.org)
    .where('id', '=', referral.id)
    .execute();
  await audit(tx, systemActor(link.org), REFERRAL_ACTIONS[body.status], { type: 'lead', id: referral.lead_id }, {
    referral_id: referral.id, partner_name: referral.partner_name, sale_price: body.sale_price ?? null, note: body.note || null,
  });
}
