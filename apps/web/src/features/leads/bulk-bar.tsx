import { leadStatusLabel, type BulkLeadsChange, type LeadListItem } from '@wholesail/domain';
import { PlusIcon, XIcon } from 'lucide-react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input, NativeSelect } from '@/components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { EnrolButton } from '@/features/automation/enrol-dialog';
import { useAiHealth } from '@/features/coaching/use-ai-health';
import { errorText } from '@/lib/api';
import { aiActionState } from './ai-actions-api';
import { EnrichControls } from './enrich-controls';
import { useBulkLeadChange } from './lead-edit-api';
import { FILTER_STATUSES } from './use-lead-filters';

type Change = Omit<BulkLeadsChange, 'ids'>;

const leadsText = (n: number) => `${n} ${n === 1 ? 'lead' : 'leads'}`;

function AddTag({ disabled, onAdd }: { disabled: boolean; onAdd: (tag: string) => void }) {
  const [open, setOpen] = useState(false);
  const [tag, setTag] = useState('');
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!tag.trim()) return;
    onAdd(tag.trim());
    setTag('');
    setOpen(false);
  };
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button variant="outline" size="sm" disabled={disabled}>
          <PlusIcon aria-hidden /> Add tag
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-72">
        <form className="grid gap-2" onSubmit={submit}>
          <label htmlFor={id} className="text-sm font-medium">
            Tag to add
          </label>
          <div className="flex gap-2">
            <Input id={id} autoFocus maxLength={60} value={tag} onChange={(e) => setTag(e.target.value)} />
            <Button type="submit" size="sm" className="h-9" disabled={!tag.trim()}>
              Add
            </Button>
          </div>
        </form>
      </PopoverContent>
    </Popover>
  );
}

type Props = { selected: LeadListItem[]; onClear: () => void };

/** Over the list while rows are selected: one status, or a tag added or removed, for all of them in one request. */
export function BulkBar({ selected, onClear }: Props) {
  const bulk = useBulkLeadChange();
  const health = useAiHealth();
  const tags = useMemo(() => [...new Set(selected.flatMap((lead) => lead.badges ?? []))].sort(), [selected]);
  const run = (change: Change) =>
    bulk.mutate(
      { ids: selected.map((lead) => lead.id), ...change },
      {
        onSuccess: ({ updated, skipped }) => {
          toast.success(`${leadsText(updated)} updated`, { description: skipped > 0 ? `${leadsText(skipped)} already so or no longer listed` : undefined });
          onClear();
        },
        onError: (error) => toast.error('The selected leads were not changed', { description: errorText(error, 'Please try again.') }),
      },
    );

  return (
    <div role="region" aria-label="Selected leads" className="flex flex-wrap items-center gap-2 rounded-xl border bg-card px-3 py-2 shadow-sm">
      <span className="mr-auto text-sm font-medium" aria-live="polite">
        {selected.length} selected
      </span>
      <NativeSelect
        aria-label="Change status"
        className="h-8 w-auto text-xs"
        value=""
        disabled={bulk.isPending}
        onChange={(e) => e.target.value && run({ status: e.target.value })}
      >
        <option value="">Change status…</option>
        {FILTER_STATUSES.map((status) => (
          <option key={status} value={status}>
            {leadStatusLabel(status)}
          </option>
        ))}
      </NativeSelect>
      <AddTag disabled={bulk.isPending} onAdd={(tag) => run({ add_tags: [tag] })} />
      <NativeSelect
        aria-label="Remove tag"
        className="h-8 w-auto text-xs"
        value=""
        disabled={bulk.isPending || tags.length === 0}
        onChange={(e) => e.target.value && run({ remove_tags: [e.target.value] })}
      >
        <option value="">{tags.length === 0 ? 'No tags to remove' : 'Remove tag…'}</option>
        {tags.map((tag) => (
          <option key={tag} value={tag}>
            {tag}
          </option>
        ))}
      </NativeSelect>
      <EnrichControls leadIds={selected.map((lead) => lead.id)} blocked={aiActionState(health.data).enrich} />
      <EnrolButton target={{ lead_ids: selected.map((lead) => lead.id) }} who={`the ${leadsText(selected.length)} selected`} size="sm" onEnrolled={onClear} />
      <Button variant="ghost" size="sm" onClick={onClear}>
        <XIcon aria-hidden /> Clear
      </Button>
    </div>
  );
}
