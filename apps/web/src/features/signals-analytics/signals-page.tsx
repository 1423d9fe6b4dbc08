import { SIGNAL_GROUP_LABELS, SIGNAL_GROUPS, type SignalsAnalytics } from '@wholesail/domain';
import { ActivityIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyCard } from '@/components/ui/empty-card';
import { Skeleton } from '@/components/ui/skeleton';
import { ExportCsvButton } from '@/features/analytics/export-csv-button';
import { countText, percentText } from '@/features/analytics/figure-format';
import { SectionError } from '@/features/analytics/section-states';
import { FiguresTable, type LeadsTarget } from './figures-table';
import { LeadsSheet } from './leads-sheet';
import { LiftChart, liftChartData } from './lift-chart';
import { ofText, OUTCOMES, signalsCsv, TOO_FEW } from './signals-format';
import { useSignalsAnalytics } from './signals-api';
import { WeightsCard } from './weights-card';

function Header() {
  return (
    <header>
      <h1 className="text-2xl font-semibold tracking-tight">Signals analytics</h1>
      <p className="mt-1 text-sm text-muted-foreground">
        Which distress signals, equity, motivation and tags your converted leads really had: each one’s rates against all your leads, with the counts behind them.
      </p>
    </header>
  );
}

/** /signals-analytics: the lift of every signal and attribute, the chart, the score weights and the stacks. */
export function SignalsAnalyticsPage() {
  const report = useSignalsAnalytics();
  const [target, setTarget] = useState<LeadsTarget | null>(null);
  let body: ReactNode;
  if (report.isPending) {
    body = (
      <div className="grid gap-4" aria-label="Loading the signals">
        <Skeleton className="h-24 w-full rounded-xl" />
        <Skeleton className="h-96 w-full rounded-xl" />
      </div>
    );
  } else if (report.isError) {
    body = <SectionError what="the signals" error={report.error} onRetry={() => void report.refetch()} />;
  } else if (report.data.all.leads === 0) {
    body = (
      <EmptyCard icon={ActivityIcon} title="No leads to learn from yet" text="Import a list or add leads: each one’s signals, tags and outcomes are counted here as your team works them.">
        <Button variant="outline" asChild>
          <Link to="/leads">Go to your leads</Link>
        </Button>
      </EmptyCard>
    );
  } else {
    body = <Report data={report.data} onOpen={setTarget} />;
  }
  return (
    <div className="grid min-w-0 gap-6">
      <Header />
      {body}
      <LeadsSheet target={target} onClose={() => setTarget(null)} />
    </div>
  );
}

/** What every signal is measured against: all counted leads and their outcomes, each count opening its leads. */
function AllLeads({ data, onOpen }: { data: SignalsAnalytics; onOpen: (t: LeadsTarget) => void }) {
  const { all } = data;
  const tiles = [
    { measure: 'leads', label: 'Leads', value: countText(all.leads), rate: null },
    ...OUTCOMES.map((o) => ({ measure: o.measure, label: o.header, value: ofText(all[o.count], all.leads), rate: percentText(all[o.rate]) })),
  ] as const;
  return (
    <section aria-label="All leads" className="grid gap-2">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {tiles.map((t) => (
          <button
            key={t.measure}
            type="button"
            className="grid gap-1 rounded-xl border bg-card p-4 text-left outline-none hover:bg-muted/40 focus-visible:ring-2 focus-visible:ring-ring/40"
            aria-label={`${t.label}: ${t.value}`}
            onClick={() => onOpen({ key: 'all', label: 'All leads', measure: t.measure })}
          >
            <span className="text-xs font-medium text-muted-foreground">{t.label}</span>
            <span className="text-lg font-semibold tabular-nums">{t.value}</span>
            {t.rate && <span className="text-xs text-muted-foreground tabular-nums">{t.rate} of all leads</span>}
          </button>
        ))}
      </div>
      <p className="text-xs text-muted-foreground">
        Every signal below is measured against these rates. A signal needs {data.min_sample} leads before its lift is shown; below that it says “{TOO_FEW}”.
      </p>
    </section>
  );
}

const more = (n: number, noun: string) => (n > 0 ? `And ${countText(n)} more ${noun} with fewer leads.` : undefined);

function Report({ data, onOpen }: { data: SignalsAnalytics; onOpen: (t: LeadsTarget) => void }) {
  const groups = SIGNAL_GROUPS.map((g) => ({
    title: SIGNAL_GROUP_LABELS[g],
    rows: data.rows.filter((r) => r.group === g),
    note: g === 'tag' ? more(data.omitted.tag, 'tags') : g === 'property_type' ? more(data.omitted.property_type, 'property types') : undefined,
  })).filter((g) => g.rows.length > 0);
  const bars = liftChartData(data.rows);
  return (
    <>
      <AllLeads data={data} onOpen={onOpen} />
      <Card className="min-w-0 gap-0">
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 p-4 pb-2">
          <CardTitle className="text-base">Signals and attributes</CardTitle>
          <ExportCsvButton title="Signals" fileName="signals.csv" csv={() => signalsCsv(data.rows)} />
        </CardHeader>
        <CardContent className="p-2 pt-0">
          <FiguresTable label="Signals and attributes" nameHeader="Signal" groups={groups} onOpen={onOpen} />
        </CardContent>
      </Card>
      <div className="grid min-w-0 gap-6 xl:grid-cols-2">
        <Card className="min-w-0 gap-0">
          <CardHeader className="grid gap-1 p-4 pb-2">
            <CardTitle className="text-base">Contract-rate lift</CardTitle>
            <CardDescription>How many times the contract rate of all leads each signal reached. Above 1× it did better.</CardDescription>
          </CardHeader>
          <CardContent className="p-4 pt-0">
            {bars.length === 0 ? (
              <p className="text-sm text-muted-foreground">No signal has {data.min_sample} leads yet: the chart fills in as more leads come in.</p>
            ) : (
              <figure aria-label="Chart of the contract-rate lift of each signal with enough leads; the table lists the same figures">
                <LiftChart data={bars} />
              </figure>
            )}
          </CardContent>
        </Card>
        <WeightsCard weights={data.weights} minSample={data.min_sample} />
      </div>
      <Card className="min-w-0 gap-0">
        <CardHeader className="grid gap-1 p-4 pb-2">
          <CardTitle className="text-base">Stacked leads</CardTitle>
          <CardDescription>Leads with several distress signals at once, or on several of your imported lists, and how they converted. Most stacked first.</CardDescription>
        </CardHeader>
        <CardContent className="p-2 pt-0">
          <FiguresTable
            label="Stacked leads"
            nameHeader="Stack"
            groups={[
              { title: 'Distress signals at once', rows: data.stacks.signals },
              { title: 'Imported lists', rows: data.stacks.lists },
            ]}
            onOpen={onOpen}
          />
        </CardContent>
      </Card>
    </>
  );
}
