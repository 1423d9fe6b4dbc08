import type { ArvEstimate } from './comps-api';

/** How many standard deviations from the mean price per square foot make a comp an outlier. */
export const OUTLIER_SIGMAS = 2;

/**
 * Flags the values beyond OUTLIER_SIGMAS population standard deviations of the mean of the values that count
 * (`counts`, default all: excluded comps do not shape the statistics, yet are flagged against them). Null values are
 * never flagged and never count. With five counted values or fewer none of them can be flagged: the farthest a value
 * can sit is (n−1)/√n σ.
 */
export function outlierFlags(values: ReadonlyArray<number | null>, counts: readonly boolean[] = values.map(() => true)): boolean[] {
  const known = values.filter((v, i): v is number => v !== null && counts[i] !== false);
  if (known.length < 2) return values.map(() => false);
  const mean = known.reduce((a, b) => a + b, 0) / known.length;
  const sd = Math.sqrt(known.reduce((a, v) => a + (v - mean) ** 2, 0) / known.length);
  return values.map((v) => v !== null && sd > 0 && Math.abs(v - mean) > OUTLIER_SIGMAS * sd);
}

/** The p-th percentile (0–100) of sorted values, interpolated linearly between ranks (spreadsheets' PERCENTILE.INC). */
export function percentile(sorted: readonly number[], p: number): number {
  const at = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
}

export interface ArvComp {
  adjusted_price: number;
  pinned: boolean;
  excluded: boolean;
  outlier: boolean;
}

/** A comp counts toward the ARV when pinned, or when neither excluded nor an outlier. */
export const usedInArv = (c: Omit<ArvComp, 'adjusted_price'>) => c.pinned || (!c.excluded && !c.outlier);

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * ARV = the median adjusted price of the comps used, with the 25th–75th percentile as its band: the middle half of
 * the used comps, so one far comp widens it less than a min–max would (with one comp all three are that comp's
 * price). Whole dollars.
 */
export function estimateArv(comps: readonly ArvComp[]): ArvEstimate {
  const used = comps.filter(usedInArv).map((c) => c.adjusted_price).sort((a, b) => a - b);
  const pinned = comps.filter((c) => c.pinned).length;
  const outliers = comps.filter((c) => c.outlier && !c.pinned && !c.excluded).length;
  const excluded = comps.filter((c) => c.excluded).length;
  const left = [outliers && plural(outliers, 'outlier'), excluded && `${excluded} excluded`].filter(Boolean).join(' and ');
  const notes = [pinned && `${pinned} pinned`, left && `${left} left out`].filter(Boolean).join('; ');
  if (used.length === 0) {
    return {
      value: null,
      low: null,
      high: null,
      method: `No comparable sale to value from${notes ? ` (${notes})` : ''}: widen the radius, the months or the size range, or pin a comp.`,
      used: 0,
    };
  }
  return {
    value: Math.round(percentile(used, 50)),
    low: Math.round(percentile(used, 25)),
    high: Math.round(percentile(used, 75)),
    method: `Median adjusted price of ${plural(used.length, 'comparable sale')}${notes ? ` (${notes})` : ''}; the range is their 25th to 75th percentile.`,
    used: used.length,
  };
}
