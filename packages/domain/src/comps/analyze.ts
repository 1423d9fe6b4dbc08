import { adjustComp, type CompAdjustmentRates } from './adjustments';
import { estimateArv, outlierFlags } from './arv';
import { COMPS_LIMIT, type ArvEstimate, type Comp, type CompsQuery, type CompsSearch, type CompsSubject } from './comps-api';
import { haversineMiles } from './geo';
import { compSimilarity } from './similarity';

/** A sale found by a source, before it is measured against the subject. */
export interface CompCandidate {
  id: string;
  address: string;
  latitude: number;
  longitude: number;
  /** YYYY-MM-DD */
  sale_date: string;
  sale_price: number;
  building_square_feet: number | null;
  total_bedrooms: number | null;
  total_baths: number | null;
  year_built: number | null;
}

/** YYYY-MM-DD `months` calendar months before `today` (clamped to the month's last day: 31 March − 1 month = 28/29 February). */
export function monthsBefore(today: string, months: number): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 - months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, lastDay));
  return first.toISOString().slice(0, 10);
}

/** The square-footage window of a search: ±sqft_pct % of the subject's, whole square feet. */
export function sqftRange(subjectSqft: number, sqftPct: number): { min: number; max: number } {
  return { min: Math.ceil(subjectSqft * (1 - sqftPct / 100)), max: Math.floor(subjectSqft * (1 + sqftPct / 100)) };
}

/**
 * Whether a candidate meets the search: sold for more than 0 within `months` before today (and not after it),
 * within `radius_miles`, and sized within ±sqft_pct of the subject. The SQL applies the same rules to the records;
 * this also holds a provider's answers to them.
 */
export function meetsSearch(subject: CompsSubject, c: CompCandidate, search: CompsSearch, today: string): boolean {
  const size = sqftRange(subject.building_square_feet, search.sqft_pct);
  return (
    c.sale_price > 0 &&
    c.sale_date >= monthsBefore(today, search.months) &&
    c.sale_date <= today &&
    c.building_square_feet !== null &&
    c.building_square_feet >= size.min &&
    c.building_square_feet <= size.max &&
    haversineMiles(subject, c) <= search.radius_miles
  );
}

/**
 * The comps screen from the subject and the sales found: each comp measured (distance, $/sqft, adjustments,
 * similarity), flagged (pinned, excluded, outlier of $/sqft) and ranked by similarity then distance; the ARV from
 * the comps used. Sales that miss the search are dropped; at most COMPS_LIMIT nearest are kept.
 */
export function analyzeComps(input: {
  subject: CompsSubject;
  candidates: readonly CompCandidate[];
  query: CompsQuery;
  rates: CompAdjustmentRates;
  /** YYYY-MM-DD */
  today: string;
}): { comps: Comp[]; arv: ArvEstimate } {
  const { subject, query, rates, today } = input;
  const found = input.candidates
    .filter((c) => meetsSearch(subject, c, query, today))
    .map((c) => ({ c, distance: haversineMiles(subject, c) }))
    .sort((a, b) => a.distance - b.distance)
    .slice(0, COMPS_LIMIT);
  const measured = found.map(({ c, distance }) => {
    const adjustments = adjustComp(subject, c, rates);
    return {
      id: c.id,
      address: c.address,
      distance_miles: Math.round(distance * 100) / 100,
      sale_date: c.sale_date,
      sale_price: c.sale_price,
      building_square_feet: c.building_square_feet,
      total_bedrooms: c.total_bedrooms,
      total_baths: c.total_baths,
      year_built: c.year_built,
      price_per_sqft: c.building_square_feet ? Math.round((c.sale_price / c.building_square_feet) * 100) / 100 : null,
      adjustments,
      adjusted_price: c.sale_price + adjustments.total,
      similarity: compSimilarity(subject, { ...c, distance_miles: distance }, today),
      pinned: query.pin.includes(c.id),
      excluded: query.exclude.includes(c.id),
    };
  });
  const outliers = outlierFlags(
    measured.map((c) => c.price_per_sqft),
    measured.map((c) => !c.excluded),
  );
  const comps = measured
    .map((c, i) => ({ ...c, outlier: outliers[i]! }))
    .sort((a, b) => b.similarity - a.similarity || a.distance_miles - b.distance_miles || a.id.localeCompare(b.id));
  return { comps, arv: estimateArv(comps) };
}
