import { AlertCircleIcon, Loader2Icon, UploadIcon } from 'lucide-react';
import { useId, useState, type DragEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { cn } from '@/lib/utils';
import { csvFileProblem } from './import-api';

/**
 * The file step of a CSV import (leads, buyers): a drop zone that is also a file picker. A file that is not a usable CSV
 * is refused here with the reason; `error` is the upload's own answer.
 */
export function CsvDropZone({ rows, hint, pending, error, onFile }: { rows: string; hint: string; pending: boolean; error: string | null; onFile: (file: File) => void }) {
  const inputId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  function choose(file: File | undefined) {
    if (!file) return;
    const reason = csvFileProblem(file, rows);
    setProblem(reason);
    if (!reason) onFile(file);
  }

  function onDrop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setDragging(false);
    if (pending) return;
    const files = event.dataTransfer.files;
    if (files.length > 1) {
      setProblem('Drop one CSV file at a time.');
      return;
    }
    choose(files[0]);
  }

  const message = problem ?? error;
  return (
    <>
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
          pending && 'pointer-events-none opacity-70',
        )}
      >
        {pending ? <Loader2Icon className="size-6 animate-spin text-primary" aria-hidden /> : <UploadIcon className="size-6 text-muted-foreground" aria-hidden />}
        <span className="text-sm font-medium">{pending ? 'Uploading...' : 'Drop a .csv file here or click to choose one'}</span>
        <span className="text-xs text-muted-foreground">{hint}</span>
      </label>
      <input
        id={inputId}
        type="file"
        accept=".csv,text/csv"
        className="sr-only"
        aria-label="CSV file"
        disabled={pending}
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
