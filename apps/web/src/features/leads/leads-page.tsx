import { displayName, formatUsd, type LeadListItem } from '@wholesail/domain';
import { useVirtualizer } from '@tanstack/react-virtual';
import { AlertCircleIcon, ChevronLeftIcon, ChevronRightIcon, FileUpIcon, SearchIcon, UsersIcon, XIcon } from 'lucide-react';
import { useCallback, useRef, useState, type KeyboardEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input, NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { AddLeadButton } from '@/features/address-search/add-lead-button';
import { ImportLeadsButton } from '@/features/leads/import/import-leads-button';
import { capitalize } from '@/lib/format';
import { cn } from '@/lib/utils';
import { CallLink } from './call-link';
import { LeadDetailsDialog } from './lead-details-dialog';
import { leadAddress, leadEquity, MISSING, phoneText, primaryPhone, relativeTime } from './lead-format';
import { LEADS_PAGE_SIZE, useLeadsList, type LeadList } from './leads-api';
import { MotivationIndicator } from './motivation-indicator';
import { TagList } from './tag-list';
import { FILTER_STATUSES, isAmount, normaliseBadges, useDebouncedFilter, useLeadFilters } from './use-lead-filters';

export const ROW_HEIGHT = 60;
const GRID = 'grid grid-cols-[minmax(110px,1fr)_minmax(130px,1.3fr)_128px_84px_84px_60px_minmax(88px,0.8fr)_minmax(110px,1fr)_88px_64px] items-center gap-2 px-4';
const COLUMNS = ['Owner', 'Property address', 'Phone', 'Est. value', 'Equity', 'Motivation', 'Status', 'Tags', 'Last contacted', ''] as const;

const count = new Intl.NumberFormat('en-US');

/** An estimated total: "10,000+" past the exact-count cap, else "about 2,300" (two significant figures). */
function estimateText(total: number): string {
  if (total > 10_000) return '10,000+';
  const step = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(1, total))) - 1);
  return `about ${count.format(Math.round(total / step) * step)}`;
}

/** "1,234 leads", or an estimate ("10,000+ leads", "About 2,300 leads") when the server could not count them all. */
export function totalText(list: Pick<LeadList, 'total' | 'total_exact'>): string {
  if (!list.total_exact) {
    return capitalize(`${estimateText(list.total)} leads`);
  }
  return `${count.format(list.total)} ${list.total === 1 ? 'lead' : 'leads'}`;
}

function Header({ list }: { list: LeadList | undefined }) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Leads</h1>
        <p className="mt-1 text-sm text-muted-foreground" aria-live="polite">
          {list ? totalText(list) : '\u00a0'}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <ImportLeadsButton />
        <AddLeadButton />
      </div>
    </header>
  );
}

const validAmount = (v: string) => isAmount(v);
const trimmed = (v: string) => v.trim();

