/**
 * Trial and pricing (dialer.md §9 "Trial and pricing (marketing)"), word for word. The landing page
 * shows them; the product does not enforce plan limits. One place, so the page, its tests and any
 * later billing screen agree.
 */

export const TRIAL = {
  days: 14,
  aiTokens: 500,
  leadImports: 50,
  creditCardRequired: true,
} as const;

export const MONEY_BACK_GUARANTEE_DAYS = 30;

/** A yearly plan costs ten monthly payments: "Yearly saves 2 months". */
export const YEARLY_MONTHS_SAVED = 2;

export type BillingPeriod = 'monthly' | 'yearly';

export interface PricingPlan {
  id: 'starter' | 'pro' | 'enterprise';
  name: string;
  /** Who the plan is for, one line. */
  audience: string;
  /** US dollars a month; for Enterprise the starting price. */
  monthlyUsd: number;
  /** US dollars a year, or null where the price is the same whatever the period (Enterprise). */
  yearlyUsd: number | null;
  /** "From $2,499/mo": a starting price, unchanged by the period toggle. */
  startingPrice: boolean;
  /** The seats, leads and AI token limits, as the spec words them. */
  limits: readonly string[];
  highlighted: boolean;
}

export const PRICING_PLANS: readonly PricingPlan[] = [
  {
    id: 'starter',
    name: 'Starter',
    audience: 'For a solo wholesaler working their own list.',
    monthlyUsd: 99,
    yearlyUsd: 990,
    startingPrice: false,
    limits: ['1 seat', '500 leads', '500 AI tokens/month'],
    highlighted: false,
  },
  {
    id: 'pro',
    name: 'Pro',
    audience: 'For an acquisitions team calling every day.',
    monthlyUsd: 499,
    yearlyUsd: 4990,
    startingPrice: false,
    limits: ['5 seats (extra seats $49/mo each)', '10,000 leads', '5,000 tokens/month'],
    highlighted: true,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    audience: 'For investor groups running several markets.',
    monthlyUsd: 2499,
    yearlyUsd: null,
    startingPrice: true,
    limits: ['Unlimited seats, leads and tokens (fair use)'],
    highlighted: false,
  },
];

export const PRICING_ADD_ONS: readonly { label: string; price: string }[] = [
  { label: 'Extra AI tokens', price: '$25 per extra 500 AI tokens' },
  { label: 'Extra leads', price: '$50 per extra 1,000 leads' },
  { label: 'Dedicated account manager', price: '$500/mo' },
];

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** "$99", "$4,990": whole US dollars. */
export function formatPlanUsd(value: number): string {
  return usd.format(value);
}

/** The price a plan shows for a billing period: amount and unit ("/mo", "/yr"), and "From" for a starting price. */
export function planPrice(plan: PricingPlan, period: BillingPeriod): { amount: string; unit: '/mo' | '/yr'; from: boolean } {
  if (period === 'yearly' && plan.yearlyUsd !== null) return { amount: formatPlanUsd(plan.yearlyUsd), unit: '/yr', from: plan.startingPrice };
  return { amount: formatPlanUsd(plan.monthlyUsd), unit: '/mo', from: plan.startingPrice };
}

/** What a yearly plan saves against twelve monthly payments (null without a yearly price). */
export function yearlySavingUsd(plan: PricingPlan): number | null {
  return plan.yearlyUsd === null ? null : plan.monthlyUsd * 12 - plan.yearlyUsd;
}
