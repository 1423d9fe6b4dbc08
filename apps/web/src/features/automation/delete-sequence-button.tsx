import type { Sequence } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { sentence } from '@/features/referrals/sentence';
import { queryKeys } from '@/lib/query-keys';
import { AUTOMATION_PATH } from './automation-paths';
import { deleteSequence } from './sequences-api';

const leadsText = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'lead' : 'leads'}`;

/** Delete on the editor: after confirming, the sequence goes and its active leads leave it as removed. */
export function DeleteSequenceButton({ sequence }: { sequence: Sequence }) {
  const [open, setOpen] = useState(false);
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
          <DialogTitle className="leading-snug">Delete “{sequence.name}”?</DialogTitle>
          <DialogDescription>
            {active > 0
              ? `${leadsText(active)} in it leave the sequence now and get no more of its steps. Their timelines keep what it did.`
              : 'No lead is in it now. The timelines of leads it reached keep what it did.'}
          </DialogDescription>
        </DialogHeader>
        {remove.isError && <Alert variant="destructive">{sentence(remove.error.message)}</Alert>}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant="destructive" disabled={remove.isPending} onClick={() => remove.mutate()}>
            {remove.isPending ? 'Deleting…' : 'Delete sequence'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
