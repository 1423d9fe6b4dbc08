import type { ComparedFeatures } from './adjustments';

/**
 * How much each likeness counts toward the 0–100 similarity, and the difference at which it counts nothing:
 * a comp a mile away, 50 % off in size, 4 bedrooms-plus-bathrooms apart, 40 years apart in age or sold 24 months
 * ago scores 0 on that part. A part unknown on either side scores half.
 */
export const SIMILARITY_WEIGHTS = { distance: 30, size: 25, rooms: 15, age: 15, recency: 15 } as const;
export const SIMILARITY_ZERO_AT = { miles: 1, sizeRatio: 0.5, rooms: 4, years: 40, months: 24 } as const;

const part = (difference: number | null, zeroAt: number) => (difference === null ? 0.5 : Math.max(0, 1 - Math.abs(difference) / zeroAt));
const both = (a: number | null, b: number | null) => (a === null || b === null ? null : a - b);

/** Whole months (30.44 days) between a sale date and today, both YYYY-MM-DD. */
export function monthsBetween(saleDate: string, today: string): number {
  return (Date.parse(today) - Date.parse(saleDate)) / (30.436875 * 86_400_000);
}

export interface SimilarityInput extends ComparedFeatures {
  distance_miles: number;
  sale_date: string;
}

/** 0–100 (whole number): the weighted sum of distance, size, beds/baths, age and recency likeness. */
export function compSimilarity(subject: ComparedFeatures, comp: SimilarityInput, today: string): number {
  const sizeRatio = subject.building_square_feet && comp.building_square_feet !== null ? (comp.building_square_feet - subject.building_square_feet) / subject.building_square_feet : null;
  const beds = both(subject.total_bedrooms, comp.total_bedrooms);
  const baths = both(subject.total_baths, comp.total_baths);
  const rooms = beds === null && baths === null ? null : Math.abs(beds ?? 0) + Math.abs(baths ?? 0);
  const score =
    SIMILARITY_WEIGHTS.distance * part(comp.distance_miles, SIMILARITY_ZERO_AT.miles) +
    SIMILARITY_WEIGHTS.size * part(sizeRatio, SIMILARITY_ZERO_AT.sizeRatio) +
    SIMILARITY_WEIGHTS.rooms * part(rooms, SIMILARITY_ZERO_AT.rooms) +
    SIMILARITY_WEIGHTS.age * part(both(subject.year_built, comp.year_built), SIMILARITY_ZERO_AT.years) +
    SIMILARITY_WEIGHTS.recency * part(Math.max(0, monthsBetween(comp.sale_date, today)), SIMILARITY_ZERO_AT.months);
  return Math.round(score);
}
