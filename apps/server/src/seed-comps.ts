import type { Kysely } from 'kysely';
import { withTenant } from './db/scope';
import type { DB } from './db/types';
import { deriveLeadColumns } from './modules/leads/derive';
import { FIRST, generator, LAST, STREETS } from './seed-leads';

/** Downtown of each demo city (the demo leads are placed within 3 miles of theirs) and its typical $/sqft. */
const CITIES: Record<string, { center: [lat: number, lng: number]; ppsf: number }> = {
  Austin: { center: [30.2672, -97.7431], ppsf: 290 },
  'Round Rock': { center: [30.5083, -97.6789], ppsf: 210 },
  'San Marcos': { center: [29.8833, -97.9414], ppsf: 185 },
  Pflugerville: { center: [30.4394, -97.62], ppsf: 195 },
  Georgetown: { center: [30.6333, -97.677], ppsf: 225 },
};

/** A neighbourhood's $/sqft: the city's, ±15 % in waves a few miles wide, so sales near each other agree. */
const localPpsf = (city: number, lat: number, lng: number) => city * (1 + 0.15 * Math.sin(lat * 90) * Math.cos(lng * 90));
const MILE_LAT = 1 / 69.0934;
/** Sales per demo lead: most within the default half mile, the rest out to 1.2 miles (a wider radius finds them). */
const NEAR = 9;
const FAR = 3;
export const NEIGHBORHOOD_SOURCE = 'Neighborhood sales';

/** A point `miles` from (lat, lng) along a bearing, on the flat map that is exact enough at a mile. */
function offset(lat: number, lng: number, miles: number, bearing: number): [number, number] {
  return [lat + miles * MILE_LAT * Math.cos(bearing), lng + (miles * MILE_LAT * Math.sin(bearing)) / Math.cos((lat * Math.PI) / 180)];
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Places the demo leads near their cities and gives each a neighbourhood of recent sales (12 each, 360 in all), so
 * a demo lead shows real comps. The sales are leads of the organization, as comps are (its own property records):
 * source 'Neighborhood sales', status new, no motivation, value, phone or email, and created two months back, so
 * they score 8 and sort after the demo leads in the list, the top 10 and the dashboard. Their $/sqft is the
 * neighbourhood's (localPpsf) with ±8 % spread; about one in fifteen is an outlier. Some are older than 12 months
 * or more than 20 % off in size, so the filters show what they do. Deterministic.
 */
export async function seedDemoComps(db: Kysely<DB>, organizationId: string, userId: string): Promise<void> {
  const rnd = generator(2024);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  const now = Date.now();
  await withTenant(db, organizationId, async (tx) => {
    const subjects = await tx
      .selectFrom('leads')
      .select(['id', 'property_address_city', 'property_address_state', 'property_address_zipcode', 'property_address_county', 'property_type', 'building_square_feet', 'total_bedrooms', 'total_baths', 'year_built'])
      .where('organization_id', '=', organizationId)
      .where('source', '=', 'demo')
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
    const placed = subjects.map((s) => {
      const city = CITIES[s.property_address_city ?? ''] ?? CITIES.Austin!;
      const [latitude, longitude] = offset(...city.center, rnd() * 3, rnd() * 2 * Math.PI);
      return { ...s, latitude, longitude, cityPpsf: city.ppsf, building_square_feet: s.building_square_feet ?? 1500 };
    });
    const sales = placed.flatMap((s, i) => {
      return Array.from({ length: NEAR + FAR }, (_, k) => {
        const [latitude, longitude] = offset(s.latitude, s.longitude, k < NEAR ? 0.05 + rnd() * 0.42 : 0.55 + rnd() * 0.65, rnd() * 2 * Math.PI);
        const sqft = Math.round((s.building_square_feet * (0.74 + rnd() * 0.52)) / 10) * 10;
        const outlier = rnd() < 1 / 15 ? (rnd() < 0.5 ? 0.5 : 1.8) : 1;
        const first = pick(FIRST);
        const last = pick(LAST);
        const street = `${100 + Math.floor(rnd() * 9800)} ${pick(STREETS)}`;
        const lead = {
          owner_1_name: `${first} ${last}`,
          owner_1_first_name: first,
          owner_1_last_name: last,
          property_address_full: `${street}, ${s.property_address_city}, ${s.property_address_state} ${s.property_address_zipcode}`,
          property_address: street,
          property_address_city: s.property_address_city,
          property_address_state: s.property_address_state,
          property_address_zipcode: s.property_address_zipcode,
          property_address_county: s.property_address_county,
          property_type: s.property_type,
          latitude,
          longitude,
          building_square_feet: sqft,
          total_bedrooms: Math.min(6, Math.max(1, (s.total_bedrooms ?? 3) + Math.round(rnd() * 2 - 1))),
          total_baths: Math.min(4, Math.max(1, (s.total_baths ?? 2) + Math.round(rnd() * 2 - 1))),
          year_built: (s.year_built ?? 1985) + Math.round((rnd() - 0.5) * 24),
          last_sale_price: Math.round((localPpsf(s.cityPpsf, latitude, longitude) * (0.92 + rnd() * 0.16) * outlier * sqft) / 500) * 500,
          last_sale_date: isoDay(now - (5 + rnd() * 520) * 86_400_000),
          status: 'new',
          source: NEIGHBORHOOD_SOURCE,
          lead_source: NEIGHBORHOOD_SOURCE,
          created_by: userId,
        };
        return { ...lead, ...deriveLeadColumns(lead), organization_id: organizationId, created_at: new Date(now - 60 * 86_400_000 - (i * 12 + k) * 60_000) };
      });
    });
    for (const s of placed) {
      await tx.updateTable('leads').set({ latitude: s.latitude, longitude: s.longitude }).where('organization_id', '=', organizationId).where('id', '=', s.id).execute();
    }
    if (sales.length) await tx.insertInto('leads').values(sales).execute();
  });
}
