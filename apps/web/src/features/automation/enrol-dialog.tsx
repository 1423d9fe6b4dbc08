import { ENROL_SKIP_REASONS, ENROL_SKIP_SENTENCES, type EnrolResult } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2Icon, WorkflowIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { FormDialogFooter } from '@/components/ui/form-dialog-footer';
import { NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { LeadFilters } from '@/features/leads/leads-api';
import { sentence } from '@/lib/sentence';
import { queryKeys } from '@/lib/query-keys';
import { NEW_SEQUENCE_PATH } from './automation-paths';
import { enrolLeads, useSequences, type EnrolTarget } from './sequences-api';

const count = (n: number) => n.toLocaleString('en-US');

/** Every lead of the leads list's filter, whatever page is shown. */
export function filterTarget({ status, minValue, maxValue, badges, search, created_after }: LeadFilters): EnrolTarget {
  return { filter: { status, minValue, maxValue, badges, search, created_after } };
}

/** The skipped leads by reason, in the domain's order, with how many each. */
function skippedByReason(result: EnrolResult): { sentence: string; count: number }[] {
  return ENROL_SKIP_REASONS.map((reason) => ({ sentence: ENROL_SKIP_SENTENCES[reason], count: result.skipped.filter((s) => s.reason === reason).length })).filter(
    (group) => group.count > 0,
  );
}

function EnrolResultView({ result, sequenceName }: { result: EnrolResult; sequenceName: string }) {
  const groups = skippedByReason(result);
  return (
    <div className="grid gap-3" role="status">
      <p className="flex items-center gap-2 text-base font-semibold">
        <CheckCircle2Icon className="size-5 text-success" aria-hidden />
        {count(result.enrolled)} enrolled in “{sequenceName}”
      </p>
      {groups.length > 0 && (
        <div className="grid gap-1.5">
          <p className="text-sm font-medium">{count(result.skipped.length)} not enrolled:</p>
          <ul className="grid gap-1 text-sm">
            {groups.map((group) => (
              <li key={group.sentence} className="flex items-baseline justify-between gap-3 rounded-md bg-muted/60 px-3 py-1.5">
                <span>{group.sentence}</span>
                <span className="font-medium tabular-nums">{count(group.count)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

type Props = {
  target: EnrolTarget;
  /** Which leads, in words: "3 selected leads", "every lead matching the filters (about 2,300)". */
  who: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  /** When the result of an enrolment is closed (the leads list clears its selection). */
  onEnrolled?: () => void;
};

/** "Add to sequence": choose a sequence, enrol the leads, then see how many went in and why the others did not. */
export function EnrolButton({ target, who, variant = 'outline', size = 'default', onEnrolled }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState('');
  const sequences = useSequences();
  const client = useQueryClient();
  const enrol = useMutation({
    mutationFn: (sequenceId: string) => enrolLeads(sequenceId, target),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.automation.sequences.all });
      void client.invalidateQueries({ queryKey: queryKeys.automation.enrolments });
    },
  });
  const items = sequences.data ?? [];
  const sequenceId = chosen || items[0]?.id || '';
  const sequenceName = items.find((s) => s.id === enrol.variables)?.name ?? '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sequenceId) enrol.mutate(sequenceId);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) return;
        // Only once the result was read: the bulk bar, and this button with it, goes when its selection is cleared.
        if (enrol.isSuccess) onEnrolled?.();
        enrol.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant={variant} size={size}>
          <WorkflowIcon aria-hidden /> Add to sequence
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add to a sequence</DialogTitle>
          <DialogDescription>Enrol {who}. Leads already in it, on the Do-Not-Contact list or still in its cooldown are left out, with the reason.</DialogDescription>
        </DialogHeader>
        {enrol.isSuccess ? (
          <>
            <EnrolResultView result={enrol.data} sequenceName={sequenceName} />
            <DialogFooter>
              <DialogClose asChild>
                <Button>Done</Button>
              </DialogClose>
            </DialogFooter>
          </>
        ) : sequences.isSuccess && items.length === 0 ? (
          <div className="grid gap-3 text-sm">
            <p>There is no sequence yet. Write one first: its steps, their delays and messages.</p>
            <Button asChild className="justify-self-start">
              <Link to={NEW_SEQUENCE_PATH}>New sequence</Link>
            </Button>
          </div>
        ) : (
          <form className="grid gap-4" onSubmit={submit}>
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-sequence`}>Sequence</Label>
              <NativeSelect id={`${id}-sequence`} value={sequenceId} disabled={!sequences.isSuccess} onChange={(e) => setChosen(e.target.value)}>
                {items.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name} ({count(s.steps.length)} {s.steps.length === 1 ? 'step' : 'steps'})
                  </option>
                ))}
              </NativeSelect>
            </div>
            {sequences.isError && <Alert variant="destructive">{sentence(sequences.error.message)}</Alert>}
            {enrol.isError && <Alert variant="destructive">{sentence(enrol.error.message)}</Alert>}
            <FormDialogFooter label="Enrol" pendingLabel="Enrolling…" pending={enrol.isPending} />
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
