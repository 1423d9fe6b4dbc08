import { formatDateTime, type SignalLeadItem, type SignalMeasure } from '@wholesail/domain';
import { ArrowRightIcon, Loader2Icon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { countText } from '@/features/analytics/figure-format';
import { SectionError } from '@/features/analytics/section-states';
import type { LeadsTarget } from './figures-table';
import { useSignalLeads } from './signals-api';

/** What a measure's leads are, as the sheet's subtitle says it. */
export const MEASURE_WORDS: Record<SignalMeasure, string> = {
  leads: 'All its leads',
  contacted: 'Its leads contacted',
  offered: 'Its leads with an appointment or offer',
  contracted: 'Its leads under contract or closed',
};

/** "Why this number": a sheet from the side listing the leads behind a count, 50 at a time, each linking to the lead. */
export function LeadsSheet({ target, onClose }: { target: LeadsTarget | null; onClose: () => void }) {
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      {target && (
        <DialogContent className="top-0 right-0 left-auto flex h-dvh w-full max-w-lg translate-x-0 translate-y-0 flex-col gap-0 rounded-none p-0 sm:rounded-l-xl">
          <div className="grid gap-1.5 border-b p-6 pr-12">
            <DialogTitle>{target.label}</DialogTitle>
            <DialogDescription>{MEASURE_WORDS[target.measure]}, newest first</DialogDescription>
          </div>
          <LeadList key={`${target.key}|${target.measure}`} target={target} onOpen={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function LeadList({ target, onOpen }: { target: LeadsTarget; onOpen: () => void }) {
  const leads = useSignalLeads(target.key, target.measure);
  if (leads.isPending) {
    return (
      <div className="grid gap-3 p-6" aria-label="Loading leads">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-12 w-full" />
        ))}
      </div>
    );
  }
  if (leads.isError) {
    return (
      <div className="p-6">
        <SectionError what="the leads" error={leads.error} onRetry={() => void leads.refetch()} />
      </div>
    );
  }
  const items = leads.data.pages.flatMap((page) => page.items);
  const total = leads.data.pages.at(-1)?.total ?? 0;
  if (items.length === 0) return <p className="p-6 text-sm text-muted-foreground">No leads stand behind this number right now.</p>;
  return (
    <>
      <ul className="min-h-0 flex-1 divide-y overflow-y-auto px-6" aria-label="Leads">
        {items.map((item) => (
          <LeadRow key={item.id} item={item} onOpen={onOpen} />
        ))}
      </ul>
      <div className="flex items-center justify-between gap-3 border-t px-6 py-3 text-sm text-muted-foreground">
        <span>
          Showing {countText(items.length)} of {countText(total)}
        </span>
        {leads.hasNextPage && (
          <Button variant="outline" size="sm" disabled={leads.isFetchingNextPage} onClick={() => void leads.fetchNextPage()}>
            {leads.isFetchingNextPage && <Loader2Icon className="animate-spin" aria-hidden />}
            Load more
          </Button>
        )}
      </div>
    </>
  );
}

function LeadRow({ item, onOpen }: { item: SignalLeadItem; onOpen: () => void }) {
  const contact = item.last_contacted_at ? `Last contacted ${formatDateTime(item.last_contacted_at)}` : 'Not contacted yet';
  return (
    <li className="flex items-start justify-between gap-3 py-3">
      <div className="grid min-w-0 gap-0.5">
        <p className="text-sm font-medium break-words">{item.name}</p>
        <p className="text-xs text-muted-foreground break-words">{[item.address ?? 'No address', item.status_label, contact].join(' · ')}</p>
      </div>
      <Link to={item.href} onClick={onOpen} className="inline-flex shrink-0 items-center gap-1 text-xs font-medium text-primary hover:underline" aria-label={`Open the lead ${item.name}`}>
        Open <ArrowRightIcon className="size-4" aria-hidden />
      </Link>
    </li>
  );
}
