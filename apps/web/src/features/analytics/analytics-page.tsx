import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useMembers } from '@/features/deals/deals-api';
import { CallsSection } from './calls-section';
import { DrillSheet } from './drill-sheet';
import { OpenDrillContext, type DrillTarget } from './drill-target';
import { FunnelSection } from './funnel-section';
import { RangeFilters } from './range-filters';
import { readRange, todayIn } from './report-range';
import { ReportHeader, WithReportingZone } from './report-shell';
import { SourcesSection } from './sources-section';
import { TextsSection } from './texts-section';

const HEADING = { title: 'Analytics', intro: 'Who called how much, what connected and what it turned into, against the period before.' };

/** /analytics: calling, the funnel and texting over a range of the organization's days, for the team or one member. */
export function AnalyticsPage() {
  return <WithReportingZone {...HEADING}>{(timeZone) => <Report timeZone={timeZone} />}</WithReportingZone>;
}

function Report({ timeZone }: { timeZone: string }) {
  const [params, setParams] = useSearchParams();
  const members = useMembers();
  const [drill, setDrill] = useState<DrillTarget | null>(null);
  // "Today" is the organization's day, wherever the browser is.
  const range = readRange(params, todayIn(timeZone));
  const member = range.member ? members.data?.find((m) => m.id === range.member) : undefined;
  const memberName = range.member ? (member?.name || member?.email || 'One member') : null;
  const section = range.query && { range, query: range.query, memberName };

  return (
    <OpenDrillContext value={setDrill}>
      <div className="grid min-w-0 gap-8">
        <ReportHeader {...HEADING}>
          <RangeFilters range={range} params={params} members={members.data} timeZone={timeZone} onChange={(next) => setParams(next, { replace: true })} />
        </ReportHeader>
        {section && (
          <>
            <CallsSection {...section} />
            <FunnelSection {...section} />
            <TextsSection {...section} />
            <SourcesSection {...section} />
          </>
        )}
      </div>
      <DrillSheet target={drill} timeZone={timeZone} onClose={() => setDrill(null)} />
    </OpenDrillContext>
  );
}
