import type { GrowthAnalytics } from '@wholesail/domain';
import { SproutIcon } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyCard } from '@/components/ui/empty-card';
import { RangeFilters } from '@/features/analytics/range-filters';
import { readRange, todayIn, type ReportRange } from '@/features/analytics/report-range';
import { ReportHeader, WithReportingZone } from '@/features/analytics/report-shell';
import { ReportSection } from '@/features/analytics/report-section';
import { SectionError, SectionSkeleton } from '@/features/analytics/section-states';
import { ImportLeadsButton } from '@/features/leads/import/import-leads-button';
import { useGrowth, type GrowthDrillTarget } from './growth-api';
import { GrowthDrillSheet } from './growth-drill-sheet';
import { InflowSection } from './inflow-section';
import { PipelineSection } from './pipeline-section';
import { SpeedCard, UncontactedCard } from './waiting-section';

const HEADING = {
  title: 'Growth',
  intro: 'Where new leads come from, how the pipeline fills over time, who is still waiting for a call and how fast the first call comes.',
};

/** /growth: lead inflow, the pipeline over time, leads not yet contacted and the speed to first contact. */
export function GrowthPage() {
  return <WithReportingZone {...HEADING}>{(timeZone) => <Report timeZone={timeZone} />}</WithReportingZone>;
}

function Report({ timeZone }: { timeZone: string }) {
  const [params, setParams] = useSearchParams();
  const [drill, setDrill] = useState<GrowthDrillTarget | null>(null);
  // "Today" is the organization's day, wherever the browser is. Growth is the team's: no member.
  const range = readRange(params, todayIn(timeZone));
  return (
    <>
      <div className="grid min-w-0 gap-8">
        <ReportHeader {...HEADING}>
          <RangeFilters range={range} params={params} members={null} timeZone={timeZone} onChange={(next) => setParams(next, { replace: true })} />
        </ReportHeader>
        {range.query && <Sections range={range} timeZone={timeZone} onDrill={setDrill} />}
      </div>
      <GrowthDrillSheet target={drill} timeZone={timeZone} onClose={() => setDrill(null)} />
    </>
  );
}

/** A new organization has nothing to show in any section yet. */
const isEmpty = (d: GrowthAnalytics) =>
  d.inflow.total === 0 && d.uncontacted.total === 0 && d.lists.length === 0 && d.speed.count === 0 && d.pipeline.lead_status.keys.length === 0 && d.pipeline.deal_stage.keys.length === 0;

function Sections({ range, timeZone, onDrill }: { range: ReportRange; timeZone: string; onDrill: (target: GrowthDrillTarget) => void }) {
  const growth = useGrowth(range);
  if (growth.isPending) return <SectionSkeleton label="Loading growth figures" tiles={0} />;
  if (growth.isError) return <SectionError what="the growth figures" error={growth.error} onRetry={() => void growth.refetch()} />;
  const data = growth.data;
  if (isEmpty(data)) {
    return (
      <EmptyCard icon={SproutIcon} title="No leads yet" text="Import a list from your provider or add a lead: new leads, your pipeline and how fast your team calls them show up here.">
        <ImportLeadsButton />
      </EmptyCard>
    );
  }
  const busy = growth.isPlaceholderData;
  return (
    <>
      <ReportSection title="Lead inflow" busy={busy}>
        <InflowSection data={data} onDrill={onDrill} />
      </ReportSection>
      <ReportSection title="Pipeline over time" busy={busy}>
        <PipelineSection data={data} onDrill={onDrill} />
      </ReportSection>
      <ReportSection title="First contact" busy={busy}>
        <div className="grid min-w-0 gap-4 lg:grid-cols-2">
          <UncontactedCard data={data} timeZone={timeZone} onDrill={onDrill} />
          <SpeedCard data={data} onDrill={onDrill} />
        </div>
      </ReportSection>
    </>
  );
}
