import { describe, expect, it } from 'vitest';
import { referralFee, servesPlace } from './fee';

describe('referralFee', () => {
  it('is price × commission % × referral %, to the cent', () => {
    expect(referralFee(400_000, 3, 25)).toBe(3_000);
    expect(referralFee(333_333, 2.5, 30)).toBe(2_500);
    expect(referralFee(250_000, 3, 0)).toBe(0);
  });
  it('has no fee without a price', () => {
    expect(referralFee(null, 3, 25)).toBeNull();
    expect(referralFee(undefined, 3, 25)).toBeNull();
  });
});

describe('servesPlace', () => {
  const place = { state: 'TX', city: 'Austin', zip: '78701-1234' };
  it('matches a market naming the state, city or ZIP code, whatever the case', () => {
    expect(servesPlace(['tx'], place)).toBe(true);
    expect(servesPlace([' austin '], place)).toBe(true);
    expect(servesPlace(['78701'], place)).toBe(true);
  });
  it('does not match other places or an empty list', () => {
    expect(servesPlace(['FL', 'Dallas', '78702'], place)).toBe(false);
    expect(servesPlace([], place)).toBe(false);
    expect(servesPlace(['TX'], {})).toBe(false);
  });
});
