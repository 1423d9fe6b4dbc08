import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { useReportingSettings } from './analytics-api';
import { SectionError } from './section-states';

type Heading = { title: string; intro: string };

/** A report page's heading, its sentence, and what sits under them (the range filters). */
export function ReportHeader({ title, intro, children }: Heading & { children?: ReactNode }) {
  return (
    <header className="grid gap-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{intro}</p>
      </div>
      {children}
    </header>
  );
}

/** A report page once the organization's reporting time zone is known (its days are that zone's); loading and failure until then. */
export function WithReportingZone({ title, intro, children }: Heading & { children: (timeZone: string) => ReactNode }) {
  const reporting = useReportingSettings();
  if (reporting.isPending) {
    return (
      <div className="grid gap-8">
        <ReportHeader title={title} intro={intro}>
          <Skeleton className="h-14 w-full max-w-xl" aria-label="Loading the report settings" />
        </ReportHeader>
      </div>
    );
  }
  if (reporting.isError) {
    return (
      <div className="grid gap-8">
        <ReportHeader title={title} intro={intro} />
        <SectionError what="the organization's reporting settings" error={reporting.error} onRetry={() => void reporting.refetch()} />
      </div>
    );
  }
  return children(reporting.data.timeZone);
}
