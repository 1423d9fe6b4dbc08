import { displayName } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trash2Icon } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import type { LeadDetail } from './leads-api';

/** Delete on the lead page: after confirming, DELETE /api/leads/:id and back to the list. */
export function DeleteLeadButton({ lead }: { lead: LeadDetail }) {
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
    // Not closed on success: the page it is on goes away.
    <ConfirmDialog
      onReset={remove.reset}
      trigger={
        <Button variant="outline" size="sm" className="text-destructive hover:text-destructive">
          <Trash2Icon aria-hidden /> Delete
        </Button>
      }
      title={`Delete ${displayName(lead)}?`}
      description="The lead leaves every list, search and count. Its calls and texts stay in the history."
      error={remove.error ? remove.error.message : null}
      pending={remove.isPending}
      confirmLabel="Delete lead"
      pendingLabel="Deleting..."
      onConfirm={remove.mutate}
    />
  );
}
