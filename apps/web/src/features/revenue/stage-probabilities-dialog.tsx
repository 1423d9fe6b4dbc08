import { DEAL_STAGE_LABELS, OPEN_DEAL_STAGES, type DealSettings } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertCircleIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormDialogFooter } from '@/components/ui/form-dialog-footer';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { updateDealSettings, useDealSettings } from '@/features/deals/deals-api';
import { fieldProps, FormField } from '@/features/deals/form-field';
import { queryKeys } from '@/lib/query-keys';

type Probabilities = DealSettings['stageProbabilities'];
type Stage = keyof Probabilities;

/** Admins set each open stage's chance of closing, which weights the pipeline (organization setting `deals`). */
export function StageProbabilitiesDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const settings = useDealSettings();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Chance of closing by stage</DialogTitle>
          <DialogDescription>The weighted pipeline counts each open deal's expected fee at its stage's chance.</DialogDescription>
        </DialogHeader>
        {settings.isError ? (
          <p className="text-sm text-destructive">{settings.error.message}</p>
        ) : settings.data ? (
          <ProbabilitiesForm initial={settings.data.stageProbabilities} onDone={() => onOpenChange(false)} />
        ) : (
          <Skeleton className="h-64 w-full" />
        )}
      </DialogContent>
    </Dialog>
  );
}

function ProbabilitiesForm({ initial, onDone }: { initial: Probabilities; onDone: () => void }) {
  const id = useId();
  const client = useQueryClient();
  const [values, setValues] = useState<Record<Stage, string>>(() => ({ ...Object.fromEntries(OPEN_DEAL_STAGES.map((s) => [s, String(initial[s])])) }) as Record<Stage, string>);
  const [errors, setErrors] = useState<Partial<Record<Stage, string>>>({});
  const save = useMutation({
    mutationFn: (stageProbabilities: Probabilities) => updateDealSettings({ stageProbabilities }),
    onSuccess: (settings) => {
      client.setQueryData(queryKeys.deals.settings, settings);
      void client.invalidateQueries({ queryKey: queryKeys.deals.all });
      toast.success('Chances saved');
      onDone();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<Stage, string>> = {};
    const read = {} as Probabilities;
    for (const stage of OPEN_DEAL_STAGES) {
      const n = Number(values[stage]);
      if (values[stage].trim() === '' || !Number.isFinite(n) || n < 0 || n > 100) found[stage] = 'Enter a percent from 0 to 100';
      else read[stage] = n;
    }
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate(read);
  };

  return (
    <form noValidate className="grid gap-4" onSubmit={submit}>
      <div className="grid gap-3 sm:grid-cols-2">
        {OPEN_DEAL_STAGES.map((stage) => (
          <FormField key={stage} id={`${id}-${stage}`} label={`${DEAL_STAGE_LABELS[stage]} (%)`} error={errors[stage]}>
            <Input
              type="number"
              inputMode="decimal"
              min={0}
              max={100}
              value={values[stage]}
              onChange={(event) => setValues((v) => ({ ...v, [stage]: event.target.value }))}
              {...fieldProps(`${id}-${stage}`, errors[stage])}
            />
          </FormField>
        ))}
      </div>
      {save.isError && (
        <Alert variant="destructive">
          <AlertCircleIcon aria-hidden />
          <span>{save.error.message}</span>
        </Alert>
      )}
      <FormDialogFooter label="Save chances" pendingLabel="Saving…" pending={save.isPending} />
    </form>
  );
}
