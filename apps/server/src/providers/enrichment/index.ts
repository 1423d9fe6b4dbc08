import { batchDataEnrichment } from './batchdata';
import { batchDataComparables } from './batchdata-comps';
import { noEnrichment, type EnrichmentProvider } from './enrichment-provider';

export type { ComparablesResult, ComparablesSearch, EnrichedProperty, EnrichmentProvider, EnrichmentResult } from './enrichment-provider';
export { NOT_CONFIGURED_MESSAGE } from './enrichment-provider';

/** BatchData (lookups and comparables) with a key; otherwise none, whose lookups say it is not configured. */
export function createEnrichmentProvider(apiKey: string | undefined): EnrichmentProvider {
  return apiKey ? { ...batchDataEnrichment(apiKey), findComparables: batchDataComparables(apiKey) } : noEnrichment;
}
