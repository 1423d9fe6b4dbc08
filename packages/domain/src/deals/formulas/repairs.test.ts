import { describe, expect, it } from 'vitest';
import { REPAIR_CATEGORIES, REPAIR_CATEGORY_LABELS, repairEstimate, repairLine } from './repairs';

describe('repairLine', () => {
  it('is quantity × unit cost, keeping the cents of a unit price in its formula', () => {
    expect(repairLine({ category: 'flooring', quantity: 1_200, unitCost: 3.5 })).toEqual({ value: 4_200, formula: 'Flooring: 1,200 × $3.50' });
  });
});

describe('repairEstimate', () => {
  it('sums line items and adds the contingency on the subtotal', () => {
    const estimate = repairEstimate(
      { mode: 'items', items: [{ category: 'roof', quantity: 1, unitCost: 12_000 }, { category: 'flooring', quantity: 1_200, unitCost: 3.5 }] },
      10,
    );
    expect(estimate.subtotal).toEqual({ value: 16_200, formula: 'Roof $12,000 + Flooring $4,200' });
    expect(estimate.contingency).toEqual({ value: 1_620, formula: '10% of $16,200' });
    expect(estimate.total).toEqual({ value: 17_820, formula: 'repairs $16,200 + contingency $1,620' });
  });

  it('prices a quick tier by square foot', () => {
    const estimate = repairEstimate({ mode: 'tier', tier: 'moderate', sqft: 1_500, perSqft: 40 }, 10);
    expect(estimate.subtotal).toEqual({ value: 60_000, formula: 'Moderate: 1,500 sqft × $40/sqft' });
    expect(estimate.total.value).toBe(66_000);
  });

  it('is $0 with no items, no square feet or no contingency', () => {
    expect(repairEstimate({ mode: 'items', items: [] }, 10).total).toEqual({ value: 0, formula: 'repairs $0 + contingency $0' });
    expect(repairEstimate({ mode: 'items', items: [] }, 10).subtotal.formula).toBe('No line items yet');
    expect(repairEstimate({ mode: 'tier', tier: 'fullGut', sqft: 0, perSqft: 75 }, 15).total.value).toBe(0);
    expect(repairEstimate({ mode: 'tier', tier: 'cosmetic', sqft: 1_000, perSqft: 20 }, 0).total.value).toBe(20_000);
  });

  it('rounds once, on the total', () => {
    // 1,000.40 + 1,000.40 = 2,000.80 → $2,001 (rounding each line first would give $2,000)
    const items = [{ category: 'paint', quantity: 1, unitCost: 1_000.4 }, { category: 'other', quantity: 1, unitCost: 1_000.4 }] as const;
    expect(repairEstimate({ mode: 'items', items }, 0).total.value).toBe(2_001);
  });

  it('labels every category the issue lists', () => {
    expect(REPAIR_CATEGORIES.map((c) => REPAIR_CATEGORY_LABELS[c])).toEqual([
      'Roof', 'HVAC', 'Electrical', 'Plumbing', 'Kitchen', 'Baths', 'Flooring', 'Paint',
      'Windows and doors', 'Exterior', 'Foundation', 'Permits', 'Demolition', 'Other',
    ]);
  });
});
