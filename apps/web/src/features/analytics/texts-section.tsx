import type { AnalyticsQuery, DrillMetric, TextFigures, TextsAnalytics } from '@wholesail/domain';
import { MessageSquareIcon, TriangleAlertIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyCard } from '@/components/ui/empty-card';
import { TextsByDayChart } from './analytics-charts';
import { useTextsAnalytics } from './analytics-api';
import type { SectionProps } from './calls-section';
import { useOpenDrill, type DrillTarget } from './drill-target';
import { TEXT_FIGURES } from './figure-defs';
import { countText } from './figure-format';
import { FigureTiles } from './figure-tile';
import type { Column } from './report-columns';
import { rangeWords, shortDay } from './report-range';
import { ReportSection } from './report-section';
import { ReportTable } from './report-table';
import { SectionError, SectionSkeleton } from './section-states';

type MemberRow = TextsAnalytics['by_member'][number];
type DayRow = TextsAnalytics['by_day'][number];
const MEMBER_KEYS: readonly string[] = ['sent', 'delivered', 'failed', 'replies', 'reply_rate'] satisfies (keyof MemberRow)[];

const DAY_FIGURES: readonly { key: Exclude<keyof DayRow, 'date'>; label: string; metric: DrillMetric }[] = [
  { key: 'sent', label: 'Sent', metric: 'texts_sent' },
  { key: 'delivered', label: 'Delivered', metric: 'texts_delivered' },
  { key: 'failed', label: 'Failed', metric: 'texts_failed' },
  { key: 'replies', label: 'Replies', metric: 'replies' },
  { key: 'opt_outs', label: 'Opt-outs', metric: 'opt_outs' },
];

/** Texting: the tiles, the opt-out warning, texts by day (chart and table) and by member. */
export function TextsSection(props: SectionProps) {
  const texts = useTextsAnalytics(props.query);
  return (
    <ReportSection title="Texting" busy={texts.isPlaceholderData}>
      {texts.isPending ? (
        <SectionSkeleton label="Loading texting figures" tiles={7} />
      ) : texts.isError ? (
        <SectionError what="the texting figures" error={texts.error} onRetry={() => void texts.refetch()} />
      ) : texts.data.sent === 0 && texts.data.replies === 0 && texts.data.opt_outs === 0 ? (
        <EmptyCard icon={MessageSquareIcon} title={`No texts${props.memberName ? ` by ${props.memberName}` : ''} ${rangeWords(props.range)}`} text="Texts you send from Communications show up here.">
          <Button variant="outline" asChild>
            <Link to="/communications">Open Communications</Link>
          </Button>
        </EmptyCard>
      ) : (
        <TextsReport data={texts.data} {...props} />
      )}
    </ReportSection>
  );
}

function TextsReport({ data, query, memberName }: SectionProps & { data: TextsAnalytics }) {
  const openDrill = useOpenDrill();
  const target = (title: string, metric: DrillMetric, q: AnalyticsQuery = query, name: string | null = memberName): DrillTarget => ({ title, metrics: [metric], query: q, memberName: name });
  const current: TextFigures = data;

  const memberColumns: Column<MemberRow>[] = [
    { header: 'Member', text: (r) => r.name },
    ...TEXT_FIGURES.filter((def) => MEMBER_KEYS.includes(def.key)).map((def) => ({
      header: def.label,
      numeric: true,
      text: (r: MemberRow) => def.format(r[def.key as keyof Omit<MemberRow, 'user_id' | 'name'>]),
      drill: (r: MemberRow) => target(def.label, def.metric, { ...query, member: r.user_id }, r.name),
    })),
  ];
  const dayColumns: Column<DayRow>[] = [
    { header: 'Day', text: (r) => shortDay(r.date) },
    ...DAY_FIGURES.map(({ key, label, metric }) => ({
      header: label,
      numeric: true,
      text: (r: DayRow) => countText(r[key]),
      drill: (r: DayRow) => target(label, metric, { ...query, from: r.date, to: r.date }),
    })),
  ];

  return (
    <>
      {data.opt_out_warning && (
        <div role="alert" className="flex gap-3 rounded-lg border border-warning/40 bg-warning/10 px-4 py-3 text-sm text-warning-foreground">
          <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{data.opt_out_warning}</span>
        </div>
      )}
      <FigureTiles label="Texting figures" defs={TEXT_FIGURES} current={current} previous={data.previous} onOpen={(def) => openDrill(target(def.label, def.metric))} />
      <div className="grid min-w-0 gap-4 lg:grid-cols-2">
        <Card className="min-w-0 gap-0">
          <CardHeader className="p-4 pb-2">
            <CardTitle className="text-base">Sent, delivered, replies and opt-outs by day</CardTitle>
          </CardHeader>
          <CardContent className="p-4 pt-0">
            <figure aria-label="Chart of texts sent, delivered, replies and opt-outs by day; the table Texts by day lists the same figures">
              <TextsByDayChart data={data.by_day} />
            </figure>
          </CardContent>
        </Card>
        <ReportTable title="Texts by day" scroll columns={dayColumns} rows={data.by_day} rowKey={(r) => r.date} range={query} />
      </div>
      <ReportTable title="Texts by member" columns={memberColumns} rows={data.by_member} rowKey={(r) => r.user_id} range={query} />
    </>
  );
}