function Filters({ lf }: { lf: ReturnType<typeof useLeadFilters> }) {
  const { filters, update } = lf;
  const commit = useCallback((key: 'search' | 'minValue' | 'maxValue' | 'badges') => (value: string) => update({ [key]: value }, { replace: true }), [update]);
  const commitSearch = useCallback((v: string) => commit('search')(v), [commit]);
  const commitMin = useCallback((v: string) => commit('minValue')(v), [commit]);
  const commitMax = useCallback((v: string) => commit('maxValue')(v), [commit]);
  const commitBadges = useCallback((v: string) => commit('badges')(v), [commit]);
  const [search, setSearch] = useDebouncedFilter(filters.search ?? '', commitSearch);
  const [minValue, setMinValue] = useDebouncedFilter(filters.minValue ?? '', commitMin, { normalise: trimmed, valid: validAmount });
  const [maxValue, setMaxValue] = useDebouncedFilter(filters.maxValue ?? '', commitMax, { normalise: trimmed, valid: validAmount });
  const [badges, setBadges] = useDebouncedFilter(filters.badges ?? '', commitBadges, { normalise: normaliseBadges });
  const chips = filters.badges ? filters.badges.split(',') : [];

  return (
    <div className="grid gap-3">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(220px,2fr)_repeat(4,minmax(0,1fr))]">
        <div className="col-span-2 grid gap-1.5 lg:col-span-1">
          <Label htmlFor="lead-search">Search</Label>
          <div className="relative">
            <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <Input
              id="lead-search"
              type="search"
              className="pl-8"
              placeholder="Owner, address, phone or email"
              value={search}
              maxLength={200}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
        </div>
        <div className="col-span-2 grid gap-1.5 sm:col-span-1">
          <Label htmlFor="lead-status">Status</Label>
          <NativeSelect id="lead-status" value={filters.status ?? ''} onChange={(e) => update({ status: e.target.value })}>
            <option value="">All statuses</option>
            {FILTER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="lead-min-value">Min est. value</Label>
          <Input id="lead-min-value" inputMode="numeric" placeholder="$0" value={minValue} aria-invalid={!isAmount(minValue.trim())} onChange={(e) => setMinValue(e.target.value)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="lead-max-value">Max est. value</Label>
          <Input id="lead-max-value" inputMode="numeric" placeholder="Any" value={maxValue} aria-invalid={!isAmount(maxValue.trim())} onChange={(e) => setMaxValue(e.target.value)} />
        </div>
        <div className="col-span-2 grid gap-1.5 sm:col-span-1">
          <Label htmlFor="lead-badges">Tags</Label>
          <Input id="lead-badges" placeholder="vacant, absentee" value={badges} onChange={(e) => setBadges(e.target.value)} />
        </div>
      </div>
      {(chips.length > 0 || lf.active) && (
        <div className="flex flex-wrap items-center gap-1.5">
          {chips.map((chip) => (
            <Badge key={chip} variant="secondary" className="pr-1">
              {chip}
              <button
                type="button"
                className="rounded-full p-0.5 hover:bg-muted-foreground/20"
                aria-label={`Remove tag ${chip}`}
                onClick={() => update({ badges: chips.filter((c) => c !== chip).join(',') })}
              >
                <XIcon className="size-3" aria-hidden />
              </button>
            </Badge>
          ))}
          {lf.active && (
            <Button variant="ghost" size="sm" onClick={lf.clear}>
              Clear filters
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

function LeadRow({ lead, onOpen }: { lead: LeadListItem; onOpen: (lead: LeadListItem) => void }) {
  const name = displayName(lead);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(lead);
    }
  };
  return (
    <div
      role="row"
      tabIndex={0}
      aria-label={name}
      onClick={() => onOpen(lead)}
      onKeyDown={onKeyDown}
      className={cn(GRID, 'h-full cursor-pointer border-b text-sm outline-none hover:bg-muted/50 focus-visible:bg-muted/60 focus-visible:ring-2 focus-visible:ring-ring/30 focus-visible:ring-inset')}
    >
      <span role="cell" className="truncate font-medium">
        {name}
      </span>
      <span role="cell" className="truncate text-muted-foreground" title={leadAddress(lead) ?? undefined}>
        {leadAddress(lead) ?? MISSING}
      </span>
      <span role="cell" className="truncate tabular-nums">
        {phoneText(primaryPhone(lead))}
      </span>
      <span role="cell" className="tabular-nums">
        {formatUsd(lead.estimated_value)}
      </span>
      <span role="cell" className="tabular-nums">
        {formatUsd(leadEquity(lead))}
      </span>
      <span role="cell">
        <MotivationIndicator score={lead.motivation_score} />
      </span>
      <span role="cell" className="min-w-0">
        {lead.status ? (
          <Badge variant="outline" className="block max-w-full truncate" title={lead.status}>
            {lead.status}
          </Badge>
        ) : (
          MISSING
        )}
      </span>
      <span role="cell" className="max-h-[52px] min-w-0 overflow-hidden" title={(lead.badges ?? []).join(', ') || undefined}>
        {(lead.badges ?? []).length > 0 ? <TagList tags={lead.badges} /> : <span className="text-muted-foreground">{MISSING}</span>}
      </span>
      <span role="cell" className="truncate text-muted-foreground" title={lead.last_contacted_at ?? undefined}>
        {relativeTime(lead.last_contacted_at)}
      </span>
      <span role="cell" className="justify-self-end">
        <CallLink lead={lead} />
      </span>
    </div>
  );
}

function LeadRows({ items, onOpen, dimmed }: { items: LeadListItem[]; onOpen: (lead: LeadListItem) => void; dimmed: boolean }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  return (
    <div ref={scrollRef} className={cn('max-h-[calc(100vh-22rem)] min-h-[60px] overflow-y-auto transition-opacity', dimmed && 'opacity-60')} data-testid="leads-scroll">
      <div role="rowgroup" className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((row) => (
          <div key={items[row.index]!.id} aria-rowindex={row.index + 2} className="absolute inset-x-0 top-0" style={{ height: ROW_HEIGHT, transform: `translateY(${row.start}px)` }}>
            <LeadRow lead={items[row.index]!} onOpen={onOpen} />
          </div>
        ))}
      </div>
    </div>
  );
}

function TableFrame({ children, rowCount }: { children: React.ReactNode; rowCount?: number }) {
  return (
    <div className="overflow-x-auto rounded-xl border bg-card">
      <div role="table" aria-label="Leads" aria-rowcount={rowCount === undefined ? undefined : rowCount + 1} className="min-w-[1050px]">
        <div role="rowgroup">
          <div role="row" aria-rowindex={1} className={cn(GRID, 'h-10 border-b bg-muted/40 text-xs font-medium text-muted-foreground')}>
            {COLUMNS.map((column, i) => (
              <span role="columnheader" key={i} className={cn(i === COLUMNS.length - 1 && 'sr-only')}>
                {column || 'Call'}
              </span>
            ))}
          </div>
        </div>
        {children}
      </div>
    </div>
  );
}

function SkeletonRows() {
  return (
    <div role="rowgroup" aria-label="Loading leads">
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} role="row" className={cn(GRID, 'border-b')} style={{ height: ROW_HEIGHT }}>
          {COLUMNS.map((_, j) => (
            <Skeleton key={j} role="cell" className="h-4" />
          ))}
        </div>
      ))}
    </div>
  );
}

