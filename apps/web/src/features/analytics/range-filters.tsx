import { ANALYTICS_PRESETS, PRESET_LABELS, type Member } from '@wholesail/domain';
import { GlobeIcon } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Input, NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { MemberOptions } from '@/features/deals/deal-title';
import { cn } from '@/lib/utils';
import { rangeParams, type RangeChoice, type ReportRange } from './report-range';
import { zoneName } from './zone-names';

type Props = {
  range: ReportRange;
  params: URLSearchParams;
  /** null: the report is the whole team's, so there is no member to pick. */
  members: readonly Member[] | undefined | null;
  timeZone: string;
  onChange: (next: URLSearchParams) => void;
};

const CHOICES: readonly RangeChoice[] = [...ANALYTICS_PRESETS, 'custom'];

/** "to: must be on or after from" → "End date: must be on or after the start date." */
function rangeError(message: string): string {
  const match = /^(from|to): (.+)$/s.exec(message);
  if (!match) return message;
  return `${match[1] === 'from' ? 'Start date' : 'End date'}: ${match[2]!.replace(/\bfrom\b/, 'the start date')}.`;
}

/** The range presets (Custom opens two dates), the member filter and the organization's time zone; all kept in the address. */
export function RangeFilters({ range, params, members, timeZone, onChange }: Props) {
  const id = useId();
  // A cleared date stays in the address (empty), so the range stays custom and says what is missing.
  const set = (key: string, value: string, keepEmpty = false) => {
    const next = new URLSearchParams(params);
    if (value || keepEmpty) next.set(key, value);
    else next.delete(key);
    onChange(next);
  };
  const error = range.error ? rangeError(range.error) : null;
  const field = range.error?.startsWith('from') ? 'from' : 'to';

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <span className="text-sm font-medium" id={`${id}-range`}>
            Range
          </span>
          <div className="inline-flex flex-wrap rounded-md border bg-card p-0.5" role="group" aria-labelledby={`${id}-range`}>
            {CHOICES.map((choice) => (
              <Button
                key={choice}
                variant="ghost"
                size="sm"
                aria-pressed={range.choice === choice}
                className={cn('h-8', range.choice === choice && 'bg-muted text-foreground')}
                onClick={() => onChange(rangeParams(params, choice, range))}
              >
                {PRESET_LABELS[choice]}
              </Button>
            ))}
          </div>
        </div>
        {range.choice === 'custom' && (
          <>
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-from`}>From</Label>
              <Input
                id={`${id}-from`}
                type="date"
                className="w-40"
                value={range.from}
                max={range.to || undefined}
                aria-invalid={error && field === 'from' ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(e) => set('from', e.target.value, true)}
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-to`}>To</Label>
              <Input
                id={`${id}-to`}
                type="date"
                className="w-40"
                value={range.to}
                min={range.from || undefined}
                aria-invalid={error && field === 'to' ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(e) => set('to', e.target.value, true)}
              />
            </div>
          </>
        )}
        {members !== null && (
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-member`}>Member</Label>
            <NativeSelect id={`${id}-member`} className="w-48" value={range.member ?? ''} onChange={(e) => set('member', e.target.value)}>
              <option value="">All members</option>
              <MemberOptions members={members} />
            </NativeSelect>
          </div>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <GlobeIcon className="size-3.5" aria-hidden />
        Times in {zoneName(timeZone)}
      </p>
    </div>
  );
}
