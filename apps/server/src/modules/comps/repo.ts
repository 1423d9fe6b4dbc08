import { sql } from 'kysely';
import type { BoundingBox, CompCandidate } from '@wholesail/domain';
import type { Tx } from '../../db/scope';

/**
 * A lead's coordinates: the first pair set of the three the record carries. Migration 0028 indexes these very
 * expressions, so the planner matches them; CASE rather than COALESCE so that it may use them under row-level
 * security (the migration says why).
 */
export const LAT = sql<number | null>`(case when property_lat is not null then property_lat when latitude is not null then latitude else lat end)`;
export const LNG = sql<number | null>`(case when property_lng is not null then property_lng when longitude is not null then longitude else lng end)`;
const ADDRESS = sql<string | null>`coalesce(property_address_full, property_address)`;

export interface SubjectRow {
  id: string;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  building_square_feet: number | null;
  total_bedrooms: number | null;
  total_baths: number | null;
  year_built: number | null;
  property_type: string | null;
  estimated_value: number | null;
}

export async function findSubject(tx: Tx, organizationId: string, id: string): Promise<SubjectRow | undefined> {
  return tx
    .selectFrom('leads')
    .select(['id', ADDRESS.as('address'), LAT.as('latitude'), LNG.as('longitude'), 'building_square_feet', 'total_bedrooms', 'total_baths', 'year_built', 'property_type', 'estimated_value'])
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .where('status', '<>', 'deleted')
    .executeTakeFirst();
}

export interface SalesSearch {
  subjectId: string;
  center: { latitude: number; longitude: number };
  box: BoundingBox;
  sqft: { min: number; max: number };
  /** YYYY-MM-DD, both inclusive. */
  soldFrom: string;
  soldTo: string;
  limit: number;
}

/**
 * The organization's sold, live leads in the box, sold in the window and sized in the range, nearest first by the
 * flat-earth distance (exact at these scales for ordering; the analysis measures the true one). The partial
 * index's conditions are written as literals so that a generic plan of the prepared statement can use it too.
 * The benchmark explains this very query.
 */
export function salesQuery(tx: Tx, organizationId: string, s: SalesSearch) {
  const cos = Math.cos((s.center.latitude * Math.PI) / 180);
  return tx
    .selectFrom('leads')
    .select([
      'id',
      sql<string>`coalesce(property_address_full, property_address, 'Address not recorded')`.as('address'),
      LAT.as('latitude'),
      LNG.as('longitude'),
      'last_sale_date',
      'last_sale_price',
      'building_square_feet',
      'total_bedrooms',
      'total_baths',
      'year_built',
    ])
    .where('organization_id', '=', organizationId)
    .where(sql<boolean>`last_sale_price > 0 and status <> 'deleted'`)
    .where(LAT, '>=', s.box.minLat)
    .where(LAT, '<=', s.box.maxLat)
    .where(LNG, '>=', s.box.minLng)
    .where(LNG, '<=', s.box.maxLng)
    .where('last_sale_date', '>=', s.soldFrom)
    .where('last_sale_date', '<=', s.soldTo)
    .where('building_square_feet', '>=', s.sqft.min)
    .where('building_square_feet', '<=', s.sqft.max)
    .where('id', '<>', s.subjectId)
    .orderBy(sql`power(${LAT} - ${s.center.latitude}, 2) + power((${LNG} - ${s.center.longitude}) * ${cos}, 2)`)
    .orderBy('id')
    .limit(s.limit);
}

export async function findSales(tx: Tx, organizationId: string, s: SalesSearch): Promise<CompCandidate[]> {
  const rows = await salesQuery(tx, organizationId, s).execute();
  return rows.map((r) => ({
    id: r.id,
    address: r.address,
    latitude: r.latitude!,
    longitude: r.longitude!,
    sale_date: r.last_sale_date!,
    sale_price: r.last_sale_price!,
    building_square_feet: r.building_square_feet,
    total_bedrooms: r.total_bedrooms,
    total_baths: r.total_baths,
    year_built: r.year_built,
  }));
}
