import type { GrowthAnalytics, PipelineKind } from '@wholesail/domain';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { countText } from '@/features/analytics/figure-format';
import type { Column } from '@/features/analytics/report-columns';
import { rangeText, shortDay } from '@/features/analytics/report-range';
import { ReportTable } from '@/features/analytics/report-table';
import type { GrowthDrillTarget } from './growth-api';
import { PipelineChart } from './growth-charts';
import { pipelineChartData } from './growth-data';

type Series = GrowthAnalytics['pipeline']['lead_status'];
type DayRow = Series['by_day'][number];
type Props = { data: GrowthAnalytics; onDrill: (target: GrowthDrillTarget) => void };
/** Up to this many keys a pipeline's table fits beside its chart. */
const WIDE_TABLE_KEYS = 4;

const NAMES: Record<PipelineKind, { chart: string; table: string; records: string; none: string }> = {
  lead_status: { chart: 'Leads by status at the end of each day', table: 'Leads by status', records: 'Leads', none: 'No leads in the pipeline in this range yet.' },
  deal_stage: { chart: 'Deals by stage at the end of each day', table: 'Deals by stage', records: 'Deals', none: 'No deals in this range yet: a deal starts from a lead’s page.' },
};

/** The pipeline over time: leads by status and deals by stage at the end of each day, each a chart and its table. */
export function PipelineSection({ data, onDrill }: Props) {
  return (
    <>
      <PipelineBlock kind="lead_status" series={data.pipeline.lead_status} range={data} onDrill={onDrill} />
      <PipelineBlock kind="deal_stage" series={data.pipeline.deal_stage} range={data} onDrill={onDrill} />
    </>
  );
}

function PipelineBlock({ kind, series, range, onDrill }: { kind: PipelineKind; series: Series; range: { from: string; to: string }; onDrill: Props['onDrill'] }) {
  const names = NAMES[kind];
  if (series.keys.length === 0) return <p className="text-sm text-muted-foreground">{names.none}</p>;
  const columns: Column<DayRow, GrowthDrillTarget>[] = [
    { header: 'Day', text: (r) => shortDay(r.date) },
    ...series.keys.map(({ key, label }) => ({
      header: label,
      numeric: true,
      text: (r: DayRow) => countText(r.counts[key] ?? 0),
      drill: (r: DayRow): GrowthDrillTarget => ({
        title: `${names.records}: ${label}`, scope: `At the end of ${rangeText(r.date, r.date)}`, params: { metric: kind, key, day: r.date },
      }),
    })),
  ];
  return (
    // A table of many keys takes the width: beside its chart its day column would wrap.
    <div className={cn('grid min-w-0 gap-4', series.keys.length <= WIDE_TABLE_KEYS && 'lg:grid-cols-2')}>
      <Card className="min-w-0 gap-0">
        <CardHeader className="p-4 pb-2">
          <CardTitle className="text-base">{names.chart}</CardTitle>
        </CardHeader>
        <CardContent className="p-4 pt-0">
          <figure aria-label={`Chart of ${names.chart.toLowerCase()}; the table ${names.table} lists the same figures`}>
            <PipelineChart data={pipelineChartData(series)} label={names.chart} />
          </figure>
        </CardContent>
      </Card>
      <ReportTable title={names.table} scroll columns={columns} rows={series.by_day} rowKey={(r) => r.date} range={range} onDrill={onDrill} />
    </div>
  );
}
