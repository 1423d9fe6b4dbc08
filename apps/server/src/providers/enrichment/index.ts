import { batchDataEnrichment } from './batchdata';
import { noEnrichment, type EnrichmentProvider } from './enrichment-provider';

export type { EnrichedProperty, EnrichmentProvider, EnrichmentResult } from './enrichment-provider';
export { NOT_CONFIGURED_MESSAGE } from './enrichment-provider';

export function createEnrichmentProvider(apiKey: string | undefined): EnrichmentProvider {
  return apiKey ? batchDataEnrichment(apiKey) : noEnrichment;
}
