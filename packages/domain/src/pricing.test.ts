import { describe, expect, it } from 'vitest';
import { planPrice, PRICING_PLANS, yearlySavingUsd, YEARLY_MONTHS_SAVED } from './pricing';

const plan = (id: string) => PRICING_PLANS.find((p) => p.id === id)!;

describe('pricing (dialer.md §9)', () => {
  it('prices every plan per period; Enterprise is a starting price that the period does not change', () => {
    expect(planPrice(plan('starter'), 'monthly')).toEqual({ amount: '$99', unit: '/mo', from: false });
    expect(planPrice(plan('starter'), 'yearly')).toEqual({ amount: '$990', unit: '/yr', from: false });
    expect(planPrice(plan('pro'), 'monthly')).toEqual({ amount: '$499', unit: '/mo', from: false });
    expect(planPrice(plan('pro'), 'yearly')).toEqual({ amount: '$4,990', unit: '/yr', from: false });
    expect(planPrice(plan('enterprise'), 'monthly')).toEqual({ amount: '$2,499', unit: '/mo', from: true });
    expect(planPrice(plan('enterprise'), 'yearly')).toEqual({ amount: '$2,499', unit: '/mo', from: true });
  });

  it('a yearly plan saves exactly two monthly payments', () => {
    for (const p of PRICING_PLANS.filter((p) => p.yearlyUsd !== null)) {
      expect(yearlySavingUsd(p)).toBe(p.monthlyUsd * YEARLY_MONTHS_SAVED);
    }
    expect(yearlySavingUsd(plan('enterprise'))).toBeNull();
  });
});
