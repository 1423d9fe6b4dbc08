import { describe, expect, it } from 'vitest';
import { buyBoxSchema, propertyKind } from './buy-box';
import { compareMatches, fitBuyBox, type MatchProperty } from './matching';

const house: MatchProperty = {
  state: 'TX', city: 'Austin', zip: '78701', latitude: 30.2672, longitude: -97.7431, property_type: 'Single Family Residence',
  beds: 3, baths: 2, price: 200_000, repairs: 40_000,
};
const box = (b: Record<string, unknown>) => buyBoxSchema.parse(b);

describe('fitBuyBox', () => {
  it('an empty box is open to any deal, at full fit and with no criteria', () => {
    expect(fitBuyBox(box({}), house)).toEqual({ fit: 100, met: 0, missed: 0, unknown: 0, criteria: [], reason: 'No buy box yet: open to any deal' });
  });

  it('meets every criterion set, at their boundaries', () => {
    const f = fitBuyBox(box({ states: ['tx'], property_kinds: ['single_family'], price_min: 200_000, price_max: 200_000, min_beds: 3, min_baths: 2, max_repairs: 40_000 }), house);
    expect(f.fit).toBe(100);
    expect(f.met).toBe(6);
    expect(f.reason).toBe('Meets all 6 criteria');
  });

  it('counts a missed criterion by how close it came and names it', () => {
    // Price $10,000 over a $200,000 maximum: off by 5 %, so the price counts 0.95 of 1.
    const f = fitBuyBox(box({ price_max: 190_000 }), house);
    expect(f.criteria[0]).toMatchObject({ criterion: 'price', met: false, detail: '$200,000 is $10,000 above the $190,000 maximum' });
    expect(f.criteria[0]!.off).toBeCloseTo(10_000 / 190_000);
    expect(f.fit).toBe(Math.round(100 * (1 - 10_000 / 190_000)));
    expect(f.reason).toBe('Meets 0 of 1: $200,000 is $10,000 above the $190,000 maximum');
  });

  it('reads markets as alternatives: a state, a city, a ZIP code or a radius', () => {
    expect(fitBuyBox(box({ cities: ['austin '] }), house).criteria[0]).toMatchObject({ met: true, detail: 'In Austin' });
    expect(fitBuyBox(box({ zip_codes: ['78701'], states: ['OK'] }), house).criteria[0]).toMatchObject({ met: true, detail: 'In ZIP 78701' });
    // Round Rock is ~17 mi north of downtown Austin: inside 20 mi, outside 10 (off by ~0.7 of the radius).
    const roundRock = { latitude: 30.5083, longitude: -97.6789, label: 'Round Rock' };
    expect(fitBuyBox(box({ radius: { ...roundRock, miles: 20 } }), house).criteria[0]).toMatchObject({ met: true });
    const far = fitBuyBox(box({ radius: { ...roundRock, miles: 10 } }), house).criteria[0]!;
    expect(far.met).toBe(false);
    expect(far.off).toBeGreaterThan(0.6);
    expect(far.off).toBeLessThan(0.8);
    expect(fitBuyBox(box({ states: ['OK'] }), house).criteria[0]).toMatchObject({ met: false, off: 1, detail: 'Austin, TX, 78701 is outside the markets' });
  });

  it('counts what the deal does not record as half, neither met nor missed', () => {
    const f = fitBuyBox(box({ min_beds: 3, max_repairs: 50_000 }), { ...house, beds: null });
    expect(f).toMatchObject({ fit: 75, met: 1, missed: 0, unknown: 1, reason: 'Meets 1 of 2; 1 not known for this deal' });
    expect(fitBuyBox(box({ price_max: 100 }), { ...house, price: null }).criteria[0]).toMatchObject({ met: null, detail: 'The deal has no price for buyers yet' });
  });

  it('ranks by fit, then criteria met, then buyer score, then closes together', () => {
    const a = { fit: fitBuyBox(box({ states: ['TX'] }), house), buyer_score: 50, closes: 0 };
    const open = { fit: fitBuyBox(box({}), house), buyer_score: 90, closes: 3 };
    const weaker = { fit: fitBuyBox(box({ states: ['TX'] }), house), buyer_score: 40, closes: 9 };
    expect([open, weaker, a].sort(compareMatches)).toEqual([a, weaker, open]);
  });
});

describe('propertyKind', () => {
  it.each([
    ['Single Family Residence', 'single_family'], ['SFR', 'single_family'], ['Duplex', 'multi_family'], ['Multi-Family (2-4 units)', 'multi_family'],
    ['Townhouse', 'townhouse'], ['Condominium', 'condo'], ['Manufactured Home', 'mobile'], ['Vacant Land', 'land'], ['Commercial', 'commercial'],
    ['', null], [null, null], ['Unknown', null],
  ])('%s → %s', (type, kind) => expect(propertyKind(type)).toBe(kind));
});

describe('buyBoxSchema', () => {
  it('names the field at fault', () => {
    const r = buyBoxSchema.safeParse({ states: ['Texas'], zip_codes: ['787'], price_min: 300_000, price_max: 200_000 });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.message)).toEqual(
      expect.arrayContaining(['states: each must be a two-letter state code such as TX', 'zip_codes: each must be a 5-digit ZIP code']),
    );
    expect(buyBoxSchema.safeParse({ price_min: 300_000, price_max: 200_000 }).error!.issues[0]!.message).toBe('price_min: the minimum price must not be above the maximum');
    expect(buyBoxSchema.safeParse({ budget: 1 }).success).toBe(false);
  });
});
