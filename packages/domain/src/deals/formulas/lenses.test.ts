import { describe, expect, it } from 'vitest';
import { buyerLenses, sensitivity } from './lenses';

const rental = { monthlyRent: 1_500, vacancyPercent: 5, monthlyExpenses: 400, targetCapRatePercent: 8 };

describe('buyerLenses', () => {
  it('prices the house for a flipper, a landlord and a retail rehabber, with the fee headroom under each', () => {
    const lenses = buyerLenses({ arv: 200_000, repairs: 30_000, offerPrice: 100_000, rental });
    // flip 200,000 × 70% − 30,000; rental 12,300 ÷ 8% − 30,000; retail 200,000 − 30,000 − 10,000 − 6,000 − 30,000
    expect(lenses.flip.maxPrice.value).toBe(110_000);
    expect(lenses.rental.maxPrice.value).toBe(123_750);
    expect(lenses.retail.maxPrice.value).toBe(124_000);
    expect(lenses.flip.headroom).toEqual({ value: 10_000, formula: 'flip price $110,000 − your offer $100,000' });
    expect(lenses.rental.headroom.value).toBe(23_750);
    expect(lenses.retail.headroom.value).toBe(24_000);
  });

  it('shows no headroom when the offer is above what a buyer pays', () => {
    expect(buyerLenses({ arv: 200_000, repairs: 30_000, offerPrice: 115_000 }).flip.headroom.value).toBe(-5_000);
  });

  it('follows the organization settings', () => {
    const lenses = buyerLenses({ arv: 100_000, repairs: 0, offerPrice: 0, settings: { maoPercent: 75, closingCostPercent: 0, holdingCostPercent: 0, profitPercent: 20 } });
    expect(lenses.flip.maxPrice.value).toBe(75_000);
    expect(lenses.retail.maxPrice.value).toBe(80_000);
  });

  it('says what the rental lens needs when there is no rent', () => {
    const lenses = buyerLenses({ arv: 200_000, repairs: 30_000, offerPrice: 100_000 });
    const reason = 'Enter the monthly rent to price a rental buyer.';
    expect(lenses.rental).toEqual({ maxPrice: { value: null, reason }, headroom: { value: null, reason } });
    expect(buyerLenses({ arv: 200_000, repairs: 30_000, offerPrice: 100_000, rental: { ...rental, monthlyRent: 0 } }).rental.headroom.value).toBeNull();
  });
});

describe('sensitivity', () => {
  const rows = sensitivity({ arv: 200_000, repairs: 30_000, targetFee: 10_000 });

  it('is ARV −10% … +10% down the side and repairs −20% … +20% across', () => {
    expect(rows.map((r) => [r.arvChangePercent, r.arv])).toEqual([[-10, 180_000], [-5, 190_000], [0, 200_000], [5, 210_000], [10, 220_000]]);
    expect(rows[0]!.cells.map((c) => [c.repairChangePercent, c.repairs])).toEqual([[-20, 24_000], [-10, 27_000], [0, 30_000], [10, 33_000], [20, 36_000]]);
  });

  it('gives MAO and max offer in each cell', () => {
    const at = (row: number, col: number) => rows[row]!.cells[col]!;
    // 180,000 × 70% − 24,000 = 102,000
    expect(at(0, 0).mao).toEqual({ value: 102_000, formula: 'ARV $180,000 × 70% − repairs $24,000' });
    expect(at(0, 0).maxOffer.value).toBe(92_000);
    expect(at(2, 2).mao.value).toBe(110_000);
    // 220,000 × 70% − 36,000 = 118,000
    expect(at(4, 4).mao.value).toBe(118_000);
    expect(at(4, 4).maxOffer.value).toBe(108_000);
    // 190,000 × 70% − 33,000 = 100,000
    expect(at(1, 3).mao.value).toBe(100_000);
  });
});
