import { displayName, formatUsd, leadStatusLabel, type LeadListItem } from '@wholesail/domain';
import { useVirtualizer } from '@tanstack/react-virtual';
import { AlertCircleIcon, FileUpIcon, SearchIcon, Trash2Icon, UsersIcon, XIcon } from 'lucide-react';
import { useCallback, useRef, useState, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyCard } from '@/components/ui/empty-card';
import { Input, NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Pager } from '@/components/ui/pager';
import { Skeleton } from '@/components/ui/skeleton';
import { AddLeadButton } from '@/features/address-search/add-lead-button';
import { EnrolButton, filterTarget } from '@/features/automation/enrol-dialog';
import { LeadExportDialog } from '@/features/exports/lead-export-dialog';
import { ImportLeadsButton } from '@/features/leads/import/import-leads-button';
import { capitalize } from '@/lib/format';
import { useElementWidth } from '@/lib/use-element-width';
import { cn } from '@/lib/utils';
import { BulkBar } from './bulk-bar';
import { CallLink } from './call-link';
import { DeletedLeads } from './deleted-leads';
import { LeadDetailsDialog } from './lead-details-dialog';
import { dateTimeText, leadAddress, leadEquity, MISSING, phoneText, primaryPhone, relativeTime } from './lead-format';
import { LEADS_PAGE_SIZE, useLeadsList, type LeadList } from './leads-api';
import { CARD_HEIGHT, cellClass, COLUMNS, GRIDS, listLayout, ROW_HEIGHT, WIDE_ONLY, type Cell, type ListLayout } from './leads-list-layout';
import { SelectBox, useRowSelection, type RowSelection } from './lead-selection';
import { LeadStatusBadge } from './lead-status-badge';
import { AiScoreBadge } from './ai-score';
import { MotivationIndicator } from './motivation-indicator';
import { TagList } from './tag-list';
import { FILTER_STATUSES, isAmount, normaliseBadges, useDebouncedFilter, useLeadFilters } from './use-lead-filters';

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

function Header({ list, deleted, onDeleted, actions }: { list: LeadList | undefined; deleted: boolean; onDeleted: (show: boolean) => void; actions?: React.ReactNode }) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Leads</h1>
        <p className="mt-1 text-sm text-muted-foreground" aria-live="polite">
          {list && !deleted ? totalText(list) : '\u00a0'}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant={deleted ? 'default' : 'outline'} aria-pressed={deleted} onClick={() => onDeleted(!deleted)}>
          <Trash2Icon aria-hidden />
          Deleted
        </Button>
        {actions}
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
                {leadStatusLabel(s)}
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
          {filters.created_after && (
            <Badge variant="secondary" className="pr-1">
              Added since {dateTimeText(filters.created_after)}
              <button type="button" className="rounded-full p-0.5 hover:bg-muted-foreground/20" aria-label="Remove the added-since filter" onClick={() => update({ created_after: '' })}>
                <XIcon className="size-3" aria-hidden />
              </button>
            </Badge>
          )}
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

function LeadRow({ lead, onOpen, layout, selection }: { lead: LeadListItem; onOpen: (lead: LeadListItem) => void; layout: ListLayout; selection: RowSelection }) {
  const at = (cell: Cell) => cellClass(layout, cell);
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
      className={cn(GRIDS[layout], 'h-full cursor-pointer border-b text-sm outline-none hover:bg-muted/50 focus-visible:bg-muted/60 focus-visible:ring-2 focus-visible:ring-ring/30 focus-visible:ring-inset')}
    >
      <span role="cell" className={cn('flex min-w-0 items-center gap-2 font-medium', at('name'))}>
        <SelectBox label={`Select ${name}`} checked={selection.isSelected(lead.id)} onChange={() => selection.toggle(lead.id)} />
        <span className="truncate">{name}</span>
      </span>
      <span role="cell" className={cn('truncate text-muted-foreground', at('address'))} title={leadAddress(lead) ?? undefined}>
        {leadAddress(lead) ?? MISSING}
      </span>
      <span role="cell" className={cn('truncate tabular-nums', at('phone'))}>
        {phoneText(primaryPhone(lead))}
      </span>
      <span role="cell" className={cn('tabular-nums', at('value'))}>
        {formatUsd(lead.estimated_value)}
      </span>
      <span role="cell" className={cn('tabular-nums', at('equity'))}>
        {formatUsd(leadEquity(lead))}
      </span>
      <span role="cell" className={at('motivation')}>
        <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
          <MotivationIndicator score={lead.motivation_score} />
          <AiScoreBadge lead={lead} />
        </span>
      </span>
      <span role="cell" className={cn('min-w-0', at('status'))}>
        <LeadStatusBadge status={lead.status} wrap={layout !== 'cards'} />
      </span>
      <span role="cell" className={cn('max-h-[52px] min-w-0 overflow-hidden', at('tags'))} title={(lead.badges ?? []).join(', ') || undefined}>
        {(lead.badges ?? []).length > 0 ? <TagList tags={lead.badges} /> : <span className="text-muted-foreground">{MISSING}</span>}
      </span>
      <span role="cell" className={cn('truncate text-muted-foreground', at('contacted'))} title={lead.last_contacted_at ?? undefined}>
        {relativeTime(lead.last_contacted_at)}
      </span>
      <span role="cell" className={cn('justify-self-end', at('call'))}>
        <CallLink lead={lead} />
      </span>
    </div>
  );
}

type RowsProps = { items: LeadListItem[]; onOpen: (lead: LeadListItem) => void; dimmed: boolean; layout: ListLayout; selection: RowSelection };

