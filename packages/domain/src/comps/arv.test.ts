import { describe, expect, it } from 'vitest';
import { estimateArv, outlierFlags, percentile } from './arv';

describe('outlierFlags', () => {
  it('flags a value beyond 2 population standard deviations of the mean', () => {
    // mean 114.29, σ 34.99: 200 sits 85.71 away (> 69.99); the 100s sit 14.29 away.
    expect(outlierFlags([100, 100, 100, 100, 100, 100, 200])).toEqual([false, false, false, false, false, false, true]);
  });

  it('cannot flag among five values or fewer, nor when all are equal; nulls are never flagged', () => {
    expect(outlierFlags([100, 100, 100, 100, 1000])).toEqual([false, false, false, false, false]);
    expect(outlierFlags([150, 150, 150, 150, 150, 150, 150])).toEqual(Array(7).fill(false));
    expect(outlierFlags([null, 100, 100, 100, 100, 100, 100, 200])).toEqual([false, false, false, false, false, false, false, true]);
  });

  it('leaves values that do not count out of the statistics, yet flags them against it', () => {
    const values = [100, 102, 98, 100, 101, 99, 300, 400];
    // All counted: mean 162.5, σ 111.11 → only 400 (237.5 away > 222.2).
    expect(outlierFlags(values)).toEqual([false, false, false, false, false, false, false, true]);
    // 400 not counted: mean 128.57, σ 69.996 → 300 is 171.43 away (> 139.99), and 400 further still.
    expect(outlierFlags(values, [true, true, true, true, true, true, true, false])).toEqual([false, false, false, false, false, false, true, true]);
  });
});

describe('percentile', () => {
  it('interpolates between ranks', () => {
    expect(percentile([100, 200, 300, 400], 25)).toBe(175);
    expect(percentile([100, 200, 300, 400], 50)).toBe(250);
    expect(percentile([100, 200, 300, 400], 75)).toBe(325);
    expect(percentile([7], 25)).toBe(7);
  });
});

const comp = (adjusted_price: number, flags: Partial<{ pinned: boolean; excluded: boolean; outlier: boolean }> = {}) => ({
  adjusted_price,
  pinned: false,
  excluded: false,
  outlier: false,
  ...flags,
});

describe('estimateArv', () => {
  it('is the median adjusted price of the comps used, with the 25th–75th percentile band', () => {
    const arv = estimateArv([
      comp(330_000),
      comp(300_000),
      comp(900_000, { outlier: true }),
      comp(320_000),
      comp(100_000, { excluded: true }),
      comp(280_000, { pinned: true, outlier: true }),
      comp(310_000),
    ]);
    // Used: 280k (pinned outlier), 300k, 310k, 320k, 330k → median 310k; p25 at rank 1 = 300k; p75 at rank 3 = 320k.
    expect(arv).toEqual({
      value: 310_000,
      low: 300_000,
      high: 320_000,
      used: 5,
      method: 'Median adjusted price of 5 comparable sales (1 pinned; 1 outlier and 1 excluded left out); the range is their 25th to 75th percentile.',
    });
  });

  it('averages the two middle prices of an even count and rounds to whole dollars', () => {
    // [100,001, 200,000]: median 150,000.5 → 150,001; p25 = 125,000.75 → 125,001; p75 = 175,000.25 → 175,000.
    expect(estimateArv([comp(200_000), comp(100_001)])).toMatchObject({ value: 150_001, low: 125_001, high: 175_000, used: 2 });
    expect(estimateArv([comp(250_000)])).toMatchObject({ value: 250_000, low: 250_000, high: 250_000, used: 1, method: expect.stringContaining('of 1 comparable sale;') });
  });

  it('has no value when no comp is used, and says what to do', () => {
    expect(estimateArv([comp(1, { excluded: true })])).toEqual({
      value: null,
      low: null,
      high: null,
      used: 0,
      method: 'No comparable sale to value from (1 excluded left out): widen the radius, the months or the size range, or pin a comp.',
    });
    expect(estimateArv([]).method).toBe('No comparable sale to value from: widen the radius, the months or the size range, or pin a comp.');
  });
});
