import { sql } from 'kysely';
import {
  buyBoxSchema, compareMatches, displayName, fitBuyBox, OPEN_DEAL_STAGES,
  type BuyerMatches, type DealMatches, type DealStage, type MatchProperty,
} from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import { notFound } from '../../http/errors';
import { LAT, LNG } from '../comps/repo';
import { num } from '../deals/repo';

/** Deals still looking for a buyer: open, and not yet assigned to one. */
const SELLING: readonly DealStage[] = OPEN_DEAL_STAGES.filter((s) => s !== 'assigned');
const MAX_DEALS = 500;

/** Deals joined to their lead's property facts, for matching. */
function propertyQuery(tx: Tx, organizationId: string) {
  return tx
    .selectFrom('deals as d')
    .innerJoin('leads as l', (j) => j.onRef('l.organization_id', '=', 'd.organization_id').onRef('l.id', '=', 'd.lead_id'))
    .select([
      'd.id', 'd.stage', 'd.contract_price', 'd.target_fee', 'd.buyer_price', 'd.repair_estimate',
      'l.name', 'l.contact_1_name', 'l.owner_1_name', 'l.owner_1_first_name', 'l.owner_1_last_name', 'l.property_address_full', 'l.property_address',
      'l.property_address_state', 'l.property_address_city', 'l.property_address_zip', 'l.property_address_zipcode', 'l.property_type',
      'l.total_bedrooms', 'l.total_baths', LAT.as('latitude'), LNG.as('longitude'),
    ])
    .where('d.organization_id', '=', organizationId);
}
type PropertyRow = Awaited<ReturnType<ReturnType<typeof propertyQuery>['executeTakeFirstOrThrow']>>;

/**
 * What a buyer would pay: the buyer's price once agreed, else the contract price plus the fee we aim for; before a
 * contract there is no price to show a buyer.
 */
function priceToBuyers(r: PropertyRow): number | null {
  const agreed = num(r.buyer_price);
  if (agreed !== null) return agreed;
  const contract = num(r.contract_price);
  return contract === null ? null : contract + (num(r.target_fee) ?? 0);
}

function toProperty(r: PropertyRow): MatchProperty {
  return {
    state: r.property_address_state,
    city: r.property_address_city,
    zip: r.property_address_zip ?? r.property_address_zipcode,
    latitude: num(r.latitude),
    longitude: num(r.longitude),
    property_type: r.property_type,
    beds: num(r.total_bedrooms),
    baths: num(r.total_baths),
    price: priceToBuyers(r),
    repairs: num(r.repair_estimate),
  };
}

/** A stored buy box read through the schema, so a box written before a criterion existed reads with its default. */
const readBox = (stored: unknown) => buyBoxSchema.parse(typeof stored === 'string' ? JSON.parse(stored) : (stored ?? {}));

export interface BuyerHistory {
  /** Deals the buyer took (assigned to them or closed). */
  deals_taken: number;
  closes: number;
}

/**
 * Each buyer's deals with the organization (for matches and for ranking offers); `exceptDealId` leaves out the deal
 * being decided, so accepting an offer does not raise its own buyer's history.
 */
export async function buyerHistory(tx: Tx, organizationId: string, buyerIds: readonly string[], exceptDealId?: string): Promise<Map<string, BuyerHistory>> {
  if (buyerIds.length === 0) return new Map();
  let q = tx
    .selectFrom('deals')
    .select(['buyer_id', sql<number>`count(*)::int`.as('deals_taken'), sql<number>`(count(*) filter (where stage = 'closed'))::int`.as('closes')])
    .where('organization_id', '=', organizationId)
    .where('buyer_id', 'in', [...new Set(buyerIds)])
    .where('stage', 'in', ['assigned', 'closed']);
  if (exceptDealId) q = q.where('id', '<>', exceptDealId);
  const rows = await q.groupBy('buyer_id').execute();
  return new Map(rows.map((r) => [r.buyer_id!, { deals_taken: Number(r.deals_taken), closes: Number(r.closes) }]));
}

/** The organization's active buyers ranked for a deal, each with its fit, criterion by criterion. */
export async function dealMatches(tx: Tx, organizationId: string, dealId: string): Promise<DealMatches> {
  const row = await propertyQuery(tx, organizationId).where('d.id', '=', dealId).executeTakeFirst();
  if (!row) throw notFound('Deal not found');
  const property = toProperty(row);
  const buyers = await tx
    .selectFrom('buyers as b')
    .select(['b.id', 'b.contact_name', 'b.company_name', 'b.buyer_score', 'b.primary_email', 'b.primary_phone', 'b.buy_box'])
    .where('b.organization_id', '=', organizationId)
    .where('b.is_active', '=', true)
    .execute();
  const history = await buyerHistory(tx, organizationId, buyers.map((b) => b.id));
  const items = buyers.map((b) => ({
    buyer: { id: b.id, contact_name: b.contact_name, company_name: b.company_name, buyer_score: Number(b.buyer_score), primary_email: b.primary_email, primary_phone: b.primary_phone },
    fit: fitBuyBox(readBox(b.buy_box), property),
    deals_taken: history.get(b.id)?.deals_taken ?? 0,
    closes: history.get(b.id)?.closes ?? 0,
  }));
  items.sort((a, b) => compareMatches({ ...a, buyer_score: a.buyer.buyer_score }, { ...b, buyer_score: b.buyer.buyer_score }));
  return { property, items };
}

/** The organization's deals still looking for a buyer, ranked for one buyer. */
export async function buyerMatches(tx: Tx, organizationId: string, buyerId: string): Promise<BuyerMatches> {
  const buyer = await tx.selectFrom('buyers').select(['buy_box', 'buyer_score']).where('organization_id', '=', organizationId).where('id', '=', buyerId).executeTakeFirst();
  if (!buyer) throw notFound('Buyer not found');
  const box = readBox(buyer.buy_box);
  const rows = await propertyQuery(tx, organizationId).where('d.stage', 'in', SELLING).orderBy('d.updated_at', 'desc').limit(MAX_DEALS).execute();
  const items = rows.map((r) => ({
    deal: {
      id: r.id,
      lead_name: displayName(r as Parameters<typeof displayName>[0]),
      property_address: r.property_address_full ?? r.property_address ?? null,
      stage: r.stage as DealStage,
      price: priceToBuyers(r),
    },
    fit: fitBuyBox(box, toProperty(r)),
  }));
  items.sort((a, b) => b.fit.fit - a.fit.fit || b.fit.met - a.fit.met);
  return { items };
}
