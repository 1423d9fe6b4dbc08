import { MONEY_BACK_GUARANTEE_DAYS, PRICING_ADD_ONS, PRICING_PLANS, TRIAL, YEARLY_MONTHS_SAVED, type BillingPeriod } from '@wholesail/domain';
import { useState } from 'react';
import { cn } from '@/lib/utils';
import { PlanCard } from './plan-card';
import { LandingSection, SectionHeading } from './section-heading';

const PERIODS: readonly { value: BillingPeriod; label: string }[] = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'yearly', label: 'Yearly' },
];

/** #pricing: the plans of dialer.md §9 with a Monthly/Yearly toggle, the add-ons and the trial terms. */
export function PricingSection() {
  const [period, setPeriod] = useState<BillingPeriod>('monthly');

  return (
    <LandingSection id="pricing" labelledBy="pricing-title" className="bg-card">
      <SectionHeading id="pricing-title" eyebrow="Pricing" title="Simple plans that grow with your team">
        Every plan starts with a {TRIAL.days}-day free trial with {TRIAL.aiTokens} AI tokens and {TRIAL.leadImports} lead imports. Credit card required.
      </SectionHeading>

      <div className="mt-10 flex flex-col items-center gap-3">
        <div role="group" aria-label="Billing period" className="inline-flex rounded-full border bg-muted p-1">
          {PERIODS.map(({ value, label }) => (
            <button
              key={value}
              type="button"
              aria-pressed={period === value}
              onClick={() => setPeriod(value)}
              className={cn(
                'rounded-full px-5 py-1.5 text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring/40',
                period === value ? 'bg-card text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {label}
            </button>
          ))}
        </div>
        <p className="rounded-full bg-success/10 px-3 py-0.5 text-xs font-medium text-success">Yearly saves {YEARLY_MONTHS_SAVED} months</p>
      </div>

      <div className="mt-10 grid gap-6 lg:grid-cols-3">
        {PRICING_PLANS.map((plan) => (
          <PlanCard key={plan.id} plan={plan} period={period} />
        ))}
      </div>

      <div className="mt-10 grid gap-6 rounded-2xl border bg-background p-6 sm:p-8 md:grid-cols-[1fr_2fr]">
        <div>
          <h3 className="text-lg font-semibold">Add-ons</h3>
          <p className="mt-1 text-sm text-muted-foreground">For any plan, when you need more.</p>
        </div>
        <ul className="grid gap-3 text-sm sm:grid-cols-3">
          {PRICING_ADD_ONS.map(({ label, price }) => (
            <li key={label} className="rounded-xl border bg-card p-4">
              <p className="font-medium">{label}</p>
              <p className="mt-1 text-muted-foreground">{price}</p>
            </li>
          ))}
        </ul>
      </div>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        Every plan includes every feature · {MONEY_BACK_GUARANTEE_DAYS}-day money-back guarantee
      </p>
    </LandingSection>
  );
}
