import type { AnalyticsQuery, CallFigures, CallsAnalytics, DrillMetric } from '@wholesail/domain';
import { PhoneIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyCard } from '@/components/ui/empty-card';
import { CallsByDayChart } from './analytics-charts';
import { useCallsAnalytics } from './analytics-api';
import { useOpenDrill, type DrillTarget } from './drill-target';
import { CALL_FIGURES } from './figure-defs';
import { FigureTiles } from './figure-tile';
import { OutcomesList } from './outcomes-list';
import type { Column } from './report-columns';
import { rangeWords, shortDay, type ReportRange } from './report-range';
import { ReportSection } from './report-section';
import { ReportTable } from './report-table';
import { SectionError, SectionSkeleton } from './section-states';

export type SectionProps = { range: ReportRange; query: AnalyticsQuery; memberName: string | null };

type MemberRow = CallsAnalytics['by_member'][number];
type DayRow = CallsAnalytics['by_day'][number];
const DAY_KEYS: readonly string[] = ['dials', 'connects', 'conversations', 'talk_time_sec'] satisfies (keyof DayRow)[];

/** Calling: the tiles, dials and connects by day (chart and table), the team by member, and the outcomes. */
export function CallsSection(props: SectionProps) {
  const calls = useCallsAnalytics(props.query);
  return (
    <ReportSection title="Calling" busy={calls.isPlaceholderData}>
      {calls.isPending ? (
        <SectionSkeleton label="Loading calling figures" tiles={7} />
      ) : calls.isError ? (
        <SectionError what="the calling figures" error={calls.error} onRetry={() => void calls.refetch()} />
      ) : calls.data.dials === 0 ? (
        <EmptyCard icon={PhoneIcon} title={`No calls${props.memberName ? ` by ${props.memberName}` : ''} ${rangeWords(props.range)}`} text="Calls you make from the dialer show up here.">
          <Button variant="outline" asChild>
            <Link to="/communications">Open the dialer</Link>
          </Button>
        </EmptyCard>
      ) : (
        <CallsReport data={calls.data} {...props} />
      )}
    </ReportSection>
  );
}

function CallsReport({ data, query, memberName }: SectionProps & { data: CallsAnalytics }) {
  const openDrill = useOpenDrill();
  const target = (title: string, metric: DrillMetric, q: AnalyticsQuery = query, name: string | null = memberName): DrillTarget => ({ title, metrics: [metric], query: q, memberName: name });
  const current: CallFigures = data;

  const memberColumns: Column<MemberRow>[] = [
    { header: 'Member', text: (r) => r.name },
    ...CALL_FIGURES.map((def) => ({
      header: def.label,
      numeric: true,
      text: (r: MemberRow) => def.format(r[def.key]),
      drill: (r: MemberRow) => target(def.label, def.metric, { ...query, member: r.user_id }, r.name),
    })),
  ];
  const dayColumns: Column<DayRow>[] = [
    { header: 'Day', text: (r) => shortDay(r.date) },
    ...CALL_FIGURES.filter((def) => DAY_KEYS.includes(def.key)).map((def) => ({
      header: def.label,
      numeric: true,
      text: (r: DayRow) => def.format(r[def.key as keyof Omit<DayRow, 'date'>]),
      drill: (r: DayRow) => target(def.label, def.metric, { ...query, from: r.date, to: r.date }),
    })),
  ];

  return (
    <>
      <FigureTiles label="Calling figures" defs={CALL_FIGURES} current={current} previous={data.previous} onOpen={(def) => openDrill(target(def.label, def.metric))} />
      <div className="grid min-w-0 gap-4 lg:grid-cols-2">
        <Card className="min-w-0 gap-0">
          <CardHeader className="p-4 pb-2">
            <CardTitle className="text-base">Dials and connects by day</CardTitle>
          </CardHeader>
          <CardContent className="p-4 pt-0">
            <figure aria-label="Chart of dials and connects by day; the table Calls by day lists the same figures">
              <CallsByDayChart data={data.by_day} />
            </figure>
          </CardContent>
        </Card>
        <ReportTable title="Calls by day" scroll columns={dayColumns} rows={data.by_day} rowKey={(r) => r.date} range={query} />
      </div>
      <ReportTable title="Calls by member" columns={memberColumns} rows={data.by_member} rowKey={(r) => r.user_id} range={query} />
      <OutcomesList outcomes={data.outcomes} query={query} memberName={memberName} />
    </>
  );
}
