import type { EnrichedProperty, EnrichmentProvider, EnrichmentResult } from './enrichment-provider';

/** BatchData's property lookup (a paid call). */
export const LOOKUP_ENDPOINT = 'https://api.batchdata.com/api/v1/property/lookup/all-attributes';
const TIMEOUT_MS = 15_000;

/** "123 Main St, Austin, TX 78701" → its parts; anything else is sent as the street line. */
export function splitUsAddress(address: string): { street: string; city?: string; state?: string; zip?: string } {
  const parts = address.split(',').map((p) => p.trim()).filter((p) => p && !/^(USA|US|United States)$/i.test(p));
  const last = parts.at(-1);
  const stateZip = last?.match(/^([A-Za-z]{2})\s*(\d{5}(?:-\d{4})?)?$/);
  if (parts.length >= 3 && stateZip) {
    return { street: parts.slice(0, -2).join(', '), city: parts.at(-2), state: stateZip[1]!.toUpperCase(), zip: stateZip[2] };
  }
  return { street: address.trim() };
}

export type Json = Record<string, unknown>;
export const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const first = (v: unknown): unknown => (Array.isArray(v) ? v[0] : undefined);
export const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null);
export const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const bool = (v: unknown): boolean | null => (typeof v === 'boolean' ? v : null);

/** Maps one BatchData property record onto our fields; absent data stays null. */
export function mapBatchDataProperty(p: Json): EnrichedProperty {
  const owner = obj(p.owner);
  const firstName = obj(first(owner.names));
  const building = obj(p.building);
  const valuation = obj(p.valuation);
  const sale = obj(obj(p.sale).lastSale);
  const lien = obj(p.openLien);
  const tax = obj(p.tax);
  const general = obj(p.general);
  const phone = first(owner.phoneNumbers);
  const ownerName = str(owner.fullName) ?? ([str(firstName.first), str(firstName.last)].filter(Boolean).join(' ') || null);
  return {
    owner_1_name: ownerName,
    contact_1_phone1: str(obj(phone).number) ?? str(phone),
    contact_1_email1: str(first(owner.emails)) ?? str(obj(first(owner.emails)).email),
    estimated_value: num(valuation.estimatedValue),
    property_type: str(general.propertyTypeDetail) ?? str(general.propertyTypeCategory),
    total_bedrooms: num(building.bedroomCount),
    total_baths: num(building.bathroomCount),
    building_square_feet: num(building.livingAreaSquareFeet) ?? num(building.totalBuildingAreaSquareFeet),
    year_built: num(building.yearBuilt),
    last_sale_date: str(sale.saleDate)?.slice(0, 10) ?? null,
    last_sale_price: num(sale.price) ?? num(sale.saleAmount),
    mortgage_balance: num(lien.totalOpenLienBalance),
    tax_delinquent: bool(tax.taxDelinquent) ?? bool(obj(p.quickLists).taxDefault),
    // BatchData does not score motivation; our scoring sets it from the lead's signals.
    motivation_score: null,
  };
}

/** POSTs `payload` to a BatchData endpoint: its JSON body, or the error its answer gives. */
export async function postBatchData(
  fetchImpl: typeof fetch,
  apiKey: string,
  url: string,
  payload: unknown,
  timeoutMs = TIMEOUT_MS,
): Promise<{ ok: true; body: Json } | { ok: false; error: string }> {
  const response = await fetchImpl(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(payload),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body = obj(await response.json().catch(() => ({})));
  if (!response.ok) return { ok: false, error: str(obj(body.status).message) ?? `BatchData answered ${response.status}` };
  return { ok: true, body };
}

export function batchDataEnrichment(apiKey: string, fetchImpl: typeof fetch = fetch): EnrichmentProvider {
  return {
    kind: 'batchdata',
    async lookupProperty(address): Promise<EnrichmentResult> {
      const answer = await postBatchData(fetchImpl, apiKey, LOOKUP_ENDPOINT, { requests: [{ address: splitUsAddress(address) }] });
      if (!answer.ok) return { success: false, error: answer.error };
      const property = first(obj(answer.body.results).properties);
      if (!property) return { success: true };
      return { success: true, data: mapBatchDataProperty(obj(property)) };
    },
  };
}
