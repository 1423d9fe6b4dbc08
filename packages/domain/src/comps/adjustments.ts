import type { DealSettings } from '../deals/deal-settings';
import type { CompAdjustmentBreakdown } from './comps-api';

export type CompAdjustmentRates = DealSettings['compAdjustments'];

/** What an adjustment compares: the subject's and a comp's size, rooms and age. */
export interface ComparedFeatures {
  building_square_feet: number | null;
  total_bedrooms: number | null;
  total_baths: number | null;
  year_built: number | null;
}

/** subject − comp, or 0 when either side is unknown (an unknown is not adjusted for). */
const gap = (subject: number | null, comp: number | null) => (subject === null || comp === null ? 0 : subject - comp);
/** Whole dollars, never -0 (it would print as "-$0"). */
const dollars = (x: number) => Math.round(x) || 0;

/**
 * Adjusts a comp's sale price toward the subject: each difference priced at the organization's rates, added when the
 * subject has more (the comp is worse) and subtracted when the comp has more (the comp is better). Age: a newer comp
 * (later year_built) is better; each year of difference is `perYearPercent` % of the comp's sale price.
 * Each figure is rounded to whole dollars; `total` is their sum.
 */
export function adjustComp(subject: ComparedFeatures, comp: ComparedFeatures & { sale_price: number }, rates: CompAdjustmentRates): CompAdjustmentBreakdown {
  const sqft = dollars(rates.perSqft * gap(subject.building_square_feet, comp.building_square_feet));
  const bedrooms = dollars(rates.perBedroom * gap(subject.total_bedrooms, comp.total_bedrooms));
  const bathrooms = dollars(rates.perBathroom * gap(subject.total_baths, comp.total_baths));
  const age = dollars((rates.perYearPercent / 100) * comp.sale_price * gap(subject.year_built, comp.year_built));
  return { sqft, bedrooms, bathrooms, age, total: sqft + bedrooms + bathrooms + age };
}
