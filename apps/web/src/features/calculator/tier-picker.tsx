import { formatUsd, REHAB_TIER_LABELS, REHAB_TIERS, type RehabTier } from '@wholesail/domain';
import { useId } from 'react';
import { cn } from '@/lib/utils';
import type { CalculatorInputs } from './calculator-inputs';
import { NumberField } from './number-field';
import type { InputsPatch } from './property-section';

const TIER_HINTS: { readonly [T in RehabTier]: string } = {
  cosmetic: 'Paint, flooring, fixtures.',
  moderate: 'Kitchen, baths and some systems.',
  fullGut: 'Down to the studs.',
};

/** Cosmetic / moderate / full gut: square feet × the tier's $/sqft (the organization's defaults, editable here). */
export function TierPicker({ inputs, onChange }: { inputs: CalculatorInputs; onChange: InputsPatch }) {
  const name = useId();
  const sqft = inputs.sqft ?? 0;
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-3 text-sm font-medium">Tier</legend>
      <div className="grid gap-3 sm:grid-cols-3">
        {REHAB_TIERS.map((tier) => {
          const rate = inputs.tierRates[tier];
          const selected = inputs.tier === tier;
          return (
            <div key={tier} className={cn('grid gap-3 rounded-lg border p-3', selected && 'border-primary ring-1 ring-primary')}>
              <label className="flex cursor-pointer items-start gap-2">
                <input
                  type="radio"
                  name={name}
                  value={tier}
                  checked={selected}
                  onChange={() => onChange({ tier })}
                  className="mt-0.5 size-4 accent-primary"
                />
                <span>
                  <span className="block text-sm font-medium">{REHAB_TIER_LABELS[tier]}</span>
                  <span className="block text-xs text-muted-foreground">{TIER_HINTS[tier]}</span>
                </span>
              </label>
              <NumberField
                label={`${REHAB_TIER_LABELS[tier]} $ per sqft`}
                value={rate}
                onChange={(value) => onChange({ tier, tierRates: { ...inputs.tierRates, [tier]: value } })}
              />
              <p className="text-xs text-muted-foreground tabular-nums">
                {sqft > 0 ? `${sqft.toLocaleString('en-US')} sqft × ${formatUsd(rate ?? 0)} = ${formatUsd(sqft * (rate ?? 0))}` : '—'}
              </p>
            </div>
          );
        })}
      </div>
      {sqft <= 0 && <p className="text-sm text-muted-foreground">Enter the square feet under Property and price to price a tier.</p>}
    </fieldset>
  );
}
