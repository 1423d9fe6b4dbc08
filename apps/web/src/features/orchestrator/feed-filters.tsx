import { displayName, FEED_OUTCOME_LABELS, FEED_OUTCOMES, FEED_OUTCOMES_BY_SOURCE, type FeedOutcome, type FeedSource } from '@wholesail/domain';
import { UserRoundSearchIcon, XIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { useRules } from '@/features/automation/rules/rules-api';
import { useSequences } from '@/features/automation/sequences-api';
import { LeadPicker } from '@/features/communications/lead-picker';
import { useLead } from '@/features/leads/leads-api';
import type { FeedFilters } from './orchestrator-api';

const SOURCE_LABELS: { readonly [S in FeedSource]: string } = { sequence: 'Sequences', rule: 'Rules', ai: 'AI jobs' };

type Props = { filters: FeedFilters; onChange: (patch: Partial<FeedFilters>) => void; active: boolean; onClear: () => void };

/** Source, sequence, rule, outcome and lead: each narrows the feed; choosing a source drops what does not fit it. */
export function FeedFiltersBar({ filters, onChange, active, onClear }: Props) {
  const id = useId();
  const sequences = useSequences();
  const rules = useRules();
  const outcomes: readonly FeedOutcome[] = filters.source ? FEED_OUTCOMES_BY_SOURCE[filters.source] : FEED_OUTCOMES;
  const chooseSource = (source: FeedSource | null) =>
    onChange({
      source,
      sequence: source && source !== 'sequence' ? null : filters.sequence,
      rule: source && source !== 'rule' ? null : filters.rule,
      outcome: source && filters.outcome && !FEED_OUTCOMES_BY_SOURCE[source].includes(filters.outcome) ? null : filters.outcome,
    });
  return (
    <div className="flex flex-wrap items-end gap-3" role="group" aria-label="Filters">
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-source`}>Source</Label>
        <NativeSelect id={`${id}-source`} className="w-36" value={filters.source ?? ''} onChange={(e) => chooseSource((e.target.value || null) as FeedSource | null)}>
          <option value="">Everything</option>
          {(Object.keys(SOURCE_LABELS) as FeedSource[]).map((s) => (
            <option key={s} value={s}>
              {SOURCE_LABELS[s]}
            </option>
          ))}
        </NativeSelect>
      </div>
      {(!filters.source || filters.source === 'sequence') && (
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-sequence`}>Sequence</Label>
          <NativeSelect id={`${id}-sequence`} className="w-48" value={filters.sequence ?? ''} onChange={(e) => onChange({ sequence: e.target.value || null, rule: null })}>
            <option value="">Any sequence</option>
            {sequences.data?.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </NativeSelect>
        </div>
      )}
      {(!filters.source || filters.source === 'rule') && (
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-rule`}>Rule</Label>
          <NativeSelect id={`${id}-rule`} className="w-48" value={filters.rule ?? ''} onChange={(e) => onChange({ rule: e.target.value || null, sequence: null })}>
            <option value="">Any rule</option>
            {rules.data?.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </NativeSelect>
        </div>
      )}
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-outcome`}>Outcome</Label>
        <NativeSelect id={`${id}-outcome`} className="w-40" value={filters.outcome ?? ''} onChange={(e) => onChange({ outcome: (e.target.value || null) as FeedOutcome | null })}>
          <option value="">Any outcome</option>
          {outcomes.map((o) => (
            <option key={o} value={o}>
              {FEED_OUTCOME_LABELS[o]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <LeadFilter leadId={filters.lead} onChange={(lead) => onChange({ lead })} />
      {active && (
        <Button variant="ghost" onClick={onClear}>
          Clear filters
        </Button>
      )}
    </div>
  );
}

/** The lead filter: a search for a lead, or the chosen lead's name with a way to drop it. */
function LeadFilter({ leadId, onChange }: { leadId: string | null; onChange: (lead: string | null) => void }) {
  const [open, setOpen] = useState(false);
  const lead = useLead(leadId);
  if (leadId) {
    const name = lead.data ? displayName(lead.data) : lead.isError ? 'A lead not found' : 'Loading the lead…';
    return (
      <div className="grid gap-1.5">
        <span className="text-sm font-medium">Lead</span>
        <span className="inline-flex h-9 items-center gap-1 rounded-md border bg-card pr-1 pl-3 text-sm">
          {name}
          <Button variant="ghost" size="icon" className="size-7" aria-label={`Stop filtering by ${name}`} onClick={() => onChange(null)}>
            <XIcon aria-hidden />
          </Button>
        </span>
      </div>
    );
  }
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button variant="outline">
          <UserRoundSearchIcon aria-hidden /> Filter by lead
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-96">
        <LeadPicker
          autoFocus
          onPick={(picked) => {
            onChange(picked.id);
            setOpen(false);
          }}
        />
      </PopoverContent>
    </Popover>
  );
}
