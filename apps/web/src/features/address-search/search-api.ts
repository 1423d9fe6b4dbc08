/** POST /api/enrichment/property and the lead created from a searched property. */
import type { Lead } from '@wholesail/domain';
import { apiRequest } from '@/lib/api';
import type { SelectedProperty } from './address';

export interface EnrichmentData {
  owner_1_name?: string | null;
  contact_1_phone1?: string | null;
  contact_1_email1?: string | null;
  estimated_value?: number | null;
  property_type?: string | null;
  total_bedrooms?: number | null;
  total_baths?: number | null;
  building_square_feet?: number | null;
  year_built?: number | null;
  last_sale_date?: string | null;
  last_sale_price?: number | null;
  mortgage_balance?: number | null;
  tax_delinquent?: boolean | null;
  motivation_score?: number | null;
}

export interface EnrichmentResponse {
  success: boolean;
  skipped?: boolean;
  error?: string;
  data?: EnrichmentData | null;
}

export const ENRICHMENT_FIELDS = [
  'owner_1_name', 'contact_1_phone1', 'contact_1_email1', 'estimated_value', 'property_type', 'total_bedrooms', 'total_baths',
  'building_square_feet', 'year_built', 'last_sale_date', 'last_sale_price', 'mortgage_balance', 'tax_delinquent', 'motivation_score',
] as const satisfies ReadonlyArray<keyof EnrichmentData>;

export function enrichProperty(address: string): Promise<EnrichmentResponse> {
  return apiRequest<EnrichmentResponse>('/api/enrichment/property', { method: 'POST', body: { address } });
}

/** The enrichment fields that carry a value; null when there are none. */
export function presentEnrichment(data: EnrichmentData | null | undefined): EnrichmentData | null {
  if (!data) return null;
  const present = Object.fromEntries(
    ENRICHMENT_FIELDS.filter((f) => data[f] !== null && data[f] !== undefined && data[f] !== '').map((f) => [f, data[f]]),
  ) as EnrichmentData;
  return Object.keys(present).length > 0 ? present : null;
}

/**
 * The create body (dialer.md §4): status 'new', source 'manual_search', the address parts, and the
 * enrichment data with data_source 'batchdata' when there was any (the server stamps enriched_at/by).
 */
export function leadBodyFor(property: SelectedProperty, enrichment: EnrichmentData | null): Record<string, unknown> {
  const body: Record<string, unknown> = {
    status: 'new',
    source: 'manual_search',
    property_address_full: property.formattedAddress,
    property_address_line_1: property.address || null,
    property_address_city: property.city,
    property_address_state: property.state && /^[A-Za-z]{2}$/.test(property.state) ? property.state.toUpperCase() : null,
    property_address_zipcode: property.zipCode,
    property_address_county: property.county,
    property_lat: property.lat,
    property_lng: property.lng,
  };
  const data = presentEnrichment(enrichment);
  if (data) {
    for (const field of ENRICHMENT_FIELDS) {
      const value = data[field];
      if (value === undefined) continue;
      // The lead column is a date; services sometimes send a full timestamp.
      body[field] = field === 'last_sale_date' && typeof value === 'string' ? value.slice(0, 10) : value;
    }
    body.data_source = 'batchdata';
  }
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== null && v !== undefined && v !== ''));
}

export function createLead(body: Record<string, unknown>): Promise<Lead> {
  return apiRequest<Lead>('/api/leads', { method: 'POST', body });
}
