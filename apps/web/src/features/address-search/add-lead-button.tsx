import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { AddressSearchWidget } from './address-search-widget';

/** 'Add lead' in the app: the address search widget in a dialog. */
export function AddLeadButton() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button onClick={() => setOpen(true)}>
        <PlusIcon aria-hidden /> Add lead
      </Button>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Add lead</DialogTitle>
          <DialogDescription>Search a property address, look up owner and value data, then add it to your leads.</DialogDescription>
        </DialogHeader>
        {open && <AddressSearchWidget />}
      </DialogContent>
    </Dialog>
  );
}
