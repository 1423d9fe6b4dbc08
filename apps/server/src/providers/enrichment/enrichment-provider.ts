import type { CompCandidate } from '@wholesail/domain';

/** The answer of a property lookup (dialer.md §7 batchdata-enrichment). */
export interface EnrichedProperty {
  owner_1_name: string | null;
  contact_1_phone1: string | null;
  contact_1_email1: string | null;
  estimated_value: number | null;
  property_type: string | null;
  total_bedrooms: number | null;
  total_baths: number | null;
  building_square_feet: number | null;
  year_built: number | null;
  last_sale_date: string | null;
  last_sale_price: number | null;
  mortgage_balance: number | null;
  tax_delinquent: boolean | null;
  motivation_score: number | null;
}

export interface EnrichmentResult {
  success: boolean;
  skipped?: boolean;
  error?: string;
  data?: EnrichedProperty;
}

/** A comparables search around a subject address: sales within the radius, sold on or after `soldSince`. */
export interface ComparablesSearch {
  address: string;
  radiusMiles: number;
  /** YYYY-MM-DD */
  soldSince: string;
}

/** The provider's sales, in the shape the comps analysis takes (packages/domain CompCandidate). */
export interface ComparablesResult {
  success: boolean;
  error?: string;
  sales?: CompCandidate[];
}

export interface EnrichmentProvider {
  readonly kind: 'batchdata' | 'none';
  lookupProperty(address: string): Promise<EnrichmentResult>;
  /** Comparable sales, on a provider that has a comparables search (BatchData's property search by compAddress). */
  findComparables?(search: ComparablesSearch): Promise<ComparablesResult>;
}

export const NOT_CONFIGURED_MESSAGE = 'Data enrichment service is not configured. Basic property info only.';

/** Without BATCHDATA_API_KEY: every lookup is skipped with the spec's message. */
export const noEnrichment: EnrichmentProvider = {
  kind: 'none',
  async lookupProperty() {
    return { success: false, skipped: true, error: NOT_CONFIGURED_MESSAGE };
  },
};
