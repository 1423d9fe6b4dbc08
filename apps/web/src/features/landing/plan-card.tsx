import { planPrice, yearlySavingUsd, formatPlanUsd, YEARLY_MONTHS_SAVED, type BillingPeriod, type PricingPlan } from '@wholesail/domain';
import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { SUPPORT_MAILTO } from '@/features/legal/public-links';
import { cn } from '@/lib/utils';

/** One plan: its price for the chosen period, its limits and a way in. */
export function PlanCard({ plan, period }: { plan: PricingPlan; period: BillingPeriod }) {
  const price = planPrice(plan, period);
  const saving = yearlySavingUsd(plan);
  const titleId = `plan-${plan.id}`;
  let note: string;
  if (plan.startingPrice) note = 'Starting price, shaped to your team';
  else if (period === 'yearly' && saving !== null) note = `Billed yearly · saves ${YEARLY_MONTHS_SAVED} months (${formatPlanUsd(saving)})`;
  else note = 'Billed monthly';

  return (
    <article
      aria-labelledby={titleId}
      data-testid={`plan-${plan.id}`}
      className={cn('relative flex flex-col rounded-2xl border bg-card p-6 shadow-xs sm:p-8', plan.highlighted && 'border-primary shadow-lg shadow-indigo-900/10 ring-1 ring-primary')}
    >
      {plan.highlighted && (
        <span className="absolute -top-3 left-6 rounded-full bg-primary px-3 py-0.5 text-xs font-semibold text-primary-foreground">Most popular</span>
      )}
      <h3 id={titleId} className="text-lg font-semibold">
        {plan.name}
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">{plan.audience}</p>
      <p className="mt-6 flex flex-wrap items-baseline gap-x-1.5" data-testid="plan-price">
        {price.from && <span className="text-sm font-medium text-muted-foreground">From</span>}
        <span className="text-4xl font-semibold tracking-tight">{price.amount}</span>
        <span className="text-muted-foreground">{price.unit}</span>
      </p>
      <p className="mt-1 text-xs text-muted-foreground" data-testid="plan-note">
        {note}
      </p>
      <ul className="mt-6 grid flex-1 content-start gap-3 text-sm">
        {plan.limits.map((limit) => (
          <li key={limit} className="flex gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
            <span>{limit}</span>
          </li>
        ))}
      </ul>
      <Button asChild className="mt-8 w-full" variant={plan.highlighted ? 'default' : 'outline'}>
        {plan.startingPrice ? <a href={SUPPORT_MAILTO}>Contact sales</a> : <Link to="/signup">Start free trial</Link>}
      </Button>
    </article>
  );
}
