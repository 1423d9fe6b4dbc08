import type { CompCandidate } from '@wholesail/domain';
import { mapBatchDataProperty, num, obj, postBatchData, splitUsAddress, str, type Json } from './batchdata';
import type { ComparablesResult, ComparablesSearch } from './enrichment-provider';

const SEARCH_ENDPOINT = 'https://api.batchdata.com/api/v1/property/search';
/** The comps screen waits for the provider: shorter than a lookup job's 15 s. */
const COMPS_TIMEOUT_MS = 8_000;
/** One page of the provider's nearest comparables; the analysis keeps what meets the search. */
const TAKE = 50;

/** One property of BatchData's search as a comp candidate; null without coordinates, a sale or an id. */
export function toCandidate(p: Json): CompCandidate | null {
  const address = obj(p.address);
  const mapped = mapBatchDataProperty(p);
  const id = str(p._id) ?? str(p.id);
  const latitude = num(address.latitude);
  const longitude = num(address.longitude);
  if (!id || latitude === null || longitude === null || !mapped.last_sale_date || !mapped.last_sale_price) return null;
  const zip = str(address.zip);
  const line = [str(address.street), str(address.city), [str(address.state), zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return {
    id: `batchdata:${id.replace(/[^A-Za-z0-9_-]/g, '')}`.slice(0, 100),
    address: line || 'Address not given',
    latitude,
    longitude,
    sale_date: mapped.last_sale_date,
    sale_price: mapped.last_sale_price,
    building_square_feet: mapped.building_square_feet,
    total_bedrooms: mapped.total_bedrooms,
    total_baths: mapped.total_baths,
    year_built: mapped.year_built,
  };
}

/**
 * BatchData's comparables: the property search with the subject as `compAddress`, limited by distance and by the
 * last sale date. Size, sale price and the exact radius are held to the search by the analysis (packages/domain
 * meetsSearch), as for the organization's own records.
 */
export function batchDataComparables(apiKey: string, fetchImpl: typeof fetch = fetch) {
  return async (search: ComparablesSearch): Promise<ComparablesResult> => {
    const payload = {
      searchCriteria: { compAddress: splitUsAddress(search.address), intel: { lastSoldDate: { minDate: search.soldSince } } },
      options: { useDistance: true, distanceMiles: search.radiusMiles, skip: 0, take: TAKE, dateFormat: 'iso-date' },
    };
    const answer = await postBatchData(fetchImpl, apiKey, SEARCH_ENDPOINT, payload, COMPS_TIMEOUT_MS);
    if (!answer.ok) return { success: false, error: answer.error };
    const properties = obj(answer.body.results).properties;
    const sales = (Array.isArray(properties) ? properties : []).map((p) => toCandidate(obj(p))).filter((c): c is CompCandidate => c !== null);
    return { success: true, sales };
  };
}
