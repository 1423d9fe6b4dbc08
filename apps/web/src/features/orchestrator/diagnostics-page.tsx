import { AlertCircleIcon, ChevronRightIcon, RefreshCwIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { dateTimeText } from './feed-words';
import { FailuresCard } from './failures-card';
import { ListenCard, OutboxCard, WorkersCard } from './machine-cards';
import { useDiagnostics } from './orchestrator-api';
import { QueuesCard } from './queues-card';

/** /orchestrator/diagnostics: queue depth per job kind, failures (retry, discard), workers, event delivery and LISTEN. */
export function DiagnosticsPage() {
  const diagnostics = useDiagnostics();
  const d = diagnostics.data;
  const now = d ? new Date(d.checked_at) : new Date();
  return (
    <div className="grid min-w-0 gap-6">
      <header className="grid gap-3">
        <nav aria-label="Breadcrumb" className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
          <Link to="/orchestrator" className="hover:text-foreground hover:underline">
            Orchestrator
          </Link>
          <ChevronRightIcon className="size-3.5" aria-hidden />
          <span aria-current="page" className="text-foreground">
            Diagnostics
          </span>
        </nav>
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="grid max-w-2xl gap-1">
            <h1 className="text-2xl font-semibold tracking-tight">Diagnostics</h1>
            <p className="text-sm text-muted-foreground">
              The state of the parts that run your automation and AI jobs. {d ? `Checked ${dateTimeText(d.checked_at)}; it checks again every few seconds.` : ''}
            </p>
          </div>
          <Button variant="outline" onClick={() => void diagnostics.refetch()} disabled={diagnostics.isFetching}>
            <RefreshCwIcon aria-hidden /> Check now
          </Button>
        </div>
      </header>
      {diagnostics.isPending ? (
        <div className="grid gap-4" aria-label="Loading the diagnostics">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-40 w-full rounded-xl" />
          ))}
        </div>
      ) : !d ? (
        <Alert variant="destructive">
          <AlertCircleIcon aria-hidden />
          <span>Could not load the diagnostics: {diagnostics.error?.message}</span>
          <Button variant="outline" size="sm" className="ml-auto" onClick={() => void diagnostics.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : (
        <>
          {diagnostics.isError && (
            <Alert variant="destructive">
              <AlertCircleIcon aria-hidden />
              <span>The last check failed ({diagnostics.error.message}); these figures are from {dateTimeText(d.checked_at)}.</span>
            </Alert>
          )}
          <QueuesCard queues={d.queues} />
          <FailuresCard d={d} />
          <div className="grid gap-6 lg:grid-cols-2">
            <WorkersCard workers={d.workers} now={now} />
            <ListenCard listen={d.listen} now={now} />
          </div>
          <OutboxCard outbox={d.outbox} />
        </>
      )}
    </div>
  );
}
