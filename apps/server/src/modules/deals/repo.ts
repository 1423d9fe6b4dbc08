import { sql, type Insertable, type Updateable } from 'kysely';
import { displayName, type Deal, type DealOffer, type DealSettings, type DealStage } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import type { DealOffers, Deals } from '../../db/types';
import { iso } from '../../db/timestamps';
import { dealFigures } from './figures';

const MONEY = [
  'asking_price', 'contract_price', 'earnest_money', 'arv', 'repair_estimate', 'target_fee', 'buyer_price', 'assignment_fee', 'assignment_fee_actual',
] as const;
const DATES = ['earnest_money_due', 'inspection_ends', 'closing_date'] as const;

/** Numeric columns arrive as strings from both drivers; dates as Date (pg) or text (PGlite). */
export const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
export const day = (v: unknown): string | null => (v === null || v === undefined ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));
const isoOrNull = (v: Date | string | null) => (v === null ? null : iso(v));

export function dealQuery(tx: Tx, organizationId: string) {
  return tx
    .selectFrom('deals as d')
    .innerJoin('leads as l', (j) => j.onRef('l.organization_id', '=', 'd.organization_id').onRef('l.id', '=', 'd.lead_id'))
    .leftJoin('users as o', 'o.id', 'd.owner_user_id')
    .leftJoin('buyers as b', (j) => j.onRef('b.organization_id', '=', 'd.organization_id').onRef('b.id', '=', 'd.buyer_id'))
    .selectAll('d')
    .select([
      'l.name', 'l.contact_1_name', 'l.owner_1_name', 'l.owner_1_first_name', 'l.owner_1_last_name', 'l.property_address_full', 'l.property_address',
      'l.created_at as lead_created_at', 'o.name as owner_name', 'b.contact_name as buyer_contact', 'b.company_name as buyer_company',
    ])
    .where('d.organization_id', '=', organizationId);
}

export type DealRow = Awaited<ReturnType<ReturnType<typeof dealQuery>['executeTakeFirstOrThrow']>>;

export function toDeal(row: DealRow, settings: DealSettings): Deal {
  const money = Object.fromEntries(MONEY.map((k) => [k, num(row[k])])) as Record<(typeof MONEY)[number], number | null>;
  const dates = Object.fromEntries(DATES.map((k) => [k, day(row[k])])) as Record<(typeof DATES)[number], string | null>;
  const figures = dealFigures(money, settings);
  return {
    id: row.id,
    lead_id: row.lead_id,
    lead_name: displayName(row as Parameters<typeof displayName>[0]),
    property_address: row.property_address_full ?? row.property_address ?? null,
    stage: row.stage as DealStage,
    dead_reason: row.dead_reason,
    owner_user_id: row.owner_user_id,
    owner_name: row.owner_name ?? null,
    ...money,
    ...dates,
    title_company: row.title_company,
    mao: figures.mao,
    max_offer: figures.maxOffer,
    buyer_id: row.buyer_id,
    buyer_name: row.buyer_company ?? row.buyer_contact ?? null,
    exit_strategy: row.exit_strategy as Deal['exit_strategy'],
    notes: row.notes,
    stage_changed_at: iso(row.stage_changed_at),
    contracted_at: isoOrNull(row.contracted_at),
    closed_at: isoOrNull(row.closed_at),
    lead_created_at: iso(row.lead_created_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

export async function findDealRow(tx: Tx, organizationId: string, id: string, lock = false) {
  if (lock) await tx.selectFrom('deals').select('id').where('organization_id', '=', organizationId).where('id', '=', id).forUpdate().execute();
  return dealQuery(tx, organizationId).where('d.id', '=', id).executeTakeFirst();
}

export async function openDealOfLead(tx: Tx, organizationId: string, leadId: string) {
  return tx
    .selectFrom('deals')
    .select(['id', 'stage'])
    .where('organization_id', '=', organizationId)
    .where('lead_id', '=', leadId)
    .where('stage', 'not in', ['closed', 'dead'])
    .executeTakeFirst();
}

export async function insertDeal(tx: Tx, values: Insertable<Deals>) {
  return tx.insertInto('deals').values(values).returning('id').executeTakeFirstOrThrow();
}

export async function updateDeal(tx: Tx, organizationId: string, id: string, values: Updateable<Deals>) {
  await tx.updateTable('deals').set({ ...values, updated_at: new Date() }).where('organization_id', '=', organizationId).where('id', '=', id).execute();
}

/** A deal's raw column values, for diffing a change against what was stored. */
export function comparable(row: DealRow): Record<string, unknown> {
  const out: Record<string, unknown> = { ...row };
  for (const k of MONEY) out[k] = num(row[k]);
  for (const k of DATES) out[k] = day(row[k]);
  return out;
}

type OfferRow = { id: string; deal_id: string; amount: unknown; offered_on: unknown; terms: string | null; status: string; counter_amount: unknown; created_by: string | null; created_at: Date | string; updated_at: Date | string };

export const toOffer = (row: OfferRow): DealOffer => ({
  id: row.id,
  deal_id: row.deal_id,
  amount: Number(row.amount),
  offered_on: day(row.offered_on)!,
  terms: row.terms,
  status: row.status as DealOffer['status'],
  counter_amount: num(row.counter_amount),
  created_by: row.created_by,
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
});

const OFFER_COLUMNS = ['id', 'deal_id', 'amount', 'offered_on', 'terms', 'status', 'counter_amount', 'created_by', 'created_at', 'updated_at'] as const;

export async function listOffers(tx: Tx, organizationId: string, dealId: string): Promise<DealOffer[]> {
  const rows = await tx
    .selectFrom('deal_offers')
    .select(OFFER_COLUMNS)
    .where('organization_id', '=', organizationId)
    .where('deal_id', '=', dealId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toOffer);
}

export async function findOffer(tx: Tx, organizationId: string, dealId: string, id: string) {
  const row = await tx
    .selectFrom('deal_offers')
    .select(OFFER_COLUMNS)
    .where('organization_id', '=', organizationId)
    .where('deal_id', '=', dealId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row ? toOffer(row) : null;
}

export async function insertOffer(tx: Tx, values: Insertable<DealOffers>) {
  return toOffer(await tx.insertInto('deal_offers').values(values).returning(OFFER_COLUMNS).executeTakeFirstOrThrow());
}

export async function updateOffer(tx: Tx, organizationId: string, id: string, values: Updateable<DealOffers>) {
  return toOffer(
    await tx
      .updateTable('deal_offers')
      .set({ ...values, updated_at: new Date() })
      .where('organization_id', '=', organizationId)
      .where('id', '=', id)
      .returning(OFFER_COLUMNS)
      .executeTakeFirstOrThrow(),
  );
}

/** Whether `userId` is a member of the organization (a deal's owner must be). */
export async function isMember(tx: Tx, organizationId: string, userId: string): Promise<boolean> {
  const row = await tx.selectFrom('user_profiles').select('id').where('organization_id', '=', organizationId).where('id', '=', userId).executeTakeFirst();
  return Boolean(row);
}

export async function buyerExists(tx: Tx, organizationId: string, buyerId: string): Promise<boolean> {
  const row = await tx.selectFrom('buyers').select('id').where('organization_id', '=', organizationId).where('id', '=', buyerId).executeTakeFirst();
  return Boolean(row);
}

export const countOf = sql<number>`count(*)::int`;
