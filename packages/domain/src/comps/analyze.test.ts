import { describe, expect, it } from 'vitest';
import { DEFAULT_DEAL_SETTINGS } from '../deals/deal-settings';
import { analyzeComps, monthsBefore, sqftRange, type CompCandidate } from './analyze';
import { compsQuery } from './comps-api';

const MILE_LAT = 1 / 69.093418985531; // degrees of latitude per mile
const subject = {
  id: 'subject',
  address: '1 Subject St',
  latitude: 30,
  longitude: -97,
  building_square_feet: 1500,
  total_bedrooms: 3,
  total_baths: 2,
  year_built: 1990,
  property_type: 'Single Family',
  estimated_value: 290_000,
};
const sale = (id: string, miles: number, fields: Partial<CompCandidate> = {}): CompCandidate => ({
  id,
  address: `${id} Comp St`,
  latitude: 30 + miles * MILE_LAT,
  longitude: -97,
  sale_date: '2024-03-01',
  sale_price: 300_000,
  building_square_feet: 1500,
  total_bedrooms: 3,
  total_baths: 2,
  year_built: 1990,
  ...fields,
});
const candidates = [
  sale('A', 0.1),
  sale('B', 0.2, { building_square_feet: 1600, sale_price: 320_000 }), // −5,000 for 100 more sqft → 315,000
  sale('C', 0.3, { building_square_feet: 1400, sale_price: 270_000 }), // +5,000 → 275,000
  sale('D', 0.6), // beyond 0.5 miles
  sale('E', 0.1, { sale_date: '2023-05-31' }), // before 2023-06-01, 12 months back
  sale('F', 0.1, { building_square_feet: 1801 }), // above 1,800 (1,500 + 20 %)
  sale('G', 0.1, { sale_price: 0 }),
  sale('H', 0.1, { sale_date: '2024-06-02' }), // after today
];
const run = (query: Record<string, string> = {}) =>
  analyzeComps({ subject, candidates, query: compsQuery.parse(query), rates: DEFAULT_DEAL_SETTINGS.compAdjustments, today: '2024-06-01' });

describe('analyzeComps', () => {
  it('keeps the sales within radius, months and size, measures them and values the median adjusted price', () => {
    const { comps, arv } = run();
    expect(comps.map((c) => c.id)).toEqual(['A', 'B', 'C']);
    expect(comps.map((c) => [c.distance_miles, c.price_per_sqft, c.adjusted_price])).toEqual([
      [0.1, 200, 300_000],
      [0.2, 200, 315_000],
      [0.3, 192.86, 275_000],
    ]);
    expect(comps[1]!.adjustments).toEqual({ sqft: -5_000, bedrooms: 0, bathrooms: 0, age: 0, total: -5_000 });
    // [275k, 300k, 315k]: median 300k; p25 at rank 0.5 = 287.5k; p75 at rank 1.5 = 307.5k.
    expect(arv).toMatchObject({ value: 300_000, low: 287_500, high: 307_500, used: 3 });
  });

  it('follows the search: a wider radius, more months or a wider size range', () => {
    expect(run({ radius_miles: '1' }).comps.map((c) => c.id)).toContain('D');
    expect(run({ months: '13' }).comps.map((c) => c.id)).toContain('E');
    expect(run({ sqft_pct: '25' }).comps.map((c) => c.id)).toContain('F');
  });

  it('leaves an excluded comp out of the ARV and keeps it listed', () => {
    const { comps, arv } = run({ exclude: 'A' });
    expect(comps.find((c) => c.id === 'A')).toMatchObject({ excluded: true, pinned: false });
    // [275k, 315k]: median 295k; p25 285k; p75 305k.
    expect(arv).toMatchObject({ value: 295_000, low: 285_000, high: 305_000, used: 2 });
  });

  it('ranks by similarity, then distance', () => {
    const { comps } = run({ radius_miles: '1' });
    expect(comps.map((c) => c.similarity)).toEqual([...comps.map((c) => c.similarity)].sort((a, b) => b - a));
    // A is nearest and identical in size: ahead of D, identical but 0.6 miles out.
    expect(comps[0]!.id).toBe('A');
  });
});

describe('monthsBefore and sqftRange', () => {
  it('steps back calendar months, clamping to the last day of a shorter month', () => {
    expect(monthsBefore('2024-06-15', 12)).toBe('2023-06-15');
    expect(monthsBefore('2024-03-31', 1)).toBe('2024-02-29');
    expect(monthsBefore('2024-01-31', 2)).toBe('2023-11-30');
  });

  it('bounds size to whole square feet inside ±sqft_pct', () => {
    expect(sqftRange(1500, 20)).toEqual({ min: 1200, max: 1800 });
    // 1,066.4 → 1,067 and 1,599.6 → 1,599.
    expect(sqftRange(1333, 20)).toEqual({ min: 1067, max: 1599 });
  });
});
