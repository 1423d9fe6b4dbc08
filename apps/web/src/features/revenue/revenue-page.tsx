import { AlertCircleIcon, ArrowRight, KanbanSquareIcon, ListIcon, SearchIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input, NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { MemberOptions } from '@/features/deals/deal-title';
import { ExportLink } from '@/features/exports/export-link';
import { useMembers } from '@/features/deals/deals-api';
import { useStageMove } from '@/features/deals/use-stage-move';
import { cn } from '@/lib/utils';
import { useBoardDeals } from './board-deals';
import { DealBoard, StagePickerBoard } from './deal-board';
import { DealsTable } from './deals-table';
import { FiguresSkeleton } from './figures-skeleton';
import { useMediaQuery } from './use-media-query';

// The charts bring recharts: the board shows first, the figures when their chunk arrives.
const RevenueFigures = lazy(() => import('./revenue-figures').then((m) => ({ default: m.RevenueFigures })));

type View = 'board' | 'list';

/** /revenue: the figures, then the pipeline as a board (or a list); the owner filter narrows both, the search the pipeline. */
export function RevenuePage() {
  const [params, setParams] = useSearchParams();
  const owner = params.get('owner');
  const search = params.get('q') ?? '';
  const view: View = params.get('view') === 'list' ? 'list' : 'board';
  const wide = useMediaQuery('(min-width: 768px)');
  const members = useMembers();
  const ownerMember = members.data?.find((m) => m.id === owner);
  const ownerName = ownerMember ? ownerMember.name || ownerMember.email : null;
  const board = useBoardDeals(owner, search);
  const { request, dialog, movingId } = useStageMove();
  const ownerId = useId();
  const pipelineId = useId();
  const searchId = useId();

  const update = (key: string, value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

  // The search reaches the URL (and the API) once typing pauses.
  const [searchText, setSearchText] = useState(search);
  useEffect(() => {
    if (searchText.trim() === search) return;
    const timer = setTimeout(() => update('q', searchText.trim() || null), 300);
    return () => clearTimeout(timer);
  });
  const clearFilters = () =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('owner');
        next.delete('q');
        return next;
      },
      { replace: true },
    );

  const filtered = owner !== null || search.trim() !== '';
  const props = { deals: board.deals, totals: board.totals, onMove: request, movingId };

  return (
    <div className="grid gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Revenue</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            {ownerName ? `${ownerName}'s deals` : owner ? "One member's deals" : "The team's deals"} from analysis to closing, and the fees they bring in.
          </p>
        </div>
        {/* Above both: the owner narrows the figures as well as the pipeline. */}
        <div className="grid gap-1.5">
          <Label htmlFor={ownerId}>Owner</Label>
          <NativeSelect id={ownerId} className="w-44" value={owner ?? ''} onChange={(e) => update('owner', e.target.value || null)}>
            <option value="">Everyone</option>
            <MemberOptions members={members.data} />
          </NativeSelect>
        </div>
      </header>

      {/* On a phone the pipeline comes first: the figures are a long scroll there. */}
      <div className="max-md:order-last">
        <Suspense fallback={<FiguresSkeleton />}>
          <RevenueFigures owner={owner} ownerName={ownerName} />
        </Suspense>
      </div>

      <section aria-labelledby={pipelineId} className="grid gap-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id={pipelineId} className="text-lg font-semibold">
            Pipeline
          </h2>
          <div className="flex flex-wrap items-end gap-3">
            <div className="grid gap-1.5">
              <Label htmlFor={searchId}>Search</Label>
              <div className="relative">
                <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
                <Input id={searchId} type="search" placeholder="Name or address" className="w-48 pl-8" value={searchText} onChange={(e) => setSearchText(e.target.value)} />
              </div>
            </div>
            <ExportLink path="/api/deals/export.csv" params={{ owner, search }} aria-label="Export deals as CSV" />
            <div className="inline-flex rounded-md border bg-card p-0.5" role="group" aria-label="View">
              {(
                [
                  ['board', 'Board', KanbanSquareIcon],
                  ['list', 'List', ListIcon],
                ] as const
              ).map(([value, label, Icon]) => (
                <Button
                  key={value}
                  variant="ghost"
                  size="sm"
                  aria-pressed={view === value}
                  className={cn('h-8', view === value && 'bg-muted text-foreground')}
                  onClick={() => update('view', value === 'board' ? null : value)}
                >
                  <Icon aria-hidden /> {label}
                </Button>
              ))}
            </div>
          </div>
        </div>

        {board.error ? (
          <Alert variant="destructive">
            <AlertCircleIcon aria-hidden />
            <span>Could not load deals: {board.error.message}</span>
            <Button variant="outline" size="sm" className="ml-auto" onClick={board.refetch}>
              Retry
            </Button>
          </Alert>
        ) : board.isPending ? (
          <div className="grid gap-3 md:grid-cols-6" aria-label="Loading deals">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-48 w-full rounded-xl" />
            ))}
          </div>
        ) : board.deals.length === 0 ? (
          <EmptyPipeline filtered={filtered} onClear={() => {
              setSearchText('');
              clearFilters();
            }} />
        ) : view === 'list' ? (
          <DealsTable {...props} />
        ) : wide ? (
          <DealBoard {...props} />
        ) : (
          <StagePickerBoard {...props} />
        )}
      </section>
      {dialog}
    </div>
  );
}

function EmptyPipeline({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return (
    <Card className="border-dashed shadow-none">
      <CardContent className="flex flex-col items-center gap-3 py-14 text-center">
        {filtered ? (
          <>
            <p className="font-medium">No deals match these filters</p>
            <Button variant="outline" onClick={onClear}>
              Clear filters
            </Button>
          </>
        ) : (
          <>
            <p className="font-medium">No deals yet</p>
            <p className="max-w-sm text-sm text-muted-foreground">Open a lead and choose Start a deal to track its offers, contract and fee here.</p>
            <Button variant="outline" asChild>
              <Link to="/leads">
                Go to Leads <ArrowRight aria-hidden />
              </Link>
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
