import type { DncEntry } from '@wholesail/domain';
import { AlertCircleIcon, ChevronRightIcon, SearchIcon, ShieldBanIcon } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Pager } from '@/components/ui/pager';
import { Skeleton } from '@/components/ui/skeleton';
import { ExportLink } from '@/features/exports/export-link';
import { useDebouncedFilter } from '@/features/leads/use-lead-filters';
import { canManageOrganization, useMe } from '@/features/organization/organization-api';
import { AddDncDialog } from './add-dnc-dialog';
import { DNC_EXPORT_PATH, DNC_PAGE_SIZE, useDncList } from './dnc-api';
import { DncTable } from './dnc-table';
import { ImportDncDialog } from './import-dnc-dialog';
import { RemoveDncDialog } from './remove-dnc-dialog';

const count = new Intl.NumberFormat('en-US');

function pageOf(value: string | null): number {
  const page = Number.parseInt(value ?? '1', 10);
  return Number.isFinite(page) && page >= 1 ? page : 1;
}

/** /settings/voice-dialer/do-not-contact: the organization's Do-Not-Contact list (issue 15). */
export function DoNotContactPage() {
  const me = useMe();
  const canRemove = canManageOrganization(me.data?.role ?? null);
  const [params, setParams] = useSearchParams();
  const search = params.get('search')?.trim() ?? '';
  const page = pageOf(params.get('page'));
  const setQuery = useCallback(
    (patch: { search?: string; page?: number }) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (patch.search !== undefined) {
            if (patch.search) next.set('search', patch.search);
            else next.delete('search');
          }
          const nextPage = patch.page ?? 1;
          if (nextPage > 1) next.set('page', String(nextPage));
          else next.delete('page');
          return next;
        },
        { replace: patch.page === undefined },
      ),
    [setParams],
  );
  const commitSearch = useCallback((value: string) => setQuery({ search: value }), [setQuery]);
  const [text, setText] = useDebouncedFilter(search, commitSearch);
  const list = useDncList(search, page);
  const [removing, setRemoving] = useState<DncEntry | null>(null);

  const data = list.data;
  const first = (page - 1) * DNC_PAGE_SIZE;
  let body: React.ReactNode;
  if (list.isPending) {
    body = (
      <div className="grid gap-3" aria-label="Loading the list">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-14 w-full" />
        ))}
      </div>
    );
  } else if (list.isError && !data) {
    body = (
      <Card>
        <CardContent className="flex flex-col items-center gap-3 pt-6 text-center" role="alert">
          <AlertCircleIcon className="size-6 text-destructive" aria-hidden />
          <p className="text-sm font-medium">Could not load the Do Not Contact list</p>
          <p className="text-sm text-muted-foreground">{list.error.message}</p>
          <Button variant="outline" onClick={() => void list.refetch()}>
            Retry
          </Button>
        </CardContent>
      </Card>
    );
  } else if (data && data.items.length === 0) {
    body = (
      <Card className="border-dashed shadow-none">
        <CardContent className="flex flex-col items-center gap-2 pt-6 text-center">
          <ShieldBanIcon className="size-7 text-muted-foreground" aria-hidden />
          {search ? (
            <>
              <p className="font-medium">No listed number matches “{search}”</p>
              <Button variant="outline" size="sm" onClick={() => setQuery({ search: '' })}>
                Clear search
              </Button>
            </>
          ) : page > 1 ? (
            <>
              <p className="font-medium">This page is empty</p>
              <Button variant="outline" size="sm" onClick={() => setQuery({})}>
                Go to the first page
              </Button>
            </>
          ) : (
            <>
              <p className="font-medium">No numbers on the list yet</p>
              <p className="max-w-md text-sm text-muted-foreground">
                A number is listed when a lead is marked Do Not Call, when someone replies STOP or asks on a call not to be called again, or when you add or
                import it here.
              </p>
            </>
          )}
        </CardContent>
      </Card>
    );
  } else if (data) {
    body = (
      <>
        <div className={list.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
          <DncTable items={data.items} canRemove={canRemove} onRemove={setRemoving} />
        </div>
        <Pager
          summary={`Showing ${count.format(first + 1)}–${count.format(first + data.items.length)} of ${count.format(data.total)}`}
          canPrev={page > 1}
          canNext={first + data.items.length < data.total && !list.isPlaceholderData}
          onPrev={() => setQuery({ page: page - 1 })}
          onNext={() => setQuery({ page: page + 1 })}
        />
      </>
    );
  }

  return (
    <div className="grid min-w-0 gap-6">
      <header className="grid gap-3">
        <nav aria-label="Breadcrumb" className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
          <Link to="/settings" className="hover:text-foreground hover:underline">
            Settings
          </Link>
          <ChevronRightIcon className="size-3.5" aria-hidden />
          <Link to="/settings/voice-dialer" className="hover:text-foreground hover:underline">
            Voice &amp; Dialer
          </Link>
          <ChevronRightIcon className="size-3.5" aria-hidden />
          <span aria-current="page" className="text-foreground">
            Do Not Contact
          </span>
        </nav>
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="grid max-w-2xl gap-1">
            <h1 className="text-2xl font-semibold tracking-tight">Do Not Contact</h1>
            <p className="text-sm text-muted-foreground">
              Numbers no one in your organization may call or text, whichever lead, field or person they are reached through.{' '}
              {canRemove ? 'Removing a number needs a reason.' : 'Any member can add numbers; only owners and admins can remove them.'}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <AddDncDialog />
            <ImportDncDialog />
            <ExportLink path={DNC_EXPORT_PATH} params={{ search }} />
          </div>
        </div>
      </header>
      <div className="grid gap-1.5 sm:max-w-sm">
        <Label htmlFor="dnc-search">Search</Label>
        <div className="relative">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input id="dnc-search" type="search" className="pl-8" placeholder="Number or reason" value={text} maxLength={200} onChange={(event) => setText(event.target.value)} />
        </div>
      </div>
      {body}
      <RemoveDncDialog entry={removing} onClose={() => setRemoving(null)} />
    </div>
  );
}
