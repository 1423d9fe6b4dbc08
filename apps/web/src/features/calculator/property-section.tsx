import { formatUsd } from '@wholesail/domain';
import { useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { CalculatorInputs } from './calculator-inputs';
import { NumberField } from './number-field';

export type InputsPatch = (patch: Partial<CalculatorInputs>) => void;

/** The house and the money: what it is, what it is worth repaired, your fee and your offer; then the buyers' rules. */
export function PropertySection({ inputs, onChange, maxOffer }: { inputs: CalculatorInputs; onChange: InputsPatch; maxOffer: number }) {
  const addressId = useId();
  return (
    <Card role="region" aria-label="Property and price">
      <CardHeader>
        <CardTitle>Property and price</CardTitle>
        <CardDescription>Start from the after-repair value (ARV) and the fee you want to keep.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="grid gap-1.5">
          <Label htmlFor={addressId}>Address</Label>
          <Input id={addressId} value={inputs.address} autoComplete="off" placeholder="123 Main St, Austin, TX" onChange={(e) => onChange({ address: e.target.value })} />
        </div>
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          <NumberField label="Square feet" kind="count" value={inputs.sqft} onChange={(sqft) => onChange({ sqft })} />
          <NumberField label="Bedrooms" kind="count" value={inputs.beds} onChange={(beds) => onChange({ beds })} />
          <NumberField label="Bathrooms" kind="count" value={inputs.baths} onChange={(baths) => onChange({ baths })} />
          <NumberField label="Year built" kind="plain" max={2100} value={inputs.yearBuilt} onChange={(yearBuilt) => onChange({ yearBuilt })} />
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <NumberField label="ARV" value={inputs.arv} onChange={(arv) => onChange({ arv })} hint="What the house sells for once repaired." />
          <NumberField label="Target fee" value={inputs.targetFee} onChange={(targetFee) => onChange({ targetFee })} hint="What you want to keep." />
          <NumberField
            label="Your offer"
            value={inputs.offerPrice}
            onChange={(offerPrice) => onChange({ offerPrice })}
            placeholder={formatUsd(maxOffer).replace('$', '')}
            hint="Your price to the seller. Blank uses your max offer."
          />
        </div>
        <details className="group rounded-lg border px-4 py-3">
          <summary className="cursor-pointer text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring/40">Buyer assumptions</summary>
          <div className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4">
            <NumberField label="MAO rule" kind="percent" max={100} value={inputs.maoPercent} onChange={(v) => onChange({ maoPercent: v ?? 0 })} hint="Percent of ARV." />
            <NumberField label="Closing costs" kind="percent" max={50} value={inputs.closingCostPercent} onChange={(v) => onChange({ closingCostPercent: v ?? 0 })} />
            <NumberField label="Holding costs" kind="percent" max={50} value={inputs.holdingCostPercent} onChange={(v) => onChange({ holdingCostPercent: v ?? 0 })} />
            <NumberField label="Buyer profit" kind="percent" max={50} value={inputs.profitPercent} onChange={(v) => onChange({ profitPercent: v ?? 0 })} />
          </div>
          <p className="mt-3 text-xs text-muted-foreground">Retail costs are percents of ARV. Your organization’s defaults come from the deal settings.</p>
        </details>
      </CardContent>
    </Card>
  );
}
