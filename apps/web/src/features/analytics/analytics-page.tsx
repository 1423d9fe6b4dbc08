import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { useMembers } from '@/features/deals/deals-api';
import { useReportingSettings } from './analytics-api';
import { CallsSection } from './calls-section';
import { DrillSheet } from './drill-sheet';
import { OpenDrillContext, type DrillTarget } from './drill-target';
import { FunnelSection } from './funnel-section';
import { RangeFilters } from './range-filters';
import { readRange, todayIn } from './report-range';
import { SectionError } from './section-states';
import { TextsSection } from './texts-section';

function Header({ children }: { children?: ReactNode }) {
  return (
    <header className="grid gap-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Analytics</h1>
        <p className="mt-1 text-sm text-muted-foreground">Who called how much, what connected and what it turned into, against the period before.</p>
      </div>
      {children}
    </header>
  );
}

/** /analytics: calling, the funnel and texting over a range of the organization's days, for the team or one member. */
export function AnalyticsPage() {
  const reporting = useReportingSettings();
  if (reporting.isPending) {
    return (
      <div className="grid gap-8">
        <Header>
          <Skeleton className="h-14 w-full max-w-xl" aria-label="Loading the report settings" />
        </Header>
      </div>
    );
  }
  if (reporting.isError) {
    return (
      <div className="grid gap-8">
        <Header />
        <SectionError what="the organization's reporting settings" error={reporting.error} onRetry={() => void reporting.refetch()} />
      </div>
    );
  }
  return <Report timeZone={reporting.data.timeZone} />;
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
        <Header>
          <RangeFilters range={range} params={params} members={members.data} timeZone={timeZone} onChange={(next) => setParams(next, { replace: true })} />
        </Header>
        {section && (
          <>
            <CallsSection {...section} />
            <FunnelSection {...section} />
            <TextsSection {...section} />
          </>
        )}
      </div>
      <DrillSheet target={drill} timeZone={timeZone} onClose={() => setDrill(null)} />
    </OpenDrillContext>
  );
}