function EmptyCard({ icon: Icon, title, text, children }: { icon: typeof UsersIcon; title: string; text: string; children?: React.ReactNode }) {
  return (
    <Card className="border-dashed shadow-none">
      <CardContent className="flex flex-col items-center gap-3 py-14 text-center">
        <Icon className="size-7 text-muted-foreground" aria-hidden />
        <h2 className="text-base font-semibold">{title}</h2>
        <p className="max-w-md text-sm text-muted-foreground">{text}</p>
        {children && <div className="flex flex-wrap justify-center gap-2">{children}</div>}
      </CardContent>
    </Card>
  );
}

/** /leads — the list agents work from. */
export function LeadsPage() {
  const lf = useLeadFilters();
  const { filters, update } = lf;
  const list = useLeadsList(filters);
  const [selected, setSelected] = useState<LeadListItem | null>(null);
  const data = list.data;
  const first = (filters.page - 1) * LEADS_PAGE_SIZE;
  const shownTotal = data ? (data.total_exact ? count.format(data.total) : estimateText(data.total)) : '';
  const hasNext = data ? (data.total_exact ? first + data.items.length < data.total : data.items.length === LEADS_PAGE_SIZE) : false;

  let body: React.ReactNode;
  if (list.isPending) {
    body = (
      <TableFrame>
        <SkeletonRows />
      </TableFrame>
    );
  } else if (list.isError && !data) {
    body = (
      <Card>
        <CardContent className="flex flex-col items-center gap-3 py-12 text-center" role="alert">
          <AlertCircleIcon className="size-6 text-destructive" aria-hidden />
          <p className="text-sm font-medium">Could not load leads</p>
          <p className="text-sm text-muted-foreground">{list.error?.message}</p>
          <Button variant="outline" onClick={() => void list.refetch()}>
            Retry
          </Button>
        </CardContent>
      </Card>
    );
  } else if (data && data.items.length === 0 && data.total === 0 && !lf.active && filters.page === 1) {
    body = (
      <EmptyCard icon={UsersIcon} title="No leads yet" text="Import a CSV file from your list provider, or add a property by its address. Your leads will be listed, scored and ranked here.">
        <ImportLeadsButton />
        <AddLeadButton />
      </EmptyCard>
    );
  } else if (data && data.items.length === 0 && lf.active) {
    body = (
      <EmptyCard icon={SearchIcon} title="No leads match these filters" text="Try a different search or loosen the filters.">
        <Button variant="outline" onClick={lf.clear}>
          Clear filters
        </Button>
      </EmptyCard>
    );
  } else if (data && data.items.length === 0) {
    body = (
      <EmptyCard icon={FileUpIcon} title="This page is empty" text="There are fewer leads than this page number.">
        <Button variant="outline" onClick={() => update({ page: '' })}>
          Go to the first page
        </Button>
      </EmptyCard>
    );
  } else if (data) {
    body = (
      <>
        <TableFrame rowCount={data.items.length}>
          <LeadRows items={data.items} onOpen={setSelected} dimmed={list.isPlaceholderData} />
        </TableFrame>
        <nav className="flex flex-wrap items-center justify-between gap-3 text-sm" aria-label="Pagination">
          <p className="text-muted-foreground">
            Showing {count.format(first + 1)}–{count.format(first + data.items.length)} of {shownTotal}
          </p>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" disabled={filters.page <= 1} onClick={() => update({ page: String(filters.page - 1) })}>
              <ChevronLeftIcon aria-hidden /> Prev
            </Button>
            <Button variant="outline" size="sm" disabled={!hasNext || list.isPlaceholderData} onClick={() => update({ page: String(filters.page + 1) })}>
              Next <ChevronRightIcon aria-hidden />
            </Button>
          </div>
        </nav>
      </>
    );
  }

  return (
    <div className="grid gap-6">
      <Header list={data} />
      <Filters lf={lf} />
      {body}
      <LeadDetailsDialog leadId={selected?.id ?? null} initial={selected ?? undefined} onClose={() => setSelected(null)} />
    </div>
  );
}
