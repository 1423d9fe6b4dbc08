import { formatUsd } from '@wholesail/domain';
import { useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import type { CalculatorInputs, RentalInputs } from './calculator-inputs';
import type { CalculatorResults } from './calculator-results';
import { FigureStat, signTone } from './figure-stat';
import { NumberField } from './number-field';
import type { InputsPatch } from './property-section';

/** The landlord's view at the price they would pay you (your offer + fee), cash or financed. */
export function RentalSection({ inputs, onChange, results }: { inputs: CalculatorInputs; onChange: InputsPatch; results: CalculatorResults }) {
  const financedId = useId();
  const { rental } = inputs;
  const { lens, buyerPrice } = results.rental;
  const set = (patch: Partial<RentalInputs>) => onChange({ rental: { ...rental, ...patch } });

  return (
    <Card role="region" aria-label="Rental lens">
      <CardHeader>
        <CardTitle>Rental lens</CardTitle>
        <CardDescription>
          A landlord buying at {formatUsd(buyerPrice)} (your offer + fee) and paying for the repairs. Figures are yearly unless marked.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          <NumberField label="Monthly rent" value={rental.monthlyRent} onChange={(monthlyRent) => set({ monthlyRent })} />
          <NumberField label="Vacancy" kind="percent" max={100} value={rental.vacancyPercent} onChange={(v) => set({ vacancyPercent: v ?? 0 })} />
          <NumberField
            label="Monthly expenses"
            value={rental.monthlyExpenses}
            onChange={(monthlyExpenses) => set({ monthlyExpenses })}
            hint="Taxes, insurance, management, upkeep."
          />
          <NumberField label="Target cap rate" kind="percent" max={100} value={rental.targetCapRatePercent} onChange={(v) => set({ targetCapRatePercent: v ?? 0 })} />
        </div>
        <div className="grid gap-4">
          <div className="flex items-center gap-2">
            <Switch id={financedId} checked={rental.financed} onCheckedChange={(financed) => set({ financed })} />
            <Label htmlFor={financedId}>The buyer takes a loan</Label>
          </div>
          {rental.financed && (
            <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
              <NumberField label="Down payment" kind="percent" max={100} value={rental.downPaymentPercent} onChange={(v) => set({ downPaymentPercent: v ?? 0 })} />
              <NumberField label="Interest rate" kind="percent" max={100} value={rental.ratePercent} onChange={(v) => set({ ratePercent: v ?? 0 })} />
              <NumberField label="Term (years)" kind="count" max={50} value={rental.years} onChange={(years) => set({ years })} />
            </div>
          )}
        </div>
        {rental.monthlyRent ? (
          <div className="grid grid-cols-1 gap-4 border-t pt-4 sm:grid-cols-2 lg:grid-cols-4">
            <FigureStat label="Effective gross income" figure={lens.egi} />
            <FigureStat label="Net operating income" figure={lens.noi} />
            <FigureStat label="Cap rate" as="percent" figure={lens.capRate} />
            <FigureStat label="Cash invested" figure={lens.cashInvested} />
            <FigureStat label="Debt service" figure={lens.debtService} />
            <FigureStat label="Cash flow (monthly)" figure={lens.monthlyCashFlow} tone={signTone(lens.monthlyCashFlow)} />
            <FigureStat label="Cash-on-cash" as="percent" figure={lens.cashOnCash} tone={signTone(lens.cashOnCash)} />
            <FigureStat label="DSCR" as="ratio" figure={lens.dscr} />
          </div>
        ) : (
          <p className="border-t pt-4 text-sm text-muted-foreground">Enter the monthly rent to see the landlord’s income, cap rate, cash flow and DSCR.</p>
        )}
      </CardContent>
    </Card>
  );
}
