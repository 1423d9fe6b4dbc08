import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import type { EnrichmentProvider, EnrichmentResult } from '../../providers/enrichment';
import { recordIntegration, type IntegrationOutcome } from './status';

const failure = (error: unknown): IntegrationOutcome => ({ ok: false, error: error instanceof Error ? error.message : String(error) });

/**
 * The property-data provider as one organization's request uses it: each BatchData lookup and comparables search
 * records its outcome for that organization (a refusal or a throw is an error; an answer, match or not, a success).
 * Without BatchData the provider is returned as it is: its refusals are not calls.
 */
export function recordingEnrichment(provider: EnrichmentProvider, db: Kysely<DB>, organizationId: string, log: FastifyBaseLogger): EnrichmentProvider {
  if (provider.kind === 'none') return provider;
  const record = (outcome: IntegrationOutcome) => recordIntegration(db, organizationId, 'batchdata', outcome, log);
  const recordAnswer = async <T extends Pick<EnrichmentResult, 'success' | 'error'>>(answer: Promise<T>): Promise<T> => {
    let result: T;
    try {
      result = await answer;
    } catch (error) {
      await record(failure(error));
      throw error;
    }
    await record(result.success ? { ok: true } : { ok: false, error: `BatchData answered: ${result.error ?? 'no reason given'}` });
    return result;
  };
  const { findComparables } = provider;
  return {
    kind: provider.kind,
    lookupProperty: (address) => recordAnswer(provider.lookupProperty(address)),
    ...(findComparables ? { findComparables: (search) => recordAnswer(findComparables.call(provider, search)) } : {}),
  };
}
