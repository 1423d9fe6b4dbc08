import type { BuyerImportResult } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2Icon, UploadIcon } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { CsvDropZone } from '@/features/leads/import/csv-drop-zone';
import { postCsvFile } from '@/features/leads/import/import-api';
import { ImportCounters, ImportProblems } from '@/features/leads/import/import-report';
import { queryKeys } from '@/lib/query-keys';

const uploadBuyers = (file: File) => postCsvFile<BuyerImportResult>('/api/buyers/import', file);

/** "Import buyers": a CSV of buyers and their buy boxes, read by its headers; then what it did and the rows it could not take. */
export function ImportBuyersButton() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <UploadIcon aria-hidden /> Import buyers
      </Button>
      <DialogContent className="max-w-2xl">{open && <ImportBuyersDialog onDone={() => setOpen(false)} />}</DialogContent>
    </Dialog>
  );
}

function ImportBuyersDialog({ onDone }: { onDone: () => void }) {
  const client = useQueryClient();
  const upload = useMutation({ mutationFn: uploadBuyers, onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.buyers.all }) });
  const result = upload.data;
  if (!result) {
    return (
      <>
        <DialogHeader>
          <DialogTitle>Import buyers</DialogTitle>
          <DialogDescription>
            Upload a CSV file with a header row: name, company, email, phone, and what each buyer buys (states, cities, zips, property types, min and max
            price, min beds and baths, max repairs, strategies, proof of funds, closes in days). A buyer with the same email or phone is updated.
          </DialogDescription>
        </DialogHeader>
        <CsvDropZone
          rows="one buyer"
          hint="One buyer per row; the first row names the columns."
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
  const ignored = result.columns.filter((c) => c.field === null).map((c) => c.header);
  return (
    <>
      <DialogHeader>
        <DialogTitle>Import complete</DialogTitle>
        <DialogDescription>{result.filename}</DialogDescription>
      </DialogHeader>
      <div className="grid gap-4">
        <ImportCounters inserted={result.inserted} updated={result.updated} skipped={result.skipped} />
        <Alert>
          <CheckCircle2Icon className="text-success" aria-hidden />
          <span>
            Imported {result.inserted} new {result.inserted === 1 ? 'buyer' : 'buyers'}, updated {result.updated} and skipped {result.skipped}.
          </span>
        </Alert>
        {ignored.length > 0 && <p className="text-xs text-muted-foreground">Columns we did not recognise, not imported: {ignored.join(', ')}.</p>}
        <ImportProblems errors={result.errors} skipped={result.skipped} />
      </div>
      <DialogFooter>
        <Button onClick={onDone}>View buyers</Button>
      </DialogFooter>
    </>
  );
}
