import { formatPhone, type Buyer } from '@wholesail/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AlertCircleIcon, ChevronLeftIcon, ChevronRightIcon, PlusIcon, UsersIcon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ExportLink } from '@/features/exports/export-link';
import { queryKeys } from '@/lib/query-keys';
import { AddBuyerDialog } from './buyer-dialogs';
import { BUYER_PAGE_SIZE, fetchBuyers, filtersFromParams } from './buyers-api';
import { ImportBuyersButton } from './import-buyers-button';

export function scoreVariant(score: number): 'success' | 'default' | 'secondary' {
  if (score >= 70) return 'success';
  if (score >= 40) return 'default';
  return 'secondary';
}

const numberFormat = new Intl.NumberFormat('en-US');

/** /buyers: the organization's buyers, best score first, filtered and paged through the URL. */
export function BuyersPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const activeId = useId();
  const minId = useId();
  const [minText, setMinText] = useState(filters.minScore === null ? '' : String(filters.minScore));

  const query = useQuery({ queryKey: queryKeys.buyers.list(filters), queryFn: () => fetchBuyers(filters), placeholderData: keepPreviousData });

  // Keep the box in step when the URL changes (back button, clear filters).
  useEffect(() => {
    setMinText(filters.minScore === null ? '' : String(filters.minScore));
  }, [filters.minScore]);

  const update = (changes: Record<string, string | null>) => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v === null) next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace: true },
    );
  };

  const onMinChange = (text: string) => {
    setMinText(text);
    const n = Number(text);
    if (text.trim() === '') update({ minScore: null, page: null });
    else if (Number.isFinite(n) && n >= 0) update({ minScore: String(n), page: null });
  };

  const data = query.data;
  const filtered = filters.activeOnly || filters.minScore !== null;
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / BUYER_PAGE_SIZE));
  const first = total === 0 ? 0 : (filters.page - 1) * BUYER_PAGE_SIZE + 1;
  const last = Math.min(total, filters.page * BUYER_PAGE_SIZE);

  return (
    <div className="grid gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Buyers</h1>
          <p className="mt-1 text-sm text-muted-foreground">Cash buyers and investors, best score first.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ExportLink path="/api/buyers/export.csv" params={{ active: filters.activeOnly ? 'true' : null, minScore: filters.minScore === null ? null : String(filters.minScore) }} />
          <ImportBuyersButton />
          <Button onClick={() => setAdding(true)}>
            <PlusIcon aria-hidden /> Add buyer
          </Button>
        </div>
      </header>

      <div className="flex flex-wrap items-center gap-6">
        <div className="flex items-center gap-2">
          <Switch id={activeId} checked={filters.activeOnly} onCheckedChange={(on) => update({ active: on ? 'true' : null, page: null })} />
          <Label htmlFor={activeId}>Active only</Label>
        </div>
        <div className="flex items-center gap-2">
          <Label htmlFor={minId}>Min score</Label>
          <Input id={minId} type="number" min={0} max={100} inputMode="numeric" className="w-24" value={minText} onChange={(e) => onMinChange(e.target.value)} />
        </div>
      </div>

      {query.isError ? (
        <Alert variant="destructive">
          <AlertCircleIcon aria-hidden />
          <span>{query.error.message}</span>
        </Alert>
      ) : query.isPending ? (
        <Card>
          <CardContent className="grid gap-3 pt-6">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} className="h-8 w-full" />
            ))}
          </CardContent>
        </Card>
      ) : total === 0 && !filtered && filters.page === 1 ? (
        <Card className="border-dashed shadow-none">
          <CardContent className="flex flex-col items-center gap-3 py-14 text-center">
            <UsersIcon className="size-6 text-muted-foreground" aria-hidden />
            <p className="font-medium">No buyers yet</p>
            <p className="max-w-sm text-sm text-muted-foreground">Add the cash buyers and investors you sell deals to.</p>
            <Button onClick={() => setAdding(true)}>
              <PlusIcon aria-hidden /> Add buyer
            </Button>
          </CardContent>
        </Card>
      ) : data && data.items.length === 0 ? (
        <Card className="border-dashed shadow-none">
          <CardContent className="flex flex-col items-center gap-3 py-14 text-center">
            <p className="font-medium">No buyers match these filters</p>
            <Button variant="outline" onClick={() => update({ active: null, minScore: null, page: null })}>
              Clear filters
            </Button>
          </CardContent>
        </Card>
      ) : (
        <Card>
          <Table aria-busy={query.isFetching || undefined}>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Contact</TableHead>
                <TableHead>Company</TableHead>
                <TableHead>Score</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Email</TableHead>
                <TableHead>Phone</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data?.items.map((buyer) => <BuyerRow key={buyer.id} buyer={buyer} onOpen={() => void navigate(`/buyers/${buyer.id}`)} />)}
            </TableBody>
          </Table>
          <div className="flex flex-wrap items-center justify-between gap-3 border-t px-4 py-3 text-sm">
            <span className="text-muted-foreground">
              {numberFormat.format(first)}–{numberFormat.format(last)} of {numberFormat.format(total)} {total === 1 ? 'buyer' : 'buyers'}
            </span>
            <div className="flex items-center gap-2">
              <span className="text-muted-foreground">
                Page {filters.page} of {pages}
              </span>
              <Button variant="outline" size="sm" disabled={filters.page <= 1} onClick={() => update({ page: filters.page - 1 <= 1 ? null : String(filters.page - 1) })}>
                <ChevronLeftIcon aria-hidden /> Prev
              </Button>
              <Button variant="outline" size="sm" disabled={filters.page >= pages} onClick={() => update({ page: String(filters.page + 1) })}>
                Next <ChevronRightIcon aria-hidden />
              </Button>
            </div>
          </div>
        </Card>
      )}

      <AddBuyerDialog open={adding} onOpenChange={setAdding} />
    </div>
  );
}

function BuyerRow({ buyer, onOpen }: { buyer: Buyer; onOpen: () => void }) {
  return (
    <TableRow className="cursor-pointer" onClick={onOpen}>
      <TableCell className="font-medium">
        <Link to={`/buyers/${buyer.id}`} className="hover:underline" onClick={(e) => e.stopPropagation()}>
          {buyer.contact_name}
        </Link>
      </TableCell>
      <TableCell label="Company">{buyer.company_name ?? <span className="text-muted-foreground">—</span>}</TableCell>
      <TableCell label="Score">
        <Badge variant={scoreVariant(buyer.buyer_score)}>{buyer.buyer_score}</Badge>
      </TableCell>
      <TableCell label="Status">{buyer.is_active ? <Badge variant="success">Active</Badge> : <Badge variant="outline">Inactive</Badge>}</TableCell>
      <TableCell label="Email" className="max-w-[14rem] truncate max-sm:max-w-none">{buyer.primary_email ?? <span className="text-muted-foreground">—</span>}</TableCell>
      <TableCell label="Phone" className="whitespace-nowrap">
        {buyer.primary_phone ? formatPhone(buyer.primary_phone) : <span className="text-muted-foreground">—</span>}
      </TableCell>
    </TableRow>
  );
}
