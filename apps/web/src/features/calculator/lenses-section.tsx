import { BUYER_LENS_LABELS, BUYER_LENSES, type BuyerLensKind } from '@wholesail/domain';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { CalculatorInputs } from './calculator-inputs';
import type { CalculatorResults } from './calculator-results';
import { FigureStat, negativeTone, signTone } from './figure-stat';

function lensRule(kind: BuyerLensKind, inputs: CalculatorInputs): string {
  if (kind === 'flip') return `A flipper’s ${inputs.maoPercent}% rule`;
  if (kind === 'rental') return `A landlord’s ${inputs.rental.targetCapRatePercent}% cap rate on cost`;
  return `Full costs: closing ${inputs.closingCostPercent}%, holding ${inputs.holdingCostPercent}%, profit ${inputs.profitPercent}%`;
}

/** Your MAO and max offer, then what each kind of buyer pays and the room that leaves for your fee, side by side. */
export function LensesSection({ inputs, results }: { inputs: CalculatorInputs; results: CalculatorResults }) {
  return (
    <Card role="region" aria-label="Maximum offer">
      <CardHeader>
        <CardTitle>Maximum offer</CardTitle>
        <CardDescription>What an end buyer pays, less your offer, is the room for your fee.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="grid gap-4 sm:grid-cols-3">
          <FigureStat label="MAO" size="lg" figure={results.mao} tone={negativeTone(results.mao)} />
          <FigureStat label="Max offer" size="lg" figure={results.maxOffer} tone={negativeTone(results.maxOffer)} />
          <FigureStat label="Your offer" size="lg" figure={results.offerPrice} />
        </div>
        <ul className="grid gap-4 md:grid-cols-3" aria-label="Buyer lenses">
          {BUYER_LENSES.map((kind) => {
            const lens = results.lenses[kind];
            return (
              <li key={kind} className="grid content-start gap-3 rounded-lg border p-4" aria-label={`${BUYER_LENS_LABELS[kind]} buyer`}>
                <div>
                  <h4 className="font-semibold">{BUYER_LENS_LABELS[kind]}</h4>
                  <p className="text-xs text-muted-foreground">{lensRule(kind, inputs)}</p>
                </div>
                <FigureStat label="Buyer pays up to" figure={lens.maxPrice} tone={negativeTone(lens.maxPrice)} />
                <FigureStat label="Fee headroom" figure={lens.headroom} tone={signTone(lens.headroom)} />
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
