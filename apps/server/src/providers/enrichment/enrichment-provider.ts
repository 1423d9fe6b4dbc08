import type { CompCandidate, EnrichedProperty, PropertyLookup } from '@wholesail/domain';

export type { EnrichedProperty };

/** The answer of a property lookup (dialer.md §7 batchdata-enrichment): the wire's, with every field of a found property. */
export type EnrichmentResult = Omit<PropertyLookup, 'data'> & { data?: EnrichedProperty };

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
