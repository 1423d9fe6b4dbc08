import { useSearchParams } from 'react-router';
import { DealCalculator } from './deal-calculator';

/** /calculator: standalone, or `?lead=<id>` / `?deal=<id>` to start from a record and save to its deal. */
export function CalculatorPage() {
  const [params] = useSearchParams();
  const dealId = params.get('deal') || undefined;
  const leadId = params.get('lead') || undefined;
  return (
    <div className="grid gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">Repair calculator</h1>
        <p className="mt-1 text-sm text-muted-foreground">Estimate repairs, your maximum allowable offer and the room left for your fee.</p>
      </header>
      <DealCalculator key={`${dealId ?? ''}|${leadId ?? ''}`} dealId={dealId} leadId={leadId} />
    </div>
  );
}
