import { LRUCache } from 'lru-cache';
import {
  analyzeComps,
  boundingBox,
  COMPS_LIMIT,
  COMPS_MISSING_DATA,
  compsMissingData,
  compsMissingMessage,
  monthsBefore,
  sqftRange,
  type CompCandidate,
  type CompsQuery,
  type CompsResponse,
  type CompsSource,
  type CompsSubject,
} from '@wholesail/domain';
import type { RequestContext } from '../../http/context';
import { badRequest, notFound } from '../../http/errors';
import type { ComparablesResult, EnrichmentProvider } from '../../providers/enrichment';
import { readSection } from '../settings/repo';
import * as repo from './repo';

/**
 * The provider's answers, kept ten minutes per organization, lead and search: pinning or excluding a comp asks
 * again with the same search, and each provider search is paid for.
 */
const providerAnswers = new LRUCache<string, ComparablesResult>({ max: 2_000, ttl: 10 * 60_000 });

const sameAddress = (a: string) => a.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

/** The provider's comparables for the subject, and the sentence that says which sources the comps come from. */
async function providerSales(
  provider: EnrichmentProvider,
  key: string,
  subject: CompsSubject,
  query: CompsQuery,
  soldSince: string,
  log: (error: unknown) => void,
): Promise<{ sales: CompCandidate[]; source: CompsSource }> {
  const recordsOnly = (why: string): { sales: CompCandidate[]; source: CompsSource } => ({
    sales: [],
    source: { kind: 'records', message: `Comparable sales from your own property records (your leads with a recorded sale). ${why}` },
  });
  if (!provider.findComparables) return recordsOnly('No property-data provider is configured, so BatchData was not searched.');
  if (!subject.address) return recordsOnly("BatchData was not searched: it needs the lead's street address.");
  let answer = providerAnswers.get(key);
  if (!answer) {
    answer = await provider.findComparables({ address: subject.address, radiusMiles: query.radius_miles, soldSince }).catch((error: unknown) => {
      log(error);
      return { success: false, error: 'it did not answer in time' };
    });
    if (answer.success) providerAnswers.set(key, answer);
  }
  if (!answer.success) return recordsOnly(`BatchData could not be searched just now (${answer.error ?? 'no reason given'}).`);
  return {
    sales: answer.sales ?? [],
    source: { kind: 'records+batchdata', message: 'Comparable sales from your own property records and from BatchData.' },
  };
}

/** The records' search around a subject: its box, size range and sale window (the benchmark explains it too). */
export function salesSearch(subject: CompsSubject, query: CompsQuery, today: string): repo.SalesSearch {
  return {
    subjectId: subject.id,
    center: subject,
    box: boundingBox(subject, query.radius_miles),
    sqft: sqftRange(subject.building_square_feet, query.sqft_pct),
    soldFrom: monthsBefore(today, query.months),
    soldTo: today,
    limit: COMPS_LIMIT,
  };
}

/**
 * GET /api/leads/:id/comps: the subject, its comparable sales from the organization's records (and the provider's
 * when one is configured), adjusted with the organization's deal settings, and the ARV they give. A lead that
 * cannot be compared is a 400 that names what it lacks.
 */
export async function leadComps(
  ctx: RequestContext,
  provider: EnrichmentProvider,
  leadId: string,
  query: CompsQuery,
  log: (error: unknown) => void,
  today = new Date().toISOString().slice(0, 10),
): Promise<CompsResponse> {
  const soldSince = monthsBefore(today, query.months);
  const { subject, records, rates } = await ctx.read(async (tx) => {
    const row = await repo.findSubject(tx, ctx.organizationId, leadId);
    if (!row) throw notFound('Lead not found');
    const missing = compsMissingData(row);
    if (missing.length) throw badRequest(compsMissingMessage(missing), COMPS_MISSING_DATA);
    const subject = { ...row, latitude: row.latitude!, longitude: row.longitude!, building_square_feet: row.building_square_feet! };
    const records = await repo.findSales(tx, ctx.organizationId, salesSearch(subject, query, today));
    return { subject, records, rates: (await readSection(tx, ctx.organizationId, 'deals')).compAdjustments };
  });
  const key = [ctx.organizationId, leadId, query.radius_miles, soldSince].join(':');
  const external = await providerSales(provider, key, subject, query, soldSince, log);
  // A sale both sources know is shown once, as the organization's record.
  const known = new Set(records.map((r) => sameAddress(r.address)));
  const candidates = [...records, ...external.sales.filter((s) => !known.has(sameAddress(s.address)))];
  return { subject, ...analyzeComps({ subject, candidates, query, rates, today }), source: external.source };
}
