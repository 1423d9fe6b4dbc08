/** POST /api/enrichment/property and the lead created from a searched property. */
import { ENRICHED_PROPERTY_FIELDS, type Lead, type LookedUpProperty, type PropertyLookup } from '@wholesail/domain';
import { apiRequest } from '@/lib/api';
import type { SelectedProperty } from './address';

/** The fields a lookup may find, in the order the property card and the lead body take them. */
export const ENRICHMENT_FIELDS = ENRICHED_PROPERTY_FIELDS;

export function enrichProperty(address: string): Promise<PropertyLookup> {
  return apiRequest<PropertyLookup>('/api/enrichment/property', { method: 'POST', body: { address } });
}

/** The enrichment fields that carry a value; null when there are none. */
export function presentEnrichment(data: LookedUpProperty | null | undefined): LookedUpProperty | null {
  if (!data) return null;
  const present = Object.fromEntries(
    ENRICHMENT_FIELDS.filter((f) => data[f] !== null && data[f] !== undefined && data[f] !== '').map((f) => [f, data[f]]),
  ) as LookedUpProperty;
  return Object.keys(present).length > 0 ? present : null;
}

/**
 * The create body (dialer.md §4): status 'new', source 'manual_search', the address parts, and the
 * enrichment data with data_source 'batchdata' when there was any (the server stamps enriched_at/by).
 */
export function leadBodyFor(property: SelectedProperty, enrichment: LookedUpProperty | null): Record<string, unknown> {
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
