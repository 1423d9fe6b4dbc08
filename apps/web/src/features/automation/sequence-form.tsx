import { displayName, type LeadListItem, type Member, type Sequence } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertCircleIcon, Loader2Icon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { sentence } from '@/lib/sentence';
import { ApiError } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { AUTOMATION_PATH, sequencePath } from './automation-paths';
import { previewValues } from './merge-preview';
import { PreviewLead } from './preview-lead';
import { checkDraft, draftOf, problemsOf, type FieldProblems, type SequenceDraft } from './sequence-draft';
import { SequenceSettings } from './sequence-settings';
import { createSequence, updateSequence, type SequenceBody } from './sequences-api';
import { StepTimeline } from './step-timeline';

type Props = {
  /** The saved sequence; none for a new one. */
  sequence?: Sequence;
  members: readonly Member[];
  /** Who the texts speak as ({agent_name}): the member the engine acts as. */
  agentName: string | null;
  previewLead: LeadListItem | null;
  onPreviewLead: (lead: LeadListItem | null) => void;
};

/** Fields of the settings card; any other message the form shows above Save. */
const SETTINGS_FIELDS = ['name', 'cooldown_days', 'daily_cap', 'exit_statuses'];
const isStepField = (field: string) => /^steps\.\d+\./.test(field);

/** The sequence editor: settings, the steps on their timeline with live previews, Save. */
export function SequenceForm({ sequence, members, agentName, previewLead, onPreviewLead }: Props) {
  const [draft, setDraft] = useState<SequenceDraft>(() => draftOf(sequence));
  const [problems, setProblems] = useState<FieldProblems>({});
  const client = useQueryClient();
  const navigate = useNavigate();
  const save = useMutation({
    mutationFn: (body: SequenceBody) => (sequence ? updateSequence(sequence.id, body) : createSequence(body)),
    onSuccess: (saved) => {
      client.setQueryData(queryKeys.automation.sequences.detail(saved.id), saved);
      void client.invalidateQueries({ queryKey: queryKeys.automation.sequences.list });
      toast.success(sequence ? 'Sequence saved' : 'Sequence created', { description: saved.name });
      if (!sequence) void navigate(sequencePath(saved.id), { replace: true });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400) setProblems(problemsOf(error.message));
      else toast.error('The sequence was not saved', { description: sentence(error.message) });
    },
  });

  const change = (patch: Partial<SequenceDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkDraft(draft);
    setProblems(checked.problems ?? {});
    if (!checked.problems) save.mutate(checked.body);
  };
  const formProblems = Object.entries(problems).filter(([field]) => !SETTINGS_FIELDS.includes(field) && !isStepField(field));
  const anyProblem = Object.keys(problems).length > 0;
  const preview = { values: previewValues(previewLead, agentName), leadName: previewLead ? displayName(previewLead) : null };

  return (
    <form noValidate className="grid gap-6" onSubmit={submit} aria-label={sequence ? `Edit ${sequence.name}` : 'New sequence'}>
      <SequenceSettings draft={draft} problems={problems} onChange={change} />
      <section className="grid gap-3" aria-labelledby="steps-title">
        <div>
          <h2 id="steps-title" className="text-lg font-semibold">
            Steps
          </h2>
          <p className="text-sm text-muted-foreground">Each step runs after its wait, counted from the step before (the first from enrolment).</p>
        </div>
        <PreviewLead lead={previewLead} onChange={onPreviewLead} />
        <StepTimeline
          steps={draft.steps}
          problems={problems}
          members={members}
          preview={preview}
          onChange={(steps) => change({ steps })}
          onReshape={() => setProblems((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !isStepField(field))))}
        />
      </section>
      <div className="sticky bottom-0 z-10 -mx-1 grid gap-2 border-t bg-background/95 px-1 py-3 backdrop-blur">
        {anyProblem && (
          <Alert variant="destructive">
            <AlertCircleIcon aria-hidden />
            <div className="grid gap-1">
              <span>The sequence was not saved: fix the fields marked in red.</span>
              {formProblems.map(([field, message]) => (
                <span key={field}>{sentence(message)}</span>
              ))}
            </div>
          </Alert>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" asChild>
            <Link to={AUTOMATION_PATH}>Cancel</Link>
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending && <Loader2Icon className="animate-spin" aria-hidden />}
            {sequence ? 'Save sequence' : 'Create sequence'}
          </Button>
        </div>
      </div>
    </form>
  );
}
