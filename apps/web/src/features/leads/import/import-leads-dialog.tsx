import { LEAD_FIELD_NAMES, type LeadFieldName } from '@wholesail/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertCircleIcon, CheckCircle2Icon, FileSpreadsheetIcon, Loader2Icon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { NativeSelect } from '@/components/ui/input';
import { Progress } from '@/components/ui/progress';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { queryKeys } from '@/lib/query-keys';
import { CsvDropZone } from './csv-drop-zone';
import { fetchImport, IMPORT_POLL_MS, isImportFinished, startImport, uploadCsv, type ImportMapping, type ImportPreview, type ImportStatus } from './import-api';
import { ImportCounters, ImportProblems } from './import-report';

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
  const upload = useMutation({ mutationFn: uploadCsv, onSuccess: onUploaded });
  return (
    <>
      <DialogHeader>
        <DialogTitle>Import leads</DialogTitle>
        <DialogDescription>Upload a CSV file with a header row. You choose which columns go into which lead fields next.</DialogDescription>
      </DialogHeader>
      <CsvDropZone
        rows="one lead"
        hint="One lead per row; the first row names the columns."
        pending={upload.isPending}
        error={upload.error?.message ?? null}
        onFile={(file) => {
          upload.reset();
          upload.mutate(file);
        }}
      />
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
          <ImportCounters inserted={status.inserted} updated={status.updated} skipped={status.skipped} />
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
          <ImportProblems errors={status.errors} skipped={status.skipped} />
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
