import { LEAD_FIELD_NAMES, type LeadFieldName } from '@wholesail/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertCircleIcon, CheckCircle2Icon, FileSpreadsheetIcon, Loader2Icon, UploadIcon } from 'lucide-react';
import { useId, useMemo, useRef, useState, type DragEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { NativeSelect } from '@/components/ui/input';
import { Progress } from '@/components/ui/progress';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { queryKeys } from '@/lib/query-keys';
import { cn } from '@/lib/utils';
import { csvFileProblem, fetchImport, IMPORT_ERRORS_CAP, IMPORT_POLL_MS, isImportFinished, startImport, uploadCsv, type ImportMapping, type ImportPreview, type ImportStatus } from './import-api';

export const SKIP_COLUMN = '— Skip column —';
const SKIP_VALUE = '';
const SORTED_FIELDS = [...LEAD_FIELD_NAMES].sort();
const numberFormat = new Intl.NumberFormat('en-US');

/** The three steps of a CSV import: pick a file → map columns → watch progress. */
export function ImportLeadsDialog({ onDone }: { onDone: () => void }) {
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [importId, setImportId] = useState<string | null>(null);

  if (importId) return <ProgressStep id={importId} onDone={onDone} />;
  if (preview) return <MappingStep preview={preview} onStarted={setImportId} onBack={() => setPreview(null)} />;
  return <FileStep onUploaded={setPreview} />;
}

function FileStep({ onUploaded }: { onUploaded: (preview: ImportPreview) => void }) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const upload = useMutation({ mutationFn: uploadCsv, onSuccess: onUploaded });

  function choose(file: File | undefined) {
    if (!file) return;
    const reason = csvFileProblem(file);
    setProblem(reason);
    upload.reset();
    if (!reason) upload.mutate(file);
  }

  function onDrop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setDragging(false);
    if (upload.isPending) return;
    const files = event.dataTransfer.files;
    if (files.length > 1) {
      setProblem('Drop one CSV file at a time.');
      return;
    }
    choose(files[0]);
  }

  const message = problem ?? upload.error?.message ?? null;
  return (
    <>
      <DialogHeader>
        <DialogTitle>Import leads</DialogTitle>
        <DialogDescription>Upload a CSV file with a header row. You choose which columns go into which lead fields next.</DialogDescription>
      </DialogHeader>
      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed px-6 py-10 text-center transition-colors hover:bg-muted/50',
          dragging && 'border-primary bg-primary/5',
          upload.isPending && 'pointer-events-none opacity-70',
        )}
      >
        {upload.isPending ? <Loader2Icon className="size-6 animate-spin text-primary" aria-hidden /> : <UploadIcon className="size-6 text-muted-foreground" aria-hidden />}
        <span className="text-sm font-medium">{upload.isPending ? 'Uploading...' : 'Drop a .csv file here or click to choose one'}</span>
        <span className="text-xs text-muted-foreground">One lead per row; the first row names the columns.</span>
      </label>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept=".csv,text/csv"
        className="sr-only"
        aria-label="CSV file"
        disabled={upload.isPending}
        onChange={(event) => {
          choose(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      {message && (
        <Alert variant="destructive">
          <AlertCircleIcon aria-hidden />
          <span>{message}</span>
        </Alert>
      )}
    </>
  );
}

function sampleFor(preview: ImportPreview, column: number): string {
  for (const row of preview.sample_rows) {
    const value = row[column]?.trim();
    if (value) return value;
  }
  return '';
}

function MappingStep({ preview, onStarted, onBack }: { preview: ImportPreview; onStarted: (id: string) => void; onBack: () => void }) {
  const client = useQueryClient();
  const [mapping, setMapping] = useState<ImportMapping>(() =>
    Object.fromEntries(preview.headers.map((h) => [h, preview.proposed_mapping[h] ?? null])),
  );
  const start = useMutation({
    mutationFn: () => startImport(preview.id, mapping),
    onSuccess: (status) => {
      client.setQueryData(queryKeys.leadImports.detail(status.id ?? preview.id), status);
      onStarted(status.id ?? preview.id);
    },
  });

  const duplicates = useMemo(() => {
    const seen = new Map<LeadFieldName, number>();
    for (const field of Object.values(mapping)) if (field) seen.set(field, (seen.get(field) ?? 0) + 1);
    return new Set([...seen].filter(([, n]) => n > 1).map(([f]) => f));
  }, [mapping]);
  const mappedCount = Object.values(mapping).filter(Boolean).length;

  return (
    <>
      <DialogHeader>
        <DialogTitle>Map columns</DialogTitle>
        <DialogDescription>
          <span className="inline-flex items-center gap-1.5">
            <FileSpreadsheetIcon className="size-4" aria-hidden /> {preview.filename}
          </span>{' '}
          · {numberFormat.format(preview.total_rows)} {preview.total_rows === 1 ? 'row' : 'rows'} · {mappedCount} of {preview.headers.length} columns mapped
        </DialogDescription>
      </DialogHeader>
      <div className="max-h-[50vh] overflow-y-auto rounded-md border">
        <Table>
          <TableHeader className="sticky top-0 z-10 bg-card">
            <TableRow>
              <TableHead>CSV column</TableHead>
              <TableHead>Sample</TableHead>
              <TableHead>Lead field</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {preview.headers.map((header, index) => {
              const field = mapping[header] ?? null;
              return (
                <TableRow key={`${header}-${index}`}>
                  <TableCell className="font-medium break-all">{header || <span className="text-muted-foreground">(blank)</span>}</TableCell>
                  <TableCell label="Sample" className="max-w-[12rem] truncate text-muted-foreground max-sm:max-w-none" title={sampleFor(preview, index)}>
                    {sampleFor(preview, index) || '—'}
                  </TableCell>
                  <TableCell label="Lead field" className="min-w-[12rem] max-sm:min-w-0">
                    <NativeSelect
                      aria-label={`Lead field for ${header}`}
                      value={field ?? SKIP_VALUE}
                      aria-invalid={field && duplicates.has(field) ? true : undefined}
                      onChange={(event) => setMapping((m) => ({ ...m, [header]: (event.target.value || null) as LeadFieldName | null }))}
                    >
                      <option value={SKIP_VALUE}>{SKIP_COLUMN}</option>
                      {SORTED_FIELDS.map((name) => (
                        <option key={name} value={name}>
                          {name}
                        </option>
                      ))}
                    </NativeSelect>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </div>
      {duplicates.size > 0 && (
        <p className="text-xs text-warning">
          More than one column goes into {[...duplicates].join(', ')}; only one value per lead is kept.
        </p>
      )}
      {preview.unknown_columns.length > 0 && (
        <div className="grid gap-1.5 text-sm">
          <p className="font-medium">Columns we did not recognise</p>
          <p className="text-xs text-muted-foreground">Not imported unless you map them</p>
          <div className="flex flex-wrap gap-1.5">
            {preview.unknown_columns.map((column) => (
              <Badge key={column} variant={mapping[column] ? 'default' : 'outline'}>
                {column}
              </Badge>
            ))}
          </div>
        </div>
      )}
      {start.error && (
        <Alert variant="destructive">
          <AlertCircleIcon aria-hidden />
          <span>{start.error.message}</span>
        </Alert>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onBack} disabled={start.isPending}>
          Choose another file
        </Button>
        <Button onClick={() => start.mutate()} disabled={start.isPending || mappedCount === 0}>
          {start.isPending && <Loader2Icon className="animate-spin" aria-hidden />}
          Start import
        </Button>
      </DialogFooter>
    </>
  );
}

function ProgressStep({ id, onDone }: { id: string; onDone: () => void }) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.leadImports.detail(id),
    queryFn: () => fetchImport(id),
    refetchInterval: (q) => (q.state.data && isImportFinished(q.state.data.status) ? false : IMPORT_POLL_MS),
    refetchIntervalInBackground: true,
    staleTime: 0,
  });
  const status: ImportStatus | undefined = query.data;
  const finished = status ? isImportFinished(status.status) : false;
  const percent = status ? (status.total_rows > 0 ? (status.rows_read / status.total_rows) * 100 : finished ? 100 : 0) : 0;

  const viewLeads = () => {
    void client.invalidateQueries({ queryKey: queryKeys.leads.all });
    onDone();
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>{!status ? 'Importing leads' : status.status === 'completed' ? 'Import complete' : status.status === 'failed' ? 'Import failed' : 'Importing leads'}</DialogTitle>
        <DialogDescription>{status ? status.filename : 'Starting...'}</DialogDescription>
      </DialogHeader>
      {query.error && !status && (
        <Alert variant="destructive">
          <AlertCircleIcon aria-hidden />
          <span>{query.error.message}</span>
        </Alert>
      )}
      {status && (
        <div className="grid gap-4">
          <div className="grid gap-1.5">
            <Progress value={percent} aria-label="Import progress" />
            <p className="text-xs text-muted-foreground">
              {numberFormat.format(status.rows_read)} of {numberFormat.format(status.total_rows)} rows read
              {!finished && status.status === 'queued' && ' · waiting to start'}
            </p>
          </div>
          <dl className="grid grid-cols-3 gap-3 text-center">
            <Counter label="Inserted" value={status.inserted} />
            <Counter label="Updated (duplicates)" value={status.updated} />
            <Counter label="Skipped" value={status.skipped} />
          </dl>
          {finished && (
            <Alert variant={status.status === 'failed' ? 'destructive' : 'default'}>
              {status.status === 'failed' ? <AlertCircleIcon aria-hidden /> : <CheckCircle2Icon className="text-success" aria-hidden />}
              <span>
                {status.status === 'completed'
                  ? `Imported ${numberFormat.format(status.inserted)} new ${status.inserted === 1 ? 'lead' : 'leads'}, updated ${numberFormat.format(status.updated)} and skipped ${numberFormat.format(status.skipped)}.`
                  : `The import stopped after ${numberFormat.format(status.rows_read)} rows. Rows already saved stay in your leads.`}
              </span>
            </Alert>
          )}
          {query.error && <p className="text-xs text-destructive">{query.error.message}</p>}
          {status.errors.length > 0 && (
            <div className="grid gap-1.5">
              <p className="text-sm font-medium">
                Problems
                {status.skipped > status.errors.length && status.errors.length >= IMPORT_ERRORS_CAP && (
                  <span className="font-normal text-muted-foreground"> (first {IMPORT_ERRORS_CAP} of {numberFormat.format(status.skipped)})</span>
                )}
              </p>
              <ul aria-label="Import errors" className="max-h-48 overflow-y-auto rounded-md border text-sm">
                {status.errors.map((error, index) => (
                  <li key={`${error.row}-${index}`} className="flex gap-3 border-b px-3 py-1.5 last:border-0">
                    <span className="shrink-0 font-medium tabular-nums">Row {error.row}</span>
                    <span className="text-muted-foreground">{withoutRowPrefix(error.reason, error.row)}</span>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
      {finished && (
        <DialogFooter>
          <Button onClick={viewLeads}>View leads</Button>
        </DialogFooter>
      )}
    </>
  );
}

/** The server's reason as sent, minus a leading "row N:" that the Row column already shows. */
export function withoutRowPrefix(reason: string, row: number): string {
  const prefix = new RegExp(`^row ${row}\\s*:\\s*`, 'i');
  return reason.replace(prefix, '');
}

function Counter({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-md border px-2 py-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums">{numberFormat.format(value)}</dd>
    </div>
  );
}
