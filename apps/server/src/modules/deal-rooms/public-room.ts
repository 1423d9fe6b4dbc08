import { z } from 'zod';
import { REHAB_TIER_LABELS, REHAB_TIERS, REPAIR_CATEGORIES, REPAIR_CATEGORY_LABELS, type PublicRoom } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import { iso } from '../../db/timestamps';
import { day, num } from '../deals/repo';
import type { OpenedRoom, RoomCredentials } from './room-access';
import { listPhotos, roomComps, toPhoto } from './repo';

/**
 * The calculator's repair inputs as saved in an analysis (apps/web calculator-inputs.ts): only what the line items
 * need, each part optional, so an analysis saved in another form gives no lines rather than an error.
 */
const amount = z.number().finite().min(0).nullable().catch(null);
const savedRepairs = z.object({
  repairMode: z.enum(['items', 'tier']),
  items: z.array(z.object({ category: z.enum(REPAIR_CATEGORIES), quantity: amount, unitCost: amount })).catch([]),
  tier: z.enum(REHAB_TIERS).catch('moderate'),
  sqft: amount,
  tierRates: z.object({ cosmetic: amount, moderate: amount, fullGut: amount }).partial().catch({}),
  contingencyPercent: z.number().finite().min(0).max(100).catch(0),
});

/** The repair estimate's line items from the deal's latest analysis: each item, or the tier's figure, then the contingency. */
export function repairLines(inputs: unknown): PublicRoom['repairs'] {
  const parsed = savedRepairs.safeParse(typeof inputs === 'string' ? JSON.parse(inputs) : inputs);
  if (!parsed.success) return [];
  const r = parsed.data;
  const lines =
    r.repairMode === 'items'
      ? r.items.filter((i) => i.quantity !== null && i.unitCost !== null).map((i) => ({ label: REPAIR_CATEGORY_LABELS[i.category], amount: i.quantity! * i.unitCost! }))
      : r.sqft !== null && r.tierRates[r.tier] != null
        ? [{ label: `${REHAB_TIER_LABELS[r.tier]} rehab, ${r.sqft.toLocaleString('en-US')} sq ft`, amount: r.sqft * r.tierRates[r.tier]! }]
        : [];
  const subtotal = lines.reduce((sum, l) => sum + l.amount, 0);
  const contingency = (subtotal * r.contingencyPercent) / 100;
  return contingency > 0 ? [...lines, { label: `Contingency (${r.contingencyPercent}%)`, amount: contingency }] : lines;
}

/** The property's public facts: where it is and what it is, nothing about who owns it. */
async function propertyFacts(tx: Tx, organizationId: string, dealId: string) {
  return tx
    .selectFrom('deals as d')
    .innerJoin('leads as l', (j) => j.onRef('l.organization_id', '=', 'd.organization_id').onRef('l.id', '=', 'd.lead_id'))
    .select([
      'd.arv', 'd.repair_estimate', 'l.property_address_line_1', 'l.property_address_street', 'l.property_address', 'l.property_address_full',
      'l.property_address_city', 'l.property_address_state', 'l.property_address_zip', 'l.property_address_zipcode', 'l.property_type',
      'l.total_bedrooms', 'l.total_baths', 'l.building_square_feet', 'l.year_built', 'l.lot_square_feet',
    ])
    .where('d.organization_id', '=', organizationId)
    .where('d.id', '=', dealId)
    .executeTakeFirstOrThrow();
}

async function latestInputs(tx: Tx, organizationId: string, dealId: string): Promise<unknown> {
  const row = await tx
    .selectFrom('deal_analyses')
    .select('inputs')
    .where('organization_id', '=', organizationId)
    .where('deal_id', '=', dealId)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.inputs ?? null;
}

/** A photo's public link carries the credentials the room was opened with (an <img> sends no headers). */
function photoUrl(slug: string, photoId: string, given: RoomCredentials, opened: OpenedRoom): string {
  const base = `/api/public/deal-rooms/${slug}/photos/${photoId}`;
  if (opened.invite && given.invite) return `${base}?invite=${encodeURIComponent(given.invite)}`;
  if (opened.room.access === 'password' && given.password) return `${base}?password=${encodeURIComponent(given.password)}`;
  return base;
}

/**
 * GET /api/public/deal-rooms/:slug: built field by field from the room, the lead's property columns and the deal's
 * ARV and repairs. Never the seller, the contract price, the fee, notes or another record's id (docs/api-deal-rooms.md).
 */
export async function publicRoom(tx: Tx, organizationId: string, opened: OpenedRoom, given: RoomCredentials, viewId: string): Promise<PublicRoom> {
  const { room, invite } = opened;
  const [facts, inputs, photos, org] = await Promise.all([
    propertyFacts(tx, organizationId, room.deal_id),
    latestInputs(tx, organizationId, room.deal_id),
    listPhotos(tx, organizationId, room.id),
    tx.selectFrom('organizations').select('name').where('id', '=', organizationId).executeTakeFirstOrThrow(),
  ]);
  const address = facts.property_address_line_1 ?? facts.property_address_street ?? facts.property_address ?? facts.property_address_full;
  return {
    slug: room.slug,
    headline: room.headline ?? address ?? 'Investment property',
    organization_name: org.name,
    property: {
      address,
      city: facts.property_address_city,
      state: facts.property_address_state,
      zip: facts.property_address_zip ?? facts.property_address_zipcode,
      property_type: facts.property_type,
      beds: num(facts.total_bedrooms),
      baths: num(facts.total_baths),
      sqft: num(facts.building_square_feet),
      year_built: num(facts.year_built),
      lot_size: num(facts.lot_square_feet),
    },
    asking_price: num(room.asking_price),
    arv: num(facts.arv),
    comps: roomComps(room),
    repair_estimate: num(facts.repair_estimate),
    repairs: repairLines(inputs),
    description: room.description,
    showing_notes: room.showing_notes,
    earnest_money_required: num(room.earnest_money_required),
    closing_date: day(room.closing_date),
    contact: { name: room.contact_name, phone: room.contact_phone, email: room.contact_email },
    photos: photos.map((p) => toPhoto(p, photoUrl(room.slug, p.id, given, opened))),
    expires_at: room.expires_at === null ? null : iso(room.expires_at),
    view_id: viewId,
    buyer: invite ? { name: invite.contact_name, email: invite.primary_email, phone: invite.primary_phone } : null,
  };
}
