import { displayName, type LeadListItem } from '@wholesail/domain';
import { EyeIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { LeadPicker } from '@/features/communications/lead-picker';
import { leadAddress } from '@/features/leads/lead-format';

type Props = { lead: LeadListItem | null; onChange: (lead: LeadListItem | null) => void };

/** Which lead the templates are previewed for: chosen by searching the leads, as the dialer chooses one. */
export function PreviewLead({ lead, onChange }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-card px-4 py-3" role="region" aria-label="Preview lead">
      <div className="flex min-w-0 items-start gap-2 text-sm">
        <EyeIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
        {lead ? (
          <p className="min-w-0">
            Previewing texts and emails for <span className="font-medium">{displayName(lead)}</span>
            {leadAddress(lead) && <span className="text-muted-foreground"> · {leadAddress(lead)}</span>}
          </p>
        ) : (
          <p className="text-muted-foreground">Choose a lead to preview each text and email with their details; until then a missing detail shows what the lead would read instead.</p>
        )}
      </div>
      <div className="flex gap-2">
        {lead && (
          <Button type="button" variant="ghost" size="sm" onClick={() => onChange(null)}>
            Clear
          </Button>
        )}
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogTrigger asChild>
            <Button type="button" variant="outline" size="sm">
              {lead ? 'Change lead' : 'Choose a lead'}
            </Button>
          </DialogTrigger>
          <DialogContent className="max-w-lg">
            <DialogHeader>
              <DialogTitle>Preview for a lead</DialogTitle>
              <DialogDescription>Nothing is sent: the lead’s first name, street and city fill the templates on this screen only.</DialogDescription>
            </DialogHeader>
            <LeadPicker
              autoFocus
              onPick={(picked) => {
                onChange(picked);
                setOpen(false);
              }}
            />
          </DialogContent>
        </Dialog>
      </div>
    </div>
  );
}
