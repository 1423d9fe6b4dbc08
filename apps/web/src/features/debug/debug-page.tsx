import { formatDateTime } from '@wholesail/domain';
import { useSyncExternalStore } from 'react';
import { CopyButton } from '@/components/copy-button';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { errorLog } from '@/lib/error-log';
import { debugReport, type DebugSection } from './debug-report';
import { useDebugSections } from './use-debug-sections';

function SectionCard({ section }: { section: DebugSection }) {
  return (
    <Card className="min-w-0">
      <CardHeader className="pb-2">
        <CardTitle className="text-base">{section.title}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-x-4 gap-y-1.5 text-sm sm:grid-cols-[minmax(8rem,auto)_1fr]">
          {section.facts.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="min-w-0 break-words">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

/** /debug: what a member needs to report a problem, and one button that copies all of it. */
export function DebugPage() {
  const sections = useDebugSections();
  const errors = useSyncExternalStore(errorLog.subscribe, errorLog.getSnapshot);
  return (
    <div className="grid min-w-0 gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Debug</h1>
          <p className="mt-1 text-sm text-muted-foreground">Something not working? Copy this report into your message to support: it holds no passwords or keys.</p>
        </div>
        <CopyButton text={debugReport(sections, errors)} label="Copy report" variant="default" />
      </header>
      <div className="grid gap-4 lg:grid-cols-2">
        {sections.map((section) => (
          <SectionCard key={section.title} section={section} />
        ))}
      </div>
      <Card className="min-w-0">
        <CardHeader className="flex flex-row items-center justify-between gap-2 space-y-0 pb-2">
          <CardTitle className="text-base">Last errors ({errors.length})</CardTitle>
          <Button variant="outline" size="sm" disabled={errors.length === 0} onClick={() => errorLog.clear()}>
            Clear
          </Button>
        </CardHeader>
        <CardContent>
          {errors.length === 0 ? (
            <p className="text-sm text-muted-foreground">No error was caught in this tab.</p>
          ) : (
            <ol className="grid gap-2 text-sm" aria-label="Last errors">
              {[...errors].reverse().map((e) => (
                <li key={`${e.at}-${e.message}`} className="min-w-0 rounded-md border p-2">
                  <div className="text-xs text-muted-foreground">
                    {formatDateTime(e.at)} · {e.source}
                  </div>
                  <div className="break-words">{e.message}</div>
                  {e.detail && <pre className="mt-1 max-h-32 overflow-auto text-xs text-muted-foreground">{e.detail}</pre>}
                </li>
              ))}
            </ol>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
