import { type DealAnalysis, screenLinks } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertCircleIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Skeleton } from '@/components/ui/skeleton';
import { queryKeys } from '@/lib/query-keys';
import { saveAnalysis, useDealAnalyses } from './calculator-api';
import { type CalculatorInputs, fromSaved } from './calculator-inputs';
import { calculate } from './calculator-results';
import { LensesSection } from './lenses-section';
import { PropertySection } from './property-section';
import { RentalSection } from './rental-section';
import { RepairsSection } from './repairs-section';
import { SaveSection } from './save-section';
import { SensitivitySection } from './sensitivity-section';
import { SummaryBar } from './summary-bar';
import { type CalculatorStart, useCalculatorSource } from './use-calculator-source';

export const STANDALONE_SAVE_TEXT = 'Open the calculator from a lead or deal to save this analysis.';

/**
 * The deal calculator: repairs, MAO under three buyer lenses, the rental lens and the sensitivity table, saved to
 * the deal as versions. Standalone without ids; prefilled from a lead or a deal; a deal page embeds it as a tab.
 */
export function DealCalculator({ dealId, leadId }: { dealId?: string; leadId?: string }) {
  const start = useCalculatorSource({ dealId, leadId });
  if (start === null) {
    return (
      <div className="grid gap-4" aria-busy="true" aria-label="Loading the calculator">
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-64 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  return <CalculatorWorkspace start={start} />;
}

function CalculatorWorkspace({ start }: { start: CalculatorStart }) {
  const client = useQueryClient();
  const [inputs, setInputs] = useState<CalculatorInputs>(start.inputs);
  const [loadedVersion, setLoadedVersion] = useState<number | null>(start.version);
  const [dealId, setDealId] = useState<string | null>(start.dealId);
  const versions = useDealAnalyses(dealId);
  const results = useMemo(() => calculate(inputs), [inputs]);
  const onChange = (patch: Partial<CalculatorInputs>) => setInputs((current) => ({ ...current, ...patch }));

  const save = useMutation({
    mutationFn: () =>
      saveAnalysis(
        { dealId, leadId: start.leadId },
        {
          inputs,
          arv: inputs.arv ?? 0,
          repair_estimate: results.repairs.total.value,
          target_fee: inputs.targetFee ?? 0,
          mao: results.mao.value,
          max_offer: results.maxOffer.value,
        },
      ),
    onSuccess: ({ dealId: savedDealId, analysis }) => {
      setDealId(savedDealId);
      setLoadedVersion(analysis.version);
      client.setQueryData<DealAnalysis[]>(queryKeys.deals.analyses(savedDealId), (old) => [analysis, ...(old ?? []).filter((a) => a.id !== analysis.id)]);
      void client.invalidateQueries({ queryKey: queryKeys.deals.all });
      toast.success(`Saved as version ${analysis.version}`, { description: dealId === null ? 'A new deal was opened for this lead.' : undefined });
    },
    onError: (error) => toast.error('Could not save the analysis', { description: error.message }),
  });

  const load = (analysis: DealAnalysis) => {
    const loaded = fromSaved(analysis.inputs, start.defaults);
    if (loaded === null) {
      toast.error(`Version ${analysis.version} could not be read`, { description: 'It was saved in a form this calculator does not know.' });
      return;
    }
    setInputs(loaded);
    setLoadedVersion(analysis.version);
    toast.success(`Loaded version ${analysis.version}`);
  };

  const blocked =
    dealId === null && start.leadId === null ? STANDALONE_SAVE_TEXT
    : !inputs.arv ? 'Enter the ARV to save.'
    : null;

  return (
    <div className="grid gap-6">
      {start.problem && (
        <Alert variant="destructive">
          <AlertCircleIcon aria-hidden />
          <span>{start.problem}</span>
        </Alert>
      )}
      <Source start={start} />
      <SummaryBar arv={inputs.arv} results={results} />
      <PropertySection inputs={inputs} onChange={onChange} maxOffer={results.maxOffer.value} />
      <RepairsSection inputs={inputs} onChange={onChange} estimate={results.repairs} />
      <LensesSection inputs={inputs} results={results} />
      <RentalSection inputs={inputs} onChange={onChange} results={results} />
      <SensitivitySection rows={results.sensitivity} />
      <SaveSection blocked={blocked} saving={save.isPending} onSave={() => save.mutate()} versions={versions.data} loadedVersion={loadedVersion} onLoad={load} />
    </div>
  );
}

/** Which record the numbers came from, with a way back to it. */
function Source({ start }: { start: CalculatorStart }) {
  const leadId = start.lead?.id ?? start.deal?.lead_id;
  if (!leadId) return null;
  const name = start.deal?.property_address ?? start.inputs.address;
  return (
    <p className="text-sm text-muted-foreground">
      {start.deal ? 'Figures from the deal' : 'Prefilled from the lead'}
      {name ? ` for ${name}` : ''}
      {start.version !== null ? `, version ${start.version}` : ''}.{' '}
      <Link className="font-medium text-primary underline-offset-4 hover:underline" to={screenLinks.lead(leadId)}>
        Open the lead
      </Link>
    </p>
  );
}
