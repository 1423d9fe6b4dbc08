import { formatDateTime, type AnalyticsQuery, type DrillMetric, type SourceFigures, type SourcesAnalytics } from '@wholesail/domain';
import { ListIcon, WalletIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyCard } from '@/components/ui/empty-card';
import type { SectionProps } from './calls-section';
import type { DrillTarget } from './drill-target';
import { countText, percentText } from './figure-format';
import type { Column } from './report-columns';
import { rangeWords } from './report-range';
import { ReportSection } from './report-section';
import { ReportTable } from './report-table';
import { SectionError, SectionSkeleton } from './section-states';
import { moneyText, useSourcesAnalytics } from './sources-api';
import { SourcesChart } from './sources-chart';
import { SpendDialog } from './spend-dialog';

type SourceRow = SourcesAnalytics['sources'][number];
type ListRow = SourcesAnalytics['lists'][number];

/** The money and ratio columns of a source (and of all sources): "—" where no spend was entered. */
const SPEND_COLUMNS: readonly { header: string; text: (f: SourceFigures) => string }[] = [
  { header: 'Spend', text: (f) => moneyText(f.spend_cents) },
  { header: 'Cost per lead', text: (f) => moneyText(f.cost_per_lead_cents) },
  { header: 'Cost per contract', text: (f) => moneyText(f.cost_per_contract_cents) },
  { header: 'ROI', text: (f) => percentText(f.roi) },
];

/** A count column of both tables, and the records behind it. */
const COUNT_COLUMNS = [
  { header: 'Leads', source: 'source_leads', list: 'list_members', value: (r: SourceRow | ListRow) => ('leads' in r ? r.leads : r.members) },
  { header: 'Contacted', source: 'source_contacted', list: 'list_contacted', value: (r: SourceRow | ListRow) => r.contacted },
  { header: 'Deals', source: 'source_under_contract', list: 'list_under_contract', value: (r: SourceRow | ListRow) => r.under_contract },
  { header: 'Closed', source: 'source_closed', list: 'list_closed', value: (r: SourceRow | ListRow) => r.closed },
] as const satisfies readonly { header: string; source: DrillMetric; list: DrillMetric; value: (r: SourceRow | ListRow) => number }[];

/** Sources and lists: leads, contacts, deals and fees per lead source and per imported list, with the team's spend. */
export function SourcesSection({ range, query, memberName }: SectionProps) {
  const sources = useSourcesAnalytics(query);
  const [spendOpen, setSpendOpen] = useState(false);
  const enterSpend = (
    <Button variant="outline" size="sm" onClick={() => setSpendOpen(true)}>
      <WalletIcon aria-hidden /> Enter spend
    </Button>
  );
  const empty = sources.data && sources.data.sources.length === 0 && sources.data.lists.length === 0;
  return (
    <ReportSection title="Sources and lists" busy={sources.isPlaceholderData}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">
          {memberName ? 'The whole team’s sources and lists, whoever is picked above. ' : ''}Spend entered per source and month gives cost per lead, cost per contract and ROI.
        </p>
        {enterSpend}
      </div>
      {sources.isPending ? (
        <SectionSkeleton label="Loading sources and lists" tiles={4} />
      ) : sources.isError ? (
        <SectionError what="the sources and lists" error={sources.error} onRetry={() => void sources.refetch()} />
      ) : empty ? (
        <EmptyCard icon={ListIcon} title={`No new leads, deals or spend ${rangeWords(range)}`} text="Import a list of leads with a Lead Source column, or enter what you spend on each source, to compare them here.">
          <Button variant="outline" asChild>
            <Link to="/leads">Import leads</Link>
          </Button>
        </EmptyCard>
      ) : (
        <SourcesReport data={sources.data} query={query} />
      )}
      <SpendDialog open={spendOpen} onOpenChange={setSpendOpen} month={query.to.slice(0, 7)} known={sources.data?.sources.map((s) => s.source) ?? []} />
    </ReportSection>
  );
}

function SourcesReport({ data, query }: { data: SourcesAnalytics; query: AnalyticsQuery }) {
  const team = { from: query.from, to: query.to };
  const sourceTarget = (title: string, metric: DrillMetric, r: SourceRow): DrillTarget => ({ title: `${title} · ${r.source}`, metrics: [metric], query: team, memberName: null, filter: { source: r.source } });
  const listTarget = (title: string, metric: DrillMetric, r: ListRow): DrillTarget => ({
    title: `${title} · ${r.filename}`, metrics: [metric], query: team, memberName: null, filter: { list: r.import_id }, scope: `${r.filename}, all time`,
  });

  const sourceColumns: Column<SourceRow>[] = [
    { header: 'Source', text: (r) => r.source },
    ...COUNT_COLUMNS.map((c) => ({ header: c.header, numeric: true, text: (r: SourceRow) => countText(c.value(r)), drill: (r: SourceRow) => sourceTarget(c.header, c.source, r) })),
    { header: 'Fees', numeric: true, text: (r) => moneyText(r.fees_cents), drill: (r) => sourceTarget('Fees', 'source_closed', r) },
    ...SPEND_COLUMNS.map((c) => ({ ...c, numeric: true })),
  ];
  const listColumns: Column<ListRow>[] = [
    { header: 'List', text: (r) => r.filename },
    { header: 'Imported', text: (r) => formatDateTime(r.created_at, { timeZone: data.time_zone }) },
    ...COUNT_COLUMNS.map((c) => ({ header: c.header, numeric: true, text: (r: ListRow) => countText(c.value(r)), drill: (r: ListRow) => listTarget(c.header, c.list, r) })),
    { header: 'Fees', numeric: true, text: (r) => moneyText(r.fees_cents), drill: (r) => listTarget('Fees', 'list_closed', r) },
  ];

  return (
    <>
      <Totals figures={data.totals} />
      {data.sources.length > 0 && (
        // One above the other: the table's ten columns want the full width.
        <div className="grid min-w-0 gap-4">
          <Card className="min-w-0 gap-0">
            <CardHeader className="p-4 pb-2">
              <CardTitle className="text-base">Leads and deals by source</CardTitle>
            </CardHeader>
            <CardContent className="p-4 pt-0">
              <figure aria-label="Chart of leads and deals under contract by source; the table Sources lists the same figures">
                <SourcesChart sources={data.sources} />
              </figure>
            </CardContent>
          </Card>
          <ReportTable title="Sources" columns={sourceColumns} rows={data.sources} rowKey={(r) => r.source} range={query} />
        </div>
      )}
      {data.lists.length > 0 ? (
        <ReportTable title="Lists imported" scroll columns={listColumns} rows={data.lists} rowKey={(r) => r.import_id} range={query} />
      ) : (
        <p className="text-sm text-muted-foreground">No lists were imported in these days. Lists imported from Leads show here with their members’ contacts, deals and fees.</p>
      )}
    </>
  );
}

/** All sources added up; each source's numbers in the table open their records. */
function Totals({ figures }: { figures: SourceFigures }) {
  const items: [string, string][] = [
    ['Leads', countText(figures.leads)],
    ['Contacted', countText(figures.contacted)],
    ['Deals', countText(figures.under_contract)],
    ['Fees', moneyText(figures.fees_cents)],
    ...SPEND_COLUMNS.map((c): [string, string] => [c.header, c.text(figures)]),
  ];
  return (
    <dl aria-label="All sources" className="grid grid-cols-2 gap-3 sm:grid-cols-4 xl:grid-cols-8">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-xl border bg-card px-3 py-2">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="text-lg font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
