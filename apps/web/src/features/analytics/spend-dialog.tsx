import { MAX_SOURCE_LENGTH, parseMonth, type Spend } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertCircleIcon, PlusIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormDialogFooter } from '@/components/ui/form-dialog-footer';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { fieldProps, FormField, MoneyInput } from '@/features/deals/form-field';
import { canManageOrganization, useMe } from '@/features/organization/organization-api';
import { queryKeys } from '@/lib/query-keys';
import { SectionError } from './section-states';
import { moneyText, saveSpend, useSpend } from './sources-api';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; month: string; known: readonly string[] };

/** "Enter spend": a month, and what the team spent on each source in it. Admins edit; members read. */
export function SpendDialog({ open, onOpenChange, month, known }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] max-w-lg overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Spend by source</DialogTitle>
          <DialogDescription>What the team spent on each lead source in a month. Reports share a month’s spend out by its days.</DialogDescription>
        </DialogHeader>
        {open && <SpendEditor initialMonth={month} known={known} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function SpendEditor({ initialMonth, known, onDone }: { initialMonth: string; known: readonly string[]; onDone: () => void }) {
  const id = useId();
  const me = useMe();
  const canEdit = me.data ? canManageOrganization(me.data.role) : false;
  const [month, setMonth] = useState(initialMonth);
  const picked = parseMonth(month) ? month : null;
  const spend = useSpend(Number((picked ?? initialMonth).slice(0, 4)));
  return (
    <div className="grid gap-4">
      <FormField id={`${id}-month`} label="Month" error={picked ? undefined : 'Pick a month'}>
        <Input type="month" value={month} onChange={(event) => setMonth(event.target.value)} className="w-fit" {...fieldProps(`${id}-month`, picked ? undefined : 'Pick a month')} />
      </FormField>
      {!picked ? null : spend.isPending ? (
        <Skeleton className="h-40 w-full" aria-label="Loading the spend" />
      ) : spend.isError ? (
        <SectionError what="the spend" error={spend.error} onRetry={() => void spend.refetch()} />
      ) : canEdit ? (
        <SpendForm key={picked} month={picked} data={spend.data} known={known} onDone={onDone} />
      ) : (
        <SpendList month={picked} data={spend.data} known={known} />
      )}
    </div>
  );
}

const amountOf = (data: Spend, month: string, source: string) => data.rows.find((r) => r.month === month && r.source === source)?.amount_cents ?? 0;
const sourcesOf = (data: Spend, known: readonly string[], added: readonly string[] = []) => [...new Set([...data.sources, ...known, ...added])].sort((a, b) => a.localeCompare(b));
const NO_SOURCES = 'No sources yet: leads you import or add with a lead source appear here.';

function SpendList({ month, data, known }: { month: string; data: Spend; known: readonly string[] }) {
  const sources = sourcesOf(data, known);
  return (
    <div className="grid gap-2">
      <p className="text-sm text-muted-foreground">Only owners and admins can enter spend.</p>
      {sources.length === 0 && <p className="text-sm text-muted-foreground">{NO_SOURCES}</p>}
      <dl className="grid gap-1 text-sm">
        {sources.map((source) => (
          <div key={source} className="flex justify-between gap-3 border-b py-1.5 last:border-0">
            <dt className="min-w-0 break-words">{source}</dt>
            <dd className="tabular-nums">{moneyText(amountOf(data, month, source) || null)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** "1,250.50" or "$1250" → cents; '' is 0; null when it is not dollars and cents. */
export function readDollars(text: string): number | null {
  const plain = text.replace(/[$,\s]/g, '');
  if (plain === '') return 0;
  return /^\d{1,10}(\.\d{1,2})?$/.test(plain) ? Math.round(Number(plain) * 100) : null;
}

const dollarsOf = (cents: number) => (cents === 0 ? '' : cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));

function SpendForm({ month, data, known, onDone }: { month: string; data: Spend; known: readonly string[]; onDone: () => void }) {
  const id = useId();
  const client = useQueryClient();
  const [added, setAdded] = useState<string[]>([]);
  const [newSource, setNewSource] = useState('');
  const [newError, setNewError] = useState<string>();
  const sources = sourcesOf(data, known, added);
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(sources.map((s) => [s, dollarsOf(amountOf(data, month, s))])));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    // One entry at a time, in order: each is its own audited change.
    mutationFn: async (changes: Array<{ source: string; cents: number }>) => {
      let last: Spend | null = null;
      for (const c of changes) last = await saveSpend({ source: c.source, month, amount: c.cents / 100 });
      return last;
    },
    onSuccess: (saved) => {
      if (saved) client.setQueryData(queryKeys.analytics.spend(saved.year), saved);
      void client.invalidateQueries({ queryKey: queryKeys.analytics.allSources });
      toast.success(saved ? 'Spend saved' : 'Nothing changed');
      onDone();
    },
  });

  const addSource = () => {
    const name = newSource.trim();
    const problem = !name ? 'Enter the source’s name' : name.length > MAX_SOURCE_LENGTH ? `At most ${MAX_SOURCE_LENGTH} characters` : sources.includes(name) ? 'That source is already listed' : undefined;
    setNewError(problem);
    if (problem) return;
    setAdded((a) => [...a, name]);
    setValues((v) => ({ ...v, [name]: '' }));
    setNewSource('');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const changes: Array<{ source: string; cents: number }> = [];
    for (const source of sources) {
      const cents = readDollars(values[source] ?? '');
      if (cents === null) found[source] = 'Enter dollars, like 1250 or 1250.50';
      else if (cents !== amountOf(data, month, source)) changes.push({ source, cents });
    }
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate(changes);
  };

  return (
    <form noValidate className="grid gap-4" onSubmit={submit}>
      {sources.length === 0 && <p className="text-sm text-muted-foreground">{NO_SOURCES}</p>}
      <div className="grid gap-3 sm:grid-cols-2">
        {sources.map((source, i) => (
          <FormField key={source} id={`${id}-${i}`} label={source} error={errors[source]} className="min-w-0 [&_label]:break-words">
            <MoneyInput value={values[source] ?? ''} placeholder="0" onChange={(event) => setValues((v) => ({ ...v, [source]: event.target.value }))} {...fieldProps(`${id}-${i}`, errors[source])} />
          </FormField>
        ))}
      </div>
      <FormField id={`${id}-new`} label="Another source" error={newError} hint="The name as your leads’ Lead Source spells it.">
        <div className="flex gap-2">
          <Input
            value={newSource}
            maxLength={MAX_SOURCE_LENGTH + 1}
            onChange={(event) => setNewSource(event.target.value)}
            // Enter adds the source rather than saving the form.
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                addSource();
              }
            }}
            {...fieldProps(`${id}-new`, newError)}
          />
          <Button type="button" variant="outline" onClick={addSource}>
            <PlusIcon aria-hidden /> Add
          </Button>
        </div>
      </FormField>
      {save.isError && (
        <Alert variant="destructive">
          <AlertCircleIcon aria-hidden />
          <span>Could not save the spend: {save.error.message}</span>
        </Alert>
      )}
      <FormDialogFooter label="Save spend" pendingLabel="Saving…" pending={save.isPending} />
    </form>
  );
}
