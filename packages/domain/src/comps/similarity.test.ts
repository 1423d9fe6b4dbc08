import { describe, expect, it } from 'vitest';
import { compSimilarity, monthsBetween } from './similarity';

const subject = { building_square_feet: 1500, total_bedrooms: 3, total_baths: 2, year_built: 1990 };

describe('compSimilarity', () => {
  it('is 100 for the same house sold today next door, 0 for one unlike it in every way', () => {
    expect(compSimilarity(subject, { ...subject, distance_miles: 0, sale_date: '2024-07-01' }, '2024-07-01')).toBe(100);
    const unlike = { building_square_feet: 750, total_bedrooms: 1, total_baths: 0, year_built: 2030, distance_miles: 1, sale_date: '2022-07-01' };
    expect(compSimilarity(subject, unlike, '2024-07-01')).toBe(0);
  });

  it('weighs distance 30, size 25, beds+baths 15, age 15 and recency 15', () => {
    // distance 30 × (1 − 0.25/1) = 22.5; size 25 × (1 − 0.1/0.5) = 20; rooms 15 × (1 − 1/4) = 11.25;
    // age 15 × (1 − 10/40) = 11.25; recency 182 days = 5.9796 months → 15 × (1 − 5.9796/24) = 11.263. Sum 76.26 → 76.
    const comp = { building_square_feet: 1650, total_bedrooms: 4, total_baths: 2, year_built: 2000, distance_miles: 0.25, sale_date: '2024-01-01' };
    expect(compSimilarity(subject, comp, '2024-07-01')).toBe(76);
  });

  it('scores half of a part unknown on either side', () => {
    // distance 30 + size 25 + rooms 7.5 + age 7.5 + recency 15 = 85.
    const comp = { building_square_feet: 1500, total_bedrooms: null, total_baths: null, year_built: null, distance_miles: 0, sale_date: '2024-07-01' };
    expect(compSimilarity(subject, comp, '2024-07-01')).toBe(85);
  });

  it('counts months as 30.44-day months', () => {
    expect(monthsBetween('2024-01-01', '2024-07-01')).toBeCloseTo(182 / 30.436875, 9);
  });
});
