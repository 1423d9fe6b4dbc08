import { describe, expect, it } from 'vitest';
import { DEFAULT_DEAL_SETTINGS } from '../deals/deal-settings';
import { adjustComp } from './adjustments';

// Defaults: $50 per sqft, $7,500 per bedroom, $5,000 per bathroom, 0.5 % of the comp's price per year of age.
const rates = DEFAULT_DEAL_SETTINGS.compAdjustments;
const subject = { building_square_feet: 1500, total_bedrooms: 3, total_baths: 2, year_built: 1990 };

describe('adjustComp', () => {
  it('subtracts what a better comp has more of', () => {
    // 50 × (1500 − 1600) = −5,000; 7,500 × (3 − 4) = −7,500; baths equal; 0.5 % × 300,000 × (1990 − 2000) = −15,000.
    const a = adjustComp(subject, { building_square_feet: 1600, total_bedrooms: 4, total_baths: 2, year_built: 2000, sale_price: 300_000 }, rates);
    expect(a).toEqual({ sqft: -5_000, bedrooms: -7_500, bathrooms: 0, age: -15_000, total: -27_500 });
  });

  it('adds what a worse comp lacks', () => {
    // 50 × 100 = 5,000; 7,500 × 1; 5,000 × 1; 0.5 % × 250,000 × 10 = 12,500.
    const a = adjustComp(subject, { building_square_feet: 1400, total_bedrooms: 2, total_baths: 1, year_built: 1980, sale_price: 250_000 }, rates);
    expect(a).toEqual({ sqft: 5_000, bedrooms: 7_500, bathrooms: 5_000, age: 12_500, total: 30_000 });
  });

  it('leaves out what either side does not know, rounds to whole dollars and follows the organization rates', () => {
    const a = adjustComp(
      { ...subject, total_baths: null },
      { building_square_feet: 1499, total_bedrooms: null, total_baths: 3, year_built: 1989, sale_price: 200_001 },
      { perSqft: 45.5, perBedroom: 10_000, perBathroom: 6_000, perYearPercent: 1 },
    );
    // 45.5 × 1 = 45.5 → 46; bedrooms and baths unknown → 0; 1 % × 200,001 × 1 = 2,000.01 → 2,000.
    expect(a).toEqual({ sqft: 46, bedrooms: 0, bathrooms: 0, age: 2_000, total: 2_046 });
  });

  it('never answers −0 for an adjustment that rounds to nothing', () => {
    const a = adjustComp(subject, { ...subject, year_built: 1991, sale_price: 10 }, rates);
    expect(Object.is(a.age, 0)).toBe(true);
  });
});
