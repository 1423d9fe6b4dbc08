import { displayName } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import type { LeadDetail } from './leads-api';

/** Delete on the lead page: after confirming, DELETE /api/leads/:id and back to the list. */
export function DeleteLeadButton({ lead }: { lead: LeadDetail }) {
  const [open, setOpen] = useState(false);
  const client = useQueryClient();
  const navigate = useNavigate();
  const remove = useMutation({
    mutationFn: () => apiRequest<void>(`/api/leads/${encodeURIComponent(lead.id)}`, { method: 'DELETE' }),
    onSuccess: () => {
      client.removeQueries({ queryKey: queryKeys.leads.detail(lead.id) });
      void client.invalidateQueries({ queryKey: queryKeys.leads.all });
      toast.success('Lead deleted', { description: displayName(lead) });
      void navigate('/leads');
    },
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) remove.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" className="text-destructive hover:text-destructive">
          <Trash2Icon aria-hidden /> Delete
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle className="leading-snug">Delete {displayName(lead)}?</DialogTitle>
          <DialogDescription>The lead leaves every list, search and count. Its calls and texts stay in the history.</DialogDescription>
        </DialogHeader>
        {remove.isError && <Alert variant="destructive">{remove.error.message}</Alert>}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant="destructive" disabled={remove.isPending} onClick={() => remove.mutate()}>
            {remove.isPending ? 'Deleting...' : 'Delete lead'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
