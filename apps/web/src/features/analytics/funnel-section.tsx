import { FUNNEL_LABELS, type DrillMetric, type FunnelAnalytics, type FunnelStep } from '@wholesail/domain';
import { FilterIcon } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyCard } from '@/components/ui/empty-card';
import { useFunnelAnalytics } from './analytics-api';
import type { SectionProps } from './calls-section';
import { useOpenDrill } from './drill-target';
import { ExportCsvButton } from './export-csv-button';
import { countText, percentText } from './figure-format';
import { csvFileName, tableCsv, type Column } from './report-columns';
import { rangeWords } from './report-range';
import { ReportSection } from './report-section';
import { SectionError, SectionSkeleton } from './section-states';

type Step = FunnelAnalytics['steps'][number];

/** The records of each step: "interested" counts two outcomes, so it lists both (a tab each). */
const STEP_METRICS: Record<FunnelStep, readonly DrillMetric[]> = {
  dials: ['dials'],
  connects: ['connects'],
  conversations: ['conversations'],
  interested: ['outcome:interested', 'outcome:appointment_scheduled'],
  offers: ['offers'],
  under_contract: ['under_contract'],
  closed: ['closed'],
};

/**
 * "25% of dials"; nothing for the first step, or when the step before counted nothing. Each step counts what happened
 * in the period, so a step can count more than the one before (deals that went under contract in an earlier period
 * closed in this one): that is said, not shown as a rate over 100%.
 */
const rateText = (steps: readonly Step[], i: number) => {
  const before = steps[i - 1];
  const rate = steps[i]!.rate_from_previous_step;
  if (!before || rate === null) return '';
  const step = FUNNEL_LABELS[before.key].toLowerCase();
  return rate > 1 ? `More than ${step}: some began in an earlier period` : `${percentText(rate)} of ${step}`;
};

const columnsOf = (steps: readonly Step[]): readonly Column<Step>[] => [
  { header: 'Step', text: (s) => s.label },
  { header: 'Count', text: (s) => countText(s.count) },
  { header: 'Rate from the step before', text: (s) => rateText(steps, steps.indexOf(s)) },
  { header: 'Previous period', text: (s) => countText(s.previous) },
];

/** Dials → connects → conversations → interested → offers → under contract → closed, each with its rate from the step before. */
export function FunnelSection(props: SectionProps) {
  const funnel = useFunnelAnalytics(props.query);
  return (
    <ReportSection title="Funnel" busy={funnel.isPlaceholderData}>
      {funnel.isPending ? (
        <SectionSkeleton label="Loading the funnel" tiles={0} />
      ) : funnel.isError ? (
        <SectionError what="the funnel" error={funnel.error} onRetry={() => void funnel.refetch()} />
      ) : funnel.data.steps.every((s) => s.count === 0 && s.previous === 0) ? (
        <EmptyCard icon={FilterIcon} title={`Nothing in the funnel ${rangeWords(props.range)}`} text="Dials, conversations, offers and contracts show up here as your team works its leads." />
      ) : (
        <FunnelView steps={funnel.data.steps} {...props} />
      )}
    </ReportSection>
  );
}

function FunnelView({ steps, query, memberName }: SectionProps & { steps: readonly Step[] }) {
  const openDrill = useOpenDrill();
  const scale = Math.max(1, ...steps.map((s) => s.count));
  return (
    <Card className="min-w-0 gap-0">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 p-4 pb-2">
        <CardTitle className="text-base">From dial to closing</CardTitle>
        <ExportCsvButton title="Funnel" fileName={csvFileName('Funnel', query)} csv={() => tableCsv(columnsOf(steps), steps)} />
      </CardHeader>
      <CardContent className="p-4 pt-2">
        <ol aria-label="Funnel" className="grid gap-3 lg:gap-2">
          {steps.map((step, i) => (
            <li key={step.key} aria-label={step.label} className="grid items-center gap-x-4 gap-y-1 lg:grid-cols-[13rem_1fr_15rem]">
              <div className="flex items-baseline justify-between gap-3 lg:justify-start">
                <span className="text-sm">{step.label}</span>
                <button
                  type="button"
                  className="rounded-sm text-sm font-semibold tabular-nums underline decoration-border decoration-dotted underline-offset-4 outline-none hover:decoration-foreground focus-visible:ring-2 focus-visible:ring-ring/40"
                  aria-label={`${step.label}: ${countText(step.count)}`}
                  onClick={() => openDrill({ title: step.label, metrics: STEP_METRICS[step.key], query, memberName })}
                >
                  {countText(step.count)}
                </button>
              </div>
              <div className="flex h-7 justify-center rounded-md bg-muted/50" aria-hidden>
                <div className="h-full rounded-md bg-primary" style={{ width: `${Math.max(step.count > 0 ? 1 : 0, (step.count / scale) * 100)}%`, opacity: 1 - i * 0.08 }} />
              </div>
              <p className="text-xs text-muted-foreground tabular-nums lg:text-right">
                {rateText(steps, i) && <span>{rateText(steps, i)} · </span>}
                <span className="whitespace-nowrap">Previous period: {countText(step.previous)}</span>
              </p>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
