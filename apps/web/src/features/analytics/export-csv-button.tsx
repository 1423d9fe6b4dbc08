import { DownloadIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { downloadCsv } from './csv';

/** "Export CSV": saves a table as shown; `csv` builds the text when clicked. */
export function ExportCsvButton({ title, fileName, csv }: { title: string; fileName: string; csv: () => string }) {
  return (
    <Button variant="outline" size="sm" aria-label={`Export ${title} as CSV`} onClick={() => downloadCsv(fileName, csv())}>
      <DownloadIcon aria-hidden /> Export CSV
    </Button>
  );
}
