import { rate, type GrowthAnalytics } from '@wholesail/domain';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { countText, percentText } from '@/features/analytics/figure-format';
import type { Column } from '@/features/analytics/report-columns';
import { rangeText, shortDay } from '@/features/analytics/report-range';
import { ReportTable } from '@/features/analytics/report-table';
import type { GrowthDrillTarget } from './growth-api';
import { InflowChart } from './growth-charts';
import { inflowChartData, OTHER_SOURCES } from './growth-data';

type Props = { data: GrowthAnalytics; onDrill: (target: GrowthDrillTarget) => void };
type DayRow = GrowthAnalytics['inflow']['by_day'][number];
type SourceRow = GrowthAnalytics['inflow']['sources'][number];
type ListRow = GrowthAnalytics['lists'][number];

/** Lead inflow: new leads per day stacked by source (chart and table), per source over the range, and the lists imported. */
export function InflowSection({ data, onDrill }: Props) {
  const range = { from: data.from, to: data.to };
  const scope = rangeText(data.from, data.to);
  const days: Column<DayRow, GrowthDrillTarget>[] = [
    { header: 'Day', text: (r) => shortDay(r.date) },
    {
      header: 'New leads', numeric: true, text: (r) => countText(r.total),
      drill: (r) => ({ title: `New leads on ${shortDay(r.date)}`, scope: rangeText(r.date, r.date), params: { metric: 'inflow', from: r.date, to: r.date } }),
    },
  ];
  const sources: Column<SourceRow, GrowthDrillTarget>[] = [
    { header: 'Source', text: (r) => r.source },
    { header: 'New leads', numeric: true, text: (r) => countText(r.leads), drill: (r) => ({ title: `New leads from ${r.source}`, scope, params: { metric: 'inflow', source: r.source, ...range } }) },
    { header: 'Share', numeric: true, text: (r) => percentText(rate(r.leads, data.inflow.total)) },
  ];
  const lists: Column<ListRow, GrowthDrillTarget>[] = [
    { header: 'List', text: (r) => r.filename },
    { header: 'Imported', text: (r) => shortDay(r.date) },
    { header: 'New leads', numeric: true, text: (r) => countText(r.inserted) },
    { header: 'Updated', numeric: true, text: (r) => countText(r.updated) },
    { header: 'On the list now', numeric: true, text: (r) => countText(r.members), drill: (r) => ({ title: `Leads on ${r.filename}`, scope: 'Now', params: { metric: 'list', list: r.import_id } }) },
  ];
  return (
    <>
      <div className="grid min-w-0 gap-4 lg:grid-cols-2">
        <Card className="min-w-0 gap-0">
          <CardHeader className="p-4 pb-2">
            <CardTitle className="text-base">New leads by day and source</CardTitle>
          </CardHeader>
          <CardContent className="p-4 pt-0">
            <figure aria-label="Chart of new leads by day and source; the tables New leads by day and New leads by source list the same figures">
              <InflowChart data={inflowChartData(data.inflow)} grey={OTHER_SOURCES} />
            </figure>
          </CardContent>
        </Card>
        <ReportTable title="New leads by day" scroll columns={days} rows={data.inflow.by_day} rowKey={(r) => r.date} range={range} onDrill={onDrill} />
      </div>
      <ReportTable title="New leads by source" columns={sources} rows={data.inflow.sources} rowKey={(r) => r.source} range={range} onDrill={onDrill} />
      {data.lists.length > 0 ? (
        <ReportTable title="Lists imported" columns={lists} rows={data.lists} rowKey={(r) => r.import_id} range={range} onDrill={onDrill} />
      ) : (
        <p className="text-sm text-muted-foreground">No list was imported {data.from === data.to ? 'on' : 'from'} {scope}. Lists you import from the Leads page show up here.</p>
      )}
    </>
  );
}