function LeadRows({ items, onOpen, dimmed, layout, selection }: RowsProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const height = layout === 'cards' ? CARD_HEIGHT : ROW_HEIGHT;
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => height,
    overscan: 8,
  });
  return (
    <div ref={scrollRef} className={cn('min-h-[60px] overflow-y-auto transition-opacity', layout === 'cards' ? 'max-h-[calc(100dvh-8rem)]' : 'max-h-[calc(100vh-22rem)]', dimmed && 'opacity-60')} data-testid="leads-scroll">
      <div role="rowgroup" className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((row) => (
          <div key={items[row.index]!.id} aria-rowindex={row.index + 2} className="absolute inset-x-0 top-0" style={{ height, transform: `translateY(${row.start}px)` }}>
            <LeadRow lead={items[row.index]!} onOpen={onOpen} layout={layout} selection={selection} />
          </div>
        ))}
      </div>
    </div>
  );
}

/** The table around the rows; its children are given the layout that fits its width. */
function TableFrame({ children, rowCount, selection }: { children: (layout: ListLayout) => React.ReactNode; rowCount?: number; selection?: RowSelection }) {
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const layout = listLayout(width);
  return (
    <div ref={ref} className="overflow-x-auto rounded-xl border bg-card" data-layout={layout}>
      <div role="table" aria-label="Leads" aria-rowcount={rowCount === undefined ? undefined : rowCount + 1} className={cn(layout === 'full' && 'min-w-[1050px]')}>
        <div role="rowgroup">
          <div
            role="row"
            aria-rowindex={1}
            className={cn(GRIDS[layout === 'cards' ? 'compact' : layout], 'h-10 border-b bg-muted/40 text-xs font-medium text-muted-foreground', layout === 'cards' && 'sr-only')}
          >
            {COLUMNS.map(([cell, header]) => (
              <span role="columnheader" key={cell} className={cn(cell === 'call' && 'sr-only', cell === 'name' && 'flex items-center gap-2', layout !== 'full' && WIDE_ONLY.includes(cell) && 'hidden')}>
                {cell === 'name' && selection && <SelectBox label="Select all leads on this page" checked={selection.allSelected} onChange={selection.setAll} />}
                {header}
              </span>
            ))}
          </div>
        </div>
        {children(layout)}
      </div>
    </div>
  );
}

function SkeletonRows({ layout }: { layout: ListLayout }) {
  return (
    <div role="rowgroup" aria-label="Loading leads">
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} role="row" className={cn(GRIDS[layout], 'border-b')} style={{ height: layout === 'cards' ? CARD_HEIGHT : ROW_HEIGHT }}>
          {COLUMNS.map(([cell]) => (
            <Skeleton key={cell} role="cell" className={cn('h-4', cellClass(layout, cell))} />
          ))}
        </div>
      ))}
    </div>
  );
}

/** /leads — the list agents work from. */
export function LeadsPage() {
  const lf = useLeadFilters();
  const [params, setParams] = useSearchParams();
  const showDeleted = params.get('deleted') === 'true';
  const showDeletedLeads = (show: boolean) => setParams(show ? { deleted: 'true' } : {});
  const { filters, update } = lf;
  const list = useLeadsList(filters);
  const [selected, setSelected] = useState<LeadListItem | null>(null);
  const data = list.data;
  const selection = useRowSelection(data?.items);
  const first = (filters.page - 1) * LEADS_PAGE_SIZE;
  const shownTotal = data ? (data.total_exact ? count.format(data.total) : estimateText(data.total)) : '';
  const hasNext = data ? (data.total_exact ? first + data.items.length < data.total : data.items.length === LEADS_PAGE_SIZE) : false;

  let body: React.ReactNode;
  if (list.isPending) {
    body = (
      <TableFrame>{(layout) => <SkeletonRows layout={layout} />}</TableFrame>
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
        {selection.selected.length > 0 && <BulkBar selected={selection.selected} onClear={selection.clear} />}
        <TableFrame rowCount={data.items.length} selection={selection}>
          {(layout) => <LeadRows key={layout} items={data.items} onOpen={setSelected} dimmed={list.isPlaceholderData} layout={layout} selection={selection} />}
        </TableFrame>
        <Pager
          summary={`Showing ${count.format(first + 1)}–${count.format(first + data.items.length)} of ${shownTotal}`}
          canPrev={filters.page > 1}
          canNext={hasNext && !list.isPlaceholderData}
          onPrev={() => update({ page: String(filters.page - 1) })}
          onNext={() => update({ page: String(filters.page + 1) })}
        />
      </>
    );
  }

  if (showDeleted) {
    return (
      <div className="grid gap-6">
        <Header list={data} deleted onDeleted={showDeletedLeads} />
        <DeletedLeads />
      </div>
    );
  }
  const who = data && `${lf.active ? 'every lead matching the filters' : 'every lead'} (${totalText(data).toLowerCase()})`;
  return (
    <div className="grid gap-6">
      <Header
        list={data}
        deleted={false}
        onDeleted={showDeletedLeads}
        actions={
          who &&
          data.total > 0 && (
            <>
              {/* With rows ticked, the bulk bar enrols those; otherwise every lead of the filter. */}
              {selection.selected.length === 0 && <EnrolButton target={filterTarget(filters)} who={who} />}
              <LeadExportDialog filters={filters} who={who} />
            </>
          )
        }
      />
      <Filters lf={lf} />
      {body}
      <LeadDetailsDialog leadId={selected?.id ?? null} initial={selected ?? undefined} onClose={() => setSelected(null)} />
    </div>
  );
}
