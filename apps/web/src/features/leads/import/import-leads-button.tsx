import { UploadIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { ImportLeadsDialog } from './import-leads-dialog';

/** 'Import CSV': opens the three-step import dialog; a fresh import each time it opens. */
export function ImportLeadsButton() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <UploadIcon aria-hidden /> Import CSV
      </Button>
      <DialogContent className="max-w-2xl">{open && <ImportLeadsDialog onDone={() => setOpen(false)} />}</DialogContent>
    </Dialog>
  );
}
