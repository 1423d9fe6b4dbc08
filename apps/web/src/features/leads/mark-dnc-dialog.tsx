import { displayName, formatPhone, leadCallNumbers } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BanIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { refreshAfterDncChange } from '@/features/do-not-contact/dnc-api';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import type { LeadDetail } from './leads-api';

/**
 * 'Mark Do Not Call' on the lead page and dialog: after confirming, PATCH dnc_status true, which puts
 * every number of the lead on the organization's Do Not Contact list (source lead_edit).
 */
export function MarkDncButton({ lead }: { lead: LeadDetail }) {
  const [open, setOpen] = useState(false);
  const client = useQueryClient();
  const numbers = leadCallNumbers(lead);
  const mark = useMutation({
    mutationFn: () => apiRequest<LeadDetail>(`/api/leads/${encodeURIComponent(lead.id)}`, { method: 'PATCH', body: { dnc_status: true } }),
    onSuccess: (saved) => {
      client.setQueryData<LeadDetail>(queryKeys.leads.detail(lead.id), (current) => ({ ...current, ...saved, dnc_status: true }));
      refreshAfterDncChange(client);
      setOpen(false);
      toast.success('Marked Do Not Call', { description: `${displayName(lead)} can no longer be called or texted.` });
    },
  });

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      onReset={mark.reset}
      trigger={
        <Button variant="outline" size="sm" className="h-6 px-2 text-xs text-destructive hover:text-destructive">
          <BanIcon aria-hidden /> Mark Do Not Call
        </Button>
      }
      title={`Mark ${displayName(lead)} Do Not Call?`}
      description="No one in your organization will be able to call or text this lead."
      error={mark.error ? mark.error.message : null}
      pending={mark.isPending}
      confirmLabel="Mark Do Not Call"
      pendingLabel="Marking..."
      onConfirm={mark.mutate}
    >
      {numbers.length > 0 ? (
        <div className="grid gap-1.5 text-sm">
          <p>These numbers go on the Do Not Contact list, so they are blocked through every lead that has them:</p>
          <ul className="grid gap-0.5 font-medium tabular-nums">
            {numbers.map((number) => (
              <li key={number}>{formatPhone(number)}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-sm">This lead has no phone number yet; the lead itself is marked Do Not Call.</p>
      )}
      <p className="text-sm text-muted-foreground">Only an owner or admin can take a number off the list again.</p>
    </ConfirmDialog>
  );
}
