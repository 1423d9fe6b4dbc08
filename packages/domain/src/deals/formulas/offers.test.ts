import { describe, expect, it } from 'vitest';
import { assignmentFee, doubleCloseNet, fullMao, mao, maxOffer } from './offers';

describe('mao (the flip rule)', () => {
  it('is ARV × 70% − repairs by default, with its formula', () => {
    expect(mao({ arv: 200_000, repairs: 30_000 })).toEqual({ value: 110_000, formula: 'ARV $200,000 × 70% − repairs $30,000' });
  });

  it("follows the organization's rule percent", () => {
    expect(mao({ arv: 200_000, repairs: 30_000, settings: { maoPercent: 65 } })).toEqual({ value: 100_000, formula: 'ARV $200,000 × 65% − repairs $30,000' });
  });

  it('goes negative when repairs eat the margin, and is minus the repairs at ARV 0', () => {
    expect(mao({ arv: 100_000, repairs: 80_000 }).value).toBe(-10_000);
    expect(mao({ arv: 0, repairs: 5_000 }).value).toBe(-5_000);
    expect(mao({ arv: 0, repairs: 0 }).value).toBe(0);
    expect(Object.is(mao({ arv: 0, repairs: 0 }).value, -0)).toBe(false);
  });

  it('rounds to whole dollars once, at the end', () => {
    // 100,001 × 70% = 70,000.70; − 10,000.40 = 60,000.30 → $60,000 (rounding each part first would give $60,001).
    expect(mao({ arv: 100_001, repairs: 10_000.4 }).value).toBe(60_000);
    expect(maxOffer({ arv: 100_001, repairs: 10_000.4, targetFee: 10_000 }).value).toBe(50_000);
  });
});

describe('maxOffer', () => {
  it('is MAO − the target fee', () => {
    expect(maxOffer({ arv: 200_000, repairs: 30_000, targetFee: 10_000 })).toEqual({ value: 100_000, formula: 'MAO $110,000 − target fee $10,000' });
  });

  it('is the MAO itself with no fee', () => {
    expect(maxOffer({ arv: 200_000, repairs: 30_000, targetFee: 0 }).value).toBe(110_000);
  });
});

describe('fullMao', () => {
  it('takes repairs, closing 5%, holding 3% and profit 15% of ARV by default', () => {
    const full = fullMao({ arv: 200_000, repairs: 30_000 });
    // 200,000 − 30,000 − 10,000 − 6,000 − 30,000
    expect(full.value).toBe(124_000);
    expect(full).toMatchObject({ closingCosts: 10_000, holdingCosts: 6_000, profit: 30_000 });
    expect(full.formula).toBe('ARV $200,000 − repairs $30,000 − closing 5% $10,000 − holding 3% $6,000 − profit 15% $30,000');
  });

  it('uses the percents it is given', () => {
    // 100,000 − 0 − 2,500 − 2,000 − 10,000
    expect(fullMao({ arv: 100_000, repairs: 0, settings: { closingCostPercent: 2.5, holdingCostPercent: 2, profitPercent: 10 } }).value).toBe(85_500);
  });
});

describe('assignmentFee', () => {
  it("is the buyer's price − the contract price", () => {
    expect(assignmentFee({ buyerPrice: 115_000, contractPrice: 100_000 })).toEqual({ value: 15_000, formula: 'buyer price $115,000 − contract price $100,000' });
    expect(assignmentFee({ buyerPrice: 95_000, contractPrice: 100_000 }).value).toBe(-5_000);
  });
});

describe('doubleCloseNet', () => {
  it('takes two closings at 2% and funding at 1.5% by default', () => {
    // 130,000 − 100,000 − 2,000 − 2,600 − 1,500
    const net = doubleCloseNet({ resalePrice: 130_000, purchasePrice: 100_000 });
    expect(net).toMatchObject({ value: 23_900, closingCosts: 4_600, funding: 1_500 });
    expect(net.formula).toBe('resale $130,000 − purchase $100,000 − purchase closing 2% $2,000 − resale closing 2% $2,600 − funding 1.5% $1,500');
  });

  it('uses the rates it is given (funding at the 1% and 2% ends)', () => {
    // 30,000 − 1,000 − 1,300 − 1,000
    expect(doubleCloseNet({ resalePrice: 130_000, purchasePrice: 100_000, closingCostPercent: 1, fundingPercent: 1 }).value).toBe(26_700);
    // 30,000 − 1,000 − 1,300 − 2,000
    expect(doubleCloseNet({ resalePrice: 130_000, purchasePrice: 100_000, closingCostPercent: 1, fundingPercent: 2 }).value).toBe(25_700);
  });
});
