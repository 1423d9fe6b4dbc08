import { EXIT_REASON_INFO, type StepRun } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BanIcon, CalendarClockIcon, CheckCircle2Icon, ClockIcon, Loader2Icon, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { sentence } from '@/lib/sentence';
import { queryKeys } from '@/lib/query-keys';
import { sequencePath } from './automation-paths';
import { leadTime, type LeadClock } from './lead-time';
import { removeFromSequence, type LeadEnrolment } from './sequences-api';
import { STEP_KIND_NOUNS } from './step-words';

const STATE_ICONS: Record<StepRun['state'], { icon: LucideIcon; className: string }> = {
  done: { icon: CheckCircle2Icon, className: 'text-success' },
  due: { icon: ClockIcon, className: 'text-muted-foreground' },
  moved: { icon: CalendarClockIcon, className: 'text-primary' },
  skipped: { icon: BanIcon, className: 'text-destructive' },
  running: { icon: Loader2Icon, className: 'animate-spin text-muted-foreground' },
};

/** What happened to one step, in a line: when it ran, is due or was moved to (and why), or why it was skipped. */
export function stepRunText(run: StepRun, clock: LeadClock): string {
  const at = (iso: string | null) => (iso ? leadTime(iso, clock) : null);
  switch (run.state) {
    case 'done':
      return at(run.ran_at) ? `Done ${at(run.ran_at)}` : 'Done';
    case 'running':
      return 'Running now';
    case 'due':
      return at(run.due_at) ? `Due ${at(run.due_at)}` : 'Due';
    case 'moved':
      return `Moved to ${at(run.moved_to) ?? 'a later time'}${run.reason ? `: ${sentence(run.reason)}` : ''}`;
    case 'skipped':
      return run.reason ? `Skipped: ${sentence(run.reason)}` : 'Skipped';
  }
}

function StatusBadge({ enrolment }: { enrolment: LeadEnrolment }) {
  if (enrolment.status === 'active') return <Badge>Active</Badge>;
  if (enrolment.status === 'completed') return <Badge variant="success">Finished</Badge>;
  return <Badge variant="secondary">Left{enrolment.exit_reason ? `: ${EXIT_REASON_INFO[enrolment.exit_reason].label}` : ''}</Badge>;
}

function RemoveButton({ enrolment }: { enrolment: LeadEnrolment }) {
  const [open, setOpen] = useState(false);
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: () => removeFromSequence(enrolment.sequence_id, enrolment.lead_id),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.automation.enrolments });
      void client.invalidateQueries({ queryKey: queryKeys.automation.sequences.all });
      toast.success('Removed from the sequence', { description: enrolment.sequence_name });
      setOpen(false);
    },
  });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      onReset={remove.reset}
      trigger={
        <Button variant="outline" size="sm">
          Remove from sequence
        </Button>
      }
      title={`Remove from “${enrolment.sequence_name}”?`}
      description="The lead gets none of its remaining steps. The sequence’s cooldown starts now, so it cannot be enrolled in it again until it passes."
      error={remove.error ? sentence(remove.error.message) : null}
      pending={remove.isPending}
      confirmLabel="Remove"
      pendingLabel="Removing…"
      onConfirm={remove.mutate}
    />
  );
}

/** One sequence the lead is or was in: its state, why it left, and each step's outcome on the lead's clock. */
export function EnrolmentItem({ enrolment, clock }: { enrolment: LeadEnrolment; clock: LeadClock }) {
  const exit = enrolment.status === 'exited' && enrolment.exit_reason ? EXIT_REASON_INFO[enrolment.exit_reason].sentence : null;
  return (
    <li className="grid gap-2 py-3 first:pt-0 last:pb-0" aria-label={enrolment.sequence_name}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <Link to={sequencePath(enrolment.sequence_id)} className="font-medium hover:underline">
              {enrolment.sequence_name}
            </Link>
            <StatusBadge enrolment={enrolment} />
          </div>
          <p className="text-xs text-muted-foreground">
            Enrolled {leadTime(enrolment.enrolled_at, clock)}
            {enrolment.ended_at && ` · ${enrolment.status === 'completed' ? 'finished' : 'left'} ${leadTime(enrolment.ended_at, clock)}`}
          </p>
        </div>
        {enrolment.status === 'active' && <RemoveButton enrolment={enrolment} />}
      </div>
      {exit && <p className="text-sm">{exit}</p>}
      <ol className="grid gap-1.5" aria-label={`Steps of ${enrolment.sequence_name}`}>
        {enrolment.steps.map((run) => {
          const { icon: Icon, className } = STATE_ICONS[run.state];
          return (
            <li key={run.step_index} className="flex items-start gap-2 text-sm">
              <Icon className={`mt-0.5 size-4 shrink-0 ${className}`} aria-hidden />
              <span className="min-w-0">
                <span className="font-medium">
                  Step {run.step_index + 1} · {STEP_KIND_NOUNS[run.kind]}
                </span>
                <span className="text-muted-foreground"> — {stepRunText(run, clock)}</span>
              </span>
            </li>
          );
        })}
      </ol>
    </li>
  );
}
