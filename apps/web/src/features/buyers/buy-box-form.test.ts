import { EMPTY_BUY_BOX } from '@wholesail/domain';
import { describe, expect, it } from 'vitest';
import { boxToForm, formToBox } from './buy-box-form';

describe('buy box form', () => {
  it('reads lists, money and numbers as typed, and round-trips a box', () => {
    const form = { ...boxToForm(EMPTY_BUY_BOX), states: 'tx, ok', zip_codes: '78701;78702', price_max: '$250,000', min_beds: '3', pof_amount: '500,000', pof_dated: '2026-11-01' };
    const { box } = formToBox(form);
    expect(box).toMatchObject({ states: ['TX', 'OK'], zip_codes: ['78701', '78702'], price_max: 250_000, min_beds: 3, proof_of_funds: { amount: 500_000, dated: '2026-11-01', document: null } });
    expect(boxToForm(box!)).toMatchObject({ states: 'TX, OK', price_max: '250,000', pof_amount: '500,000' });
    expect(formToBox(boxToForm(EMPTY_BUY_BOX)).box).toEqual(EMPTY_BUY_BOX);
  });

  it('names each field at fault in a sentence', () => {
    const form = boxToForm(EMPTY_BUY_BOX);
    expect(formToBox({ ...form, zip_codes: '787' }).errors).toEqual({ zip_codes: 'Each must be a 5-digit ZIP code' });
    expect(formToBox({ ...form, price_min: '300,000', price_max: '200,000' }).errors).toEqual({ price_min: 'The minimum price must not be above the maximum' });
    expect(formToBox({ ...form, radius_miles: '10' }).errors).toEqual({ radius_miles: 'A radius needs its centre (latitude and longitude) and its miles' });
    expect(formToBox({ ...form, min_beds: 'three' }).errors).toEqual({ min_beds: 'Expected a number' });
    expect(formToBox({ ...form, pof_document: 'letter' }).errors).toEqual({ pof_amount: 'Proof of funds needs its amount and its date' });
  });
});
