import { formatPhone, type DncEntry } from '@wholesail/domain';
import { Trash2Icon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { BlockedButton } from '@/components/ui/blocked-button';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format';
import { cn } from '@/lib/utils';
import { MEMBER_CANNOT_REMOVE, sourceLabel } from './messages';

// A table from 1280 px (columns fit beside the sidebar); below, each entry is a card.
const ROW = 'xl:grid xl:grid-cols-[9rem_11.5rem_minmax(0,1fr)_5.5rem_10rem_6.5rem] xl:items-center xl:gap-3 xl:px-4';
const COLUMNS = ['Number', 'Source', 'Reason', 'Lead', 'Added', 'Actions'] as const;

/** Who listed the number: the member, or the person themselves for an opt-out text; nobody for other automatic listings. */
export function addedBy(entry: DncEntry): string | null {
  if (entry.created_by !== null) return entry.created_by_name ?? 'a former member';
  return entry.source === 'sms_opt_out' ? 'the person themselves' : null;
}

function Cell({ label, className, children }: { label?: string; className?: string; children: ReactNode }) {
  return (
    <div role="cell" className={cn('min-w-0', className)}>
      {label && (
        <span aria-hidden className="mr-1.5 text-xs text-muted-foreground xl:hidden">
          {label}:
        </span>
      )}
      {children}
    </div>
  );
}

type Props = {
  items: DncEntry[];
  canRemove: boolean;
  onRemove: (entry: DncEntry) => void;
};

/** The listed numbers: one semantic table, laid out as a table on wide screens and as cards below. */
export function DncTable({ items, canRemove, onRemove }: Props) {
  return (
    <div role="table" aria-label="Do Not Contact list" aria-rowcount={items.length + 1} className="xl:rounded-xl xl:border xl:bg-card">
      <div role="rowgroup" className="max-xl:sr-only">
        <div role="row" className={cn(ROW, 'h-10 border-b bg-muted/40 text-xs font-medium text-muted-foreground')}>
          {COLUMNS.map((column) => (
            <span role="columnheader" key={column} className={cn(column === 'Actions' && 'sr-only')}>
              {column}
            </span>
          ))}
        </div>
      </div>
      <div role="rowgroup" className="grid gap-3 sm:grid-cols-2 xl:block">
        {items.map((entry) => (
          <DncRow key={entry.phone_e164} entry={entry} who={addedBy(entry)} canRemove={canRemove} onRemove={() => onRemove(entry)} />
        ))}
      </div>
    </div>
  );
}

function DncRow({ entry, who, canRemove, onRemove }: { entry: DncEntry; who: string | null; canRemove: boolean; onRemove: () => void }) {
  const phone = formatPhone(entry.phone_e164);
  const removeLabel = `Remove ${phone}`;
  return (
    <div role="row" aria-label={phone} className={cn(ROW, 'grid gap-1.5 rounded-xl border bg-card p-4 text-sm xl:rounded-none xl:border-0 xl:border-b xl:bg-transparent xl:py-3 xl:last:border-b-0')}>
      <Cell className="text-base font-semibold tabular-nums xl:text-sm">{phone}</Cell>
      <Cell label="Source">
        <Badge variant={entry.source === 'sms_opt_out' ? 'destructive' : 'secondary'} className="whitespace-normal xl:whitespace-nowrap">
          {sourceLabel(entry.source)}
        </Badge>
      </Cell>
      <Cell label="Reason" className="break-words">
        {entry.reason ? entry.reason : <span className="text-muted-foreground">No reason given</span>}
      </Cell>
      <Cell label="Lead">
        {entry.lead_id ? (
          <Link to={`/leads/${encodeURIComponent(entry.lead_id)}`} className="text-primary underline-offset-4 hover:underline" aria-label={`Open the lead of ${phone}`}>
            Open lead
          </Link>
        ) : (
          <span className="text-muted-foreground">None</span>
        )}
      </Cell>
      <Cell label="Added" className="xl:grid xl:gap-0.5">
        <span className="tabular-nums">{formatDate(entry.created_at)}</span>
        {who && <span className="text-muted-foreground xl:block xl:truncate"> by {who}</span>}
      </Cell>
      <Cell className="pt-1.5 xl:justify-self-end xl:pt-0">
        {canRemove ? (
          <Button variant="outline" size="sm" aria-label={removeLabel} onClick={onRemove}>
            <Trash2Icon aria-hidden /> Remove
          </Button>
        ) : (
          <BlockedButton reason={MEMBER_CANNOT_REMOVE} label={removeLabel} variant="outline" size="sm">
            <Trash2Icon aria-hidden /> Remove
          </BlockedButton>
        )}
      </Cell>
    </div>
  );
}
