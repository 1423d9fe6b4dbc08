import { EXPORT_COLUMNS, LEAD_FIELDS, type LeadFieldName } from '@wholesail/domain';
import { DownloadIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button, buttonVariants } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { DialogCancel } from '@/components/ui/form-dialog-footer';
import type { LeadFilters } from '@/features/leads/leads-api';
import { FIELD_GROUP_LABELS } from '@/features/leads/lead-format';
import { cn } from '@/lib/utils';
import { ColumnChooser, type ColumnGroup } from './column-chooser';
import { exportHref } from './export-link';

export const LEADS_EXPORT_PATH = '/api/leads/export.csv';

/** The columns by the groups the lead details show them in; identity and timestamps first. */
const GROUPS: ColumnGroup[] = [
  { label: 'Record', columns: EXPORT_COLUMNS.leads.filter((c) => !(c in LEAD_FIELDS)) },
  ...Object.entries(FIELD_GROUP_LABELS).map(([group, label]) => ({
    label,
    columns: EXPORT_COLUMNS.leads.filter((c) => c in LEAD_FIELDS && LEAD_FIELDS[c as LeadFieldName][1] === group),
  })),
].filter((g) => g.columns.length > 0);

/** What "Choose columns" starts from: what the list shows. */
const LIST_COLUMNS = ['id', 'name', 'owner_1_name', 'phone', 'email', 'property_address_full', 'estimated_value', 'motivation_score', 'status', 'badges', 'created_at'];

/** The leads list's filters as the export takes them (the page is not one). */
export function leadExportParams({ status, minValue, maxValue, badges, search, created_after }: LeadFilters, columns?: readonly string[]) {
  return { status, minValue, maxValue, badges, search, created_after, columns };
}

/** "Export CSV" on the leads list: every lead of the filters, with all columns or those ticked, as a download link. */
export function LeadExportDialog({ filters, who }: { filters: LeadFilters; who: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<'all' | 'chosen'>('all');
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(LIST_COLUMNS));
  // The file's column order, whatever order the boxes were ticked in.
  const columns = mode === 'all' ? undefined : EXPORT_COLUMNS.leads.filter((c) => chosen.has(c));
  const ready = columns === undefined || columns.length > 0;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <DownloadIcon aria-hidden /> Export CSV
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Export leads as CSV</DialogTitle>
          <DialogDescription>Downloads {who}, with the columns named as the API names its fields.</DialogDescription>
        </DialogHeader>
        <fieldset className="grid gap-2 text-sm">
          <legend className="sr-only">Columns</legend>
          {(
            [
              ['all', `All columns (${EXPORT_COLUMNS.leads.length})`],
              ['chosen', 'Choose columns'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex items-center gap-2">
              <input type="radio" name={`${id}-mode`} className="size-4 accent-primary" checked={mode === value} onChange={() => setMode(value)} />
              {label}
            </label>
          ))}
        </fieldset>
        {mode === 'chosen' && <ColumnChooser groups={GROUPS} chosen={chosen} onChange={setChosen} />}
        <DialogFooter>
          <DialogCancel />
          {/* Closed after the click: a link taken out of the page during its click downloads nothing. */}
          <a
            href={ready ? exportHref(LEADS_EXPORT_PATH, leadExportParams(filters, columns)) : undefined}
            download
            role={ready ? undefined : 'link'}
            aria-disabled={!ready}
            className={cn(buttonVariants(), !ready && 'pointer-events-none opacity-50')}
            onClick={() => setTimeout(() => setOpen(false))}
          >
            <DownloadIcon aria-hidden /> Download CSV
          </a>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
