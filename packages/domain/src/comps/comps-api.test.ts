import { describe, expect, it } from 'vitest';
import { compsQuery } from './comps-api';
import { compsMissingData, compsMissingMessage } from './missing';

const error = (input: Record<string, unknown>) => compsQuery.safeParse(input).error?.issues.map((i) => i.message).join('; ');

describe('compsQuery', () => {
  it('defaults to 0.5 miles, 12 months and ±20 % with nothing pinned or excluded', () => {
    expect(compsQuery.parse({})).toEqual({ radius_miles: 0.5, months: 12, sqft_pct: 20, pin: [], exclude: [] });
  });

  it('reads comma-separated comp ids, trimmed and without repeats', () => {
    const q = compsQuery.parse({ pin: 'a1, b2,a1,,', exclude: 'batchdata:xyz_9' });
    expect(q.pin).toEqual(['a1', 'b2']);
    expect(q.exclude).toEqual(['batchdata:xyz_9']);
  });

  it('refuses values out of bounds with the field named', () => {
    expect(error({ radius_miles: '0.05' })).toBe('radius_miles must be at least 0.1 miles');
    expect(error({ radius_miles: '6' })).toBe('radius_miles must be at most 5 miles');
    expect(error({ radius_miles: 'near' })).toBe('radius_miles must be a number');
    expect(error({ months: '1.5' })).toBe('months must be a whole number of months');
    expect(error({ months: '0' })).toBe('months must be at least 1 months');
    expect(error({ sqft_pct: '51' })).toBe('sqft_pct must be at most 50 percent');
    expect(error({ pin: 'a b' })).toBe('pin: expected comp ids separated by commas');
    expect(error({ exclude: Array.from({ length: 101 }, (_, i) => `c${i}`).join(',') })).toBe('exclude: at most 100 comp ids');
    expect(error({ pin: 'a,b', exclude: 'b' })).toBe('exclude: a comp cannot be pinned and excluded at once (b)');
    expect(error({ radius: '1' })).toMatch(/radius/);
  });
});

describe('compsMissingData', () => {
  it('names the coordinates and the square footage a lead lacks, and where to get them', () => {
    expect(compsMissingData({ latitude: 30, longitude: -97, building_square_feet: 1500 })).toEqual([]);
    expect(compsMissingData({ latitude: null, longitude: -97, building_square_feet: 0 })).toEqual(['coordinates', 'squareFootage']);
    expect(compsMissingData({ latitude: 91, longitude: -97, building_square_feet: 1500 })).toEqual(['validCoordinates']);
    expect(compsMissingMessage(['squareFootage'])).toBe('This lead has no square footage, which comparable sales need. Add the square footage (Sq ft) on the lead, or enrich the lead.');
    expect(compsMissingMessage(['coordinates', 'squareFootage'])).toBe(
      'This lead has no coordinates (latitude and longitude) and no square footage, which comparable sales need. ' +
        'Coordinates come with an address picked in the address search, or from Latitude and Longitude columns of a CSV import. ' +
        'Add the square footage (Sq ft) on the lead, or enrich the lead.',
    );
  });
});
