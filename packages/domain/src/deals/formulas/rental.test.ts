import { describe, expect, it } from 'vitest';
import { rentalLens, rentalMaxPrice } from './rental';

// Rent $1,500 a month, 5% vacancy, $400 a month of expenses:
// EGI = 18,000 × 0.95 = 17,100; NOI = 17,100 − 4,800 = 12,300.
const income = { monthlyRent: 1_500, vacancyPercent: 5, monthlyExpenses: 400 };

function everyValue(lens: ReturnType<typeof rentalLens>): (number | null)[] {
  return Object.values(lens).map((figure) => figure.value);
}

describe('rentalLens', () => {
  it('computes EGI, NOI and the cap rate on price + repairs, all cash', () => {
    const lens = rentalLens({ ...income, price: 120_000, repairs: 30_000 });
    expect(lens.egi).toEqual({ value: 17_100, formula: 'rent $1,500 × 12 × (1 − vacancy 5%)' });
    expect(lens.noi).toEqual({ value: 12_300, formula: 'EGI $17,100 − expenses $4,800 ($400 × 12)' });
    // 12,300 ÷ 150,000 = 8.2%
    expect(lens.capRate).toEqual({ value: 8.2, formula: 'NOI $12,300 ÷ (price $120,000 + repairs $30,000)' });
    expect(lens.cashInvested.value).toBe(150_000);
    expect(lens.cashFlow.value).toBe(12_300);
    expect(lens.monthlyCashFlow.value).toBe(1_025);
    expect(lens.cashOnCash.value).toBe(8.2);
    expect(lens.dscr).toEqual({ value: null, reason: 'No loan: DSCR applies only when there is debt to pay.' });
  });

  it('finances the price: 25% down, 6%, 30 years', () => {
    // Loan 90,000 at 0.5% a month over 360 months = $539.60 a month, $6,475.15 a year.
    const lens = rentalLens({ ...income, price: 120_000, repairs: 30_000, loan: { downPaymentPercent: 25, ratePercent: 6, years: 30 } });
    expect(lens.loanAmount.value).toBe(90_000);
    expect(lens.debtService.value).toBe(6_475);
    // 12,300 − 6,475.15 = 5,824.85
    expect(lens.cashFlow.value).toBe(5_825);
    expect(lens.monthlyCashFlow.value).toBe(485);
    // down 30,000 + repairs 30,000
    expect(lens.cashInvested).toEqual({ value: 60_000, formula: 'down payment $30,000 + repairs $30,000' });
    // 5,824.85 ÷ 60,000 = 9.708%; 12,300 ÷ 6,475.15 = 1.8996
    expect(lens.cashOnCash.value).toBe(9.71);
    expect(lens.dscr).toEqual({ value: 1.9, formula: 'NOI $12,300 ÷ debt service $6,475' });
  });

  it('pays a 0% loan back in equal parts', () => {
    const lens = rentalLens({ ...income, price: 120_000, loan: { downPaymentPercent: 25, ratePercent: 0, years: 30 } });
    // 90,000 ÷ 360 × 12 = 3,000 a year; DSCR 12,300 ÷ 3,000 = 4.1
    expect(lens.debtService.value).toBe(3_000);
    expect(lens.dscr.value).toBe(4.1);
  });

  it('treats 100% down as no debt', () => {
    const lens = rentalLens({ ...income, price: 120_000, loan: { downPaymentPercent: 100, ratePercent: 6, years: 30 } });
    expect(lens.debtService).toEqual({ value: 0, formula: 'No loan: all cash' });
    expect(lens.dscr.value).toBeNull();
    expect(lens.cashFlow.value).toBe(12_300);
  });

  it('answers null with a reason, never NaN or Infinity, at a zero price', () => {
    const lens = rentalLens({ ...income, price: 0, loan: { downPaymentPercent: 20, ratePercent: 7, years: 30 } });
    expect(lens.capRate).toEqual({ value: null, reason: 'Cap rate needs a price above $0.' });
    expect(lens.cashOnCash).toEqual({ value: null, reason: 'No cash invested: cash-on-cash needs a down payment or repairs.' });
    expect(lens.dscr.value).toBeNull();
    for (const value of everyValue(lens)) expect(value === null || Number.isFinite(value)).toBe(true);
  });

  it('says the loan needs a term when it has 0 years', () => {
    const lens = rentalLens({ ...income, price: 120_000, loan: { downPaymentPercent: 20, ratePercent: 7, years: 0 } });
    for (const key of ['debtService', 'cashFlow', 'monthlyCashFlow', 'cashOnCash', 'dscr'] as const) {
      expect(lens[key]).toEqual({ value: null, reason: 'The loan needs a term of more than 0 years.' });
    }
    expect(lens.capRate.value).toBe(10.25);
  });

  it('is all zeros and reasons with nothing entered', () => {
    const lens = rentalLens({ monthlyRent: 0, vacancyPercent: 0, monthlyExpenses: 0, price: 0 });
    for (const value of everyValue(lens)) expect(value === null || value === 0).toBe(true);
  });
});

describe('rentalMaxPrice', () => {
  it('is NOI ÷ target cap rate − repairs', () => {
    // 12,300 ÷ 8% = 153,750; − 30,000
    expect(rentalMaxPrice({ ...income, targetCapRatePercent: 8, repairs: 30_000 })).toEqual({
      value: 123_750,
      formula: 'NOI $12,300 ÷ cap rate 8% − repairs $30,000',
    });
  });

  it('says what is missing instead of dividing by zero', () => {
    expect(rentalMaxPrice({ ...income, targetCapRatePercent: 0, repairs: 0 })).toEqual({ value: null, reason: 'Enter a target cap rate above 0%.' });
    expect(rentalMaxPrice({ ...income, monthlyRent: 0, targetCapRatePercent: 8, repairs: 0 }).value).toBeNull();
    expect(rentalMaxPrice({ ...income, monthlyExpenses: 1_425, targetCapRatePercent: 8, repairs: 0 })).toEqual({
      value: null,
      reason: 'Vacancy and expenses use up the rent: no price meets a cap rate.',
    });
  });
});
