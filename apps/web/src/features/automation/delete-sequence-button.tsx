import type { Sequence } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trash2Icon } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { sentence } from '@/lib/sentence';
import { queryKeys } from '@/lib/query-keys';
import { AUTOMATION_PATH } from './automation-paths';
import { deleteSequence } from './sequences-api';

const leadsText = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'lead' : 'leads'}`;

/** Delete on the editor: after confirming, the sequence goes and its active leads leave it as removed. */
export function DeleteSequenceButton({ sequence }: { sequence: Sequence }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const remove = useMutation({
    mutationFn: () => deleteSequence(sequence.id),
    onSuccess: () => {
      client.removeQueries({ queryKey: queryKeys.automation.sequences.detail(sequence.id) });
      void client.invalidateQueries({ queryKey: queryKeys.automation.sequences.all });
      toast.success('Sequence deleted', { description: sequence.name });
      void navigate(AUTOMATION_PATH);
    },
  });
  const active = sequence.counts.active;
  return (
    // Not closed on success: the page it is on goes away.
    <ConfirmDialog
      onReset={remove.reset}
      trigger={
        <Button variant="outline" size="sm" className="text-destructive hover:text-destructive">
          <Trash2Icon aria-hidden /> Delete
        </Button>
      }
      title={`Delete “${sequence.name}”?`}
      description={
        active > 0
          ? `${leadsText(active)} in it leave the sequence now and get no more of its steps. Their timelines keep what it did.`
          : 'No lead is in it now. The timelines of leads it reached keep what it did.'
      }
      error={remove.error ? sentence(remove.error.message) : null}
      pending={remove.isPending}
      confirmLabel="Delete sequence"
      pendingLabel="Deleting…"
      onConfirm={remove.mutate}
    />
  );
}
