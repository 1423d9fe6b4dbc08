import { displayName, type LeadListItem } from '@wholesail/domain';
import { ExternalLinkIcon, XIcon } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { LeadDetails } from './lead-details';
import { isNotFound, useLead } from './leads-api';

type Props = {
  /** The lead to show; null keeps the dialog closed. */
  leadId: string | null;
  /**
   * The row the user clicked (a list item, or a full Lead from the top-10 list). Only its name is shown
   * while the full record loads: a list row lacks most detail fields, so it must not pass for the record.
   */
  initial?: LeadListItem;
  onClose: () => void;
};

/** The lead details dialog opened from list rows and the top-10 list. */
export function LeadDetailsDialog({ leadId, initial, onClose }: Props) {
  const lead = useLead(leadId);
  const loadingTitle = initial && initial.id === leadId ? displayName(initial) : 'Loading lead…';
  return (
    <DialogPrimitive.Root open={leadId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/40 backdrop-blur-[1px]" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          // Escape in a section being edited cancels that edit (lead-edit-form.tsx) and leaves the dialog open.
          onEscapeKeyDown={(event) => {
            if (event.target instanceof Element && event.target.closest('[data-lead-edit]')) event.preventDefault();
          }}
          className="fixed top-1/2 left-1/2 z-50 flex h-[90vh] w-[calc(100%-2rem)] max-w-4xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl border bg-card p-4 shadow-lg outline-none sm:p-6"
        >
          {lead.data ? (
            <LeadDetails
              lead={lead.data}
              scrollable
              renderTitle={(name) => <DialogPrimitive.Title className="truncate text-xl font-semibold">{name}</DialogPrimitive.Title>}
              headerEnd={
                <>
                  <Button variant="ghost" size="icon" asChild>
                    <Link to={`/leads/${lead.data.id}`} aria-label="Open full page" title="Open full page">
                      <ExternalLinkIcon aria-hidden />
                    </Link>
                  </Button>
                  <DialogPrimitive.Close asChild>
                    <Button variant="ghost" size="icon" aria-label="Close">
                      <XIcon aria-hidden />
                    </Button>
                  </DialogPrimitive.Close>
                </>
              }
            />
          ) : (
            <div className="grid gap-4">
              <div className="flex items-start justify-between">
                <DialogPrimitive.Title className="min-w-0 truncate text-xl font-semibold">
                  {lead.isError ? (isNotFound(lead.error) ? 'Lead not found' : 'Could not load this lead') : loadingTitle}
                </DialogPrimitive.Title>
                <DialogPrimitive.Close asChild>
                  <Button variant="ghost" size="icon" aria-label="Close">
                    <XIcon aria-hidden />
                  </Button>
                </DialogPrimitive.Close>
              </div>
              {lead.isError ? (
                <div className="grid justify-items-start gap-3 text-sm">
                  <p className="text-muted-foreground">
                    {isNotFound(lead.error) ? 'This lead was deleted or belongs to another organization.' : lead.error.message}
                  </p>
                  {!isNotFound(lead.error) && (
                    <Button variant="outline" size="sm" onClick={() => void lead.refetch()}>
                      Retry
                    </Button>
                  )}
                </div>
              ) : (
                <div className="grid gap-3" aria-label="Loading lead">
                  <Skeleton className="h-6 w-48" />
                  <Skeleton className="h-9 w-96 max-w-full" />
                  <Skeleton className="h-40 w-full" />
                </div>
              )}
            </div>
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
