import { type Figure, type MaybeFigure, minus, money, pct, roundRatio, usd } from './figure';

/**
 * The rental lens (wave2.md): EGI = rent × (1 − vacancy); NOI = EGI − operating expenses; cap rate = NOI ÷ cost;
 * cash-on-cash = annual cash flow ÷ cash invested; DSCR = NOI ÷ debt service. Figures are yearly; the buyer's
 * cost is the price plus the repairs they will pay for. Financing is optional: without it the buyer pays cash.
 */
export interface RentalIncome {
  monthlyRent: number;
  vacancyPercent: number;
  /** Taxes, insurance, management, maintenance: everything but the loan, per month. */
  monthlyExpenses: number;
}

export interface Loan {
  downPaymentPercent: number;
  ratePercent: number;
  years: number;
}

export interface RentalInput extends RentalIncome {
  price: number;
  repairs?: number;
  loan?: Loan | null;
}

export interface RentalLens {
  egi: Figure;
  noi: Figure;
  loanAmount: Figure;
  debtService: MaybeFigure;
  cashInvested: Figure;
  capRate: MaybeFigure;
  cashFlow: MaybeFigure;
  monthlyCashFlow: MaybeFigure;
  cashOnCash: MaybeFigure;
  dscr: MaybeFigure;
}

const ratio = (raw: number, formula: string): Figure => ({ value: roundRatio(raw), formula });
const missing = (reason: string) => ({ value: null, reason }) as const;

function income({ monthlyRent, vacancyPercent, monthlyExpenses }: RentalIncome) {
  const gross = monthlyRent * 12;
  const egi = gross * (1 - vacancyPercent / 100);
  const expenses = monthlyExpenses * 12;
  return {
    egi,
    noi: egi - expenses,
    egiFormula: `rent ${usd(monthlyRent)} × 12 × (1 − vacancy ${pct(vacancyPercent)})`,
    noiFormula: `EGI ${usd(egi)} ${minus('expenses', expenses)} (${usd(monthlyExpenses)} × 12)`,
  };
}

/** The yearly payments of a fixed-rate loan that pays itself off in `years`; null when the term cannot. */
function annualDebtService(principal: number, ratePercent: number, years: number): number | null {
  if (principal <= 0) return 0;
  if (years <= 0) return null;
  const months = years * 12;
  const r = ratePercent / 100 / 12;
  const monthly = r === 0 ? principal / months : (principal * r) / (1 - (1 + r) ** -months);
  return monthly * 12;
}

export function rentalLens(input: RentalInput): RentalLens {
  const { price, loan } = input;
  const repairs = input.repairs ?? 0;
  const { egi, noi, egiFormula, noiFormula } = income(input);
  const cost = price + repairs;
  const costText = repairs === 0 ? `price ${usd(price)}` : `price ${usd(price)} + repairs ${usd(repairs)}`;

  const down = loan ? Math.min(Math.max(loan.downPaymentPercent, 0), 100) : 100;
  const downPayment = Math.max(price, 0) * (down / 100);
  const principal = Math.max(price, 0) - downPayment;
  const cash = downPayment + repairs;
  const service = loan ? annualDebtService(principal, loan.ratePercent, loan.years) : 0;
  const allCash = 'No loan: all cash';
  const noTerm = missing('The loan needs a term of more than 0 years.');
  const withService = (figure: (service: number) => MaybeFigure): MaybeFigure => (service === null ? noTerm : figure(service));

  return {
    egi: money(egi, egiFormula),
    noi: money(noi, noiFormula),
    loanAmount: money(principal, loan && principal > 0 ? `price ${usd(price)} × (1 − down payment ${pct(down)})` : allCash),
    debtService: withService((yearly) =>
      money(yearly, loan && yearly > 0 ? `${usd(principal)} at ${pct(loan.ratePercent)} over ${loan.years} years, monthly payment × 12` : allCash),
    ),
    cashInvested: money(cash, principal > 0 ? `down payment ${usd(downPayment)} + repairs ${usd(repairs)}` : `${costText}, all cash`),
    capRate: cost > 0 ? ratio((noi / cost) * 100, `NOI ${usd(noi)} ÷ (${costText})`) : missing('Cap rate needs a price above $0.'),
    cashFlow: withService((yearly) => money(noi - yearly, `NOI ${usd(noi)} ${minus('debt service', yearly)}`)),
    monthlyCashFlow: withService((yearly) => money((noi - yearly) / 12, `yearly cash flow ${usd(noi - yearly)} ÷ 12`)),
    cashOnCash: withService((yearly) =>
      cash > 0
        ? ratio(((noi - yearly) / cash) * 100, `cash flow ${usd(noi - yearly)} ÷ cash invested ${usd(cash)}`)
        : missing('No cash invested: cash-on-cash needs a down payment or repairs.'),
    ),
    dscr: withService((yearly) =>
      yearly > 0 ? ratio(noi / yearly, `NOI ${usd(noi)} ÷ debt service ${usd(yearly)}`) : missing('No loan: DSCR applies only when there is debt to pay.'),
    ),
  };
}

/** The most a rental buyer pays to reach a target cap rate on their cost: NOI ÷ cap rate − repairs. */
export function rentalMaxPrice(input: RentalIncome & { targetCapRatePercent: number; repairs: number }): MaybeFigure {
  const { targetCapRatePercent: cap, repairs } = input;
  if (input.monthlyRent <= 0) return missing('Enter the monthly rent to price a rental buyer.');
  if (cap <= 0) return missing('Enter a target cap rate above 0%.');
  const { noi } = income(input);
  if (noi <= 0) return missing('Vacancy and expenses use up the rent: no price meets a cap rate.');
  return money((noi / (cap / 100)) - repairs, `NOI ${usd(noi)} ÷ cap rate ${pct(cap)} ${minus('repairs', repairs)}`);
}
