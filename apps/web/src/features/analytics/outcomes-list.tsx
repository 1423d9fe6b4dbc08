import { CALL_OUTCOME_LABELS, CALL_OUTCOMES, rate, type AnalyticsQuery, type CallOutcome, type CallsAnalytics } from '@wholesail/domain';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useOpenDrill } from './drill-target';
import { ExportCsvButton } from './export-csv-button';
import { countText, percentText } from './figure-format';
import { csvFileName, tableCsv, type Column } from './report-columns';

type Row = { outcome: CallOutcome; label: string; count: number; share: number | null };

const COLUMNS: readonly Column<Row>[] = [
  { header: 'Outcome', text: (r) => r.label },
  { header: 'Calls', text: (r) => countText(r.count) },
  { header: 'Share', text: (r) => percentText(r.share) },
];

/** The outcomes logged after calls, as bars of one scale; each count lists its calls. */
export function OutcomesList({ outcomes, query, memberName }: { outcomes: CallsAnalytics['outcomes']; query: AnalyticsQuery; memberName: string | null }) {
  const openDrill = useOpenDrill();
  const total = CALL_OUTCOMES.reduce((sum, o) => sum + outcomes[o], 0);
  const rows: Row[] = CALL_OUTCOMES.map((outcome) => ({ outcome, label: CALL_OUTCOME_LABELS[outcome], count: outcomes[outcome], share: rate(outcomes[outcome], total) }));
  const max = Math.max(1, ...rows.map((r) => r.count));
  return (
    <Card className="min-w-0 gap-0">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 p-4 pb-2">
        <CardTitle className="text-base">Outcomes</CardTitle>
        <ExportCsvButton title="Outcomes" fileName={csvFileName('Outcomes', query)} csv={() => tableCsv(COLUMNS, rows)} />
      </CardHeader>
      <CardContent className="p-4 pt-2">
        <ul aria-label="Outcomes" className="grid gap-x-10 gap-y-3 lg:grid-cols-2">
          {rows.map((row) => (
            <li key={row.outcome} className="grid gap-1.5">
              <div className="flex items-baseline justify-between gap-3 text-sm">
                <span>{row.label}</span>
                <span className="tabular-nums">
                  <button
                    type="button"
                    className="rounded-sm font-medium underline decoration-border decoration-dotted underline-offset-4 outline-none hover:decoration-foreground focus-visible:ring-2 focus-visible:ring-ring/40"
                    aria-label={`${row.label}: ${countText(row.count)}`}
                    onClick={() => openDrill({ title: row.label, metrics: [`outcome:${row.outcome}`], query, memberName })}
                  >
                    {countText(row.count)}
                  </button>
                  <span className="ml-2 text-xs text-muted-foreground">{percentText(row.share)}</span>
                </span>
              </div>
              <div className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden>
                <div className="h-full rounded-full bg-primary" style={{ width: `${(row.count / max) * 100}%` }} />
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
