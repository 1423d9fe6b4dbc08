import type { DncImportResult } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FileUpIcon, Loader2Icon } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { csvFileProblem } from '@/features/leads/import/import-api';
import { importDncCsv, refreshAfterDncChange } from './dnc-api';

const count = new Intl.NumberFormat('en-US');

/** 'Import CSV': a list of numbers from another system goes on the list; the answer counts and lists the rows it could not read. */
export function ImportDncDialog() {
  const [open, setOpen] = useState(false);
  const [attempt, setAttempt] = useState(0);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <FileUpIcon aria-hidden /> Import CSV
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-lg">
        <ImportSteps key={attempt} onAgain={() => setAttempt((n) => n + 1)} />
      </DialogContent>
    </Dialog>
  );
}

function ImportSteps({ onAgain }: { onAgain: () => void }) {
  const id = useId();
  const client = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useMutation({ mutationFn: importDncCsv, onSuccess: () => refreshAfterDncChange(client) });

  const choose = (file: File | undefined) => {
    if (!file) return;
    const reason = csvFileProblem(file, 'one phone number');
    setProblem(reason);
    upload.reset();
    if (!reason) upload.mutate(file);
  };

  if (upload.data) return <ImportResult result={upload.data} onAgain={onAgain} />;
  const message = problem ?? upload.error?.message ?? null;
  return (
    <>
      <DialogHeader>
        <DialogTitle>Import numbers</DialogTitle>
        <DialogDescription>
          A CSV file with one phone number a row (a header row is fine), for example a list from another system. Numbers already on the list are counted, not
          added twice.
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-file`}>CSV file</Label>
        <Input
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          disabled={upload.isPending}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-problem` : undefined}
          className="h-auto py-1.5"
          onChange={(event) => choose(event.target.files?.[0])}
        />
      </div>
      {upload.isPending && (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
          <Loader2Icon className="size-4 animate-spin" aria-hidden /> Importing...
        </p>
      )}
      {message && (
        <Alert variant="destructive" id={`${id}-problem`}>
          {message}
        </Alert>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
      </DialogFooter>
    </>
  );
}

function ImportResult({ result, onAgain }: { result: DncImportResult; onAgain: () => void }) {
  const shown = result.invalid.length;
  const invalid = result.invalid_count;
  return (
    <>
      <DialogHeader>
        <DialogTitle>Import finished</DialogTitle>
        <DialogDescription>The added numbers can no longer be called or texted, through any lead.</DialogDescription>
      </DialogHeader>
      <dl className="grid grid-cols-3 gap-2 text-center" aria-label="Import result">
        <Stat label="Added" value={result.added} />
        <Stat label="Already listed" value={result.already_listed} />
        <Stat label="Invalid" value={invalid} />
      </dl>
      {shown > 0 && (
        <div className="grid gap-1.5">
          <p className="text-sm font-medium">{shown < invalid ? `Rows not imported (the first ${count.format(shown)})` : 'Rows not imported'}</p>
          <ul className="grid max-h-60 gap-1 overflow-y-auto rounded-md border p-2 text-sm" aria-label="Rows not imported">
            {result.invalid.map((row) => (
              <li key={`${row.row}-${row.value}`} className="break-words">
                <span className="font-medium tabular-nums">Row {row.row}</span>
                {row.value ? <span className="text-muted-foreground"> “{row.value}”</span> : null}: {row.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onAgain}>
          Import another file
        </Button>
        <DialogClose asChild>
          <Button>Done</Button>
        </DialogClose>
      </DialogFooter>
    </>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="grid gap-0.5 rounded-lg border p-2">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{count.format(value)}</dd>
    </div>
  );
}
