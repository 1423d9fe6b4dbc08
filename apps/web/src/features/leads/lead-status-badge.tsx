import { leadStatusInfo, type PipelineTone } from '@wholesail/domain';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { MISSING } from './lead-format';

/** The pipeline's colours, from a fresh lead (sky) through work (indigo) and follow-up (amber) to an offer (green). */
const TONE_CLASSES: Record<PipelineTone, string> = {
  fresh: 'border-sky-200 bg-sky-50 text-sky-800',
  working: 'border-indigo-200 bg-indigo-50 text-indigo-800',
  'follow-up': 'border-amber-200 bg-amber-50 text-amber-900',
  offer: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  removed: 'border-border bg-muted text-muted-foreground',
};

/**
 * A lead's status in words, coloured by where it sits in the pipeline; a dash when it has none. `wrap` lets a long
 * label take two lines (a table column) instead of being cut.
 */
export function LeadStatusBadge({ status, wrap = false, className }: { status: string | null | undefined; wrap?: boolean; className?: string }) {
  if (!status) return <span className="text-muted-foreground">{MISSING}</span>;
  const { label, tone } = leadStatusInfo(status);
  return (
    <Badge
      variant="outline"
      className={cn('max-w-full', wrap && 'rounded-md leading-tight whitespace-normal', TONE_CLASSES[tone], className)}
      data-tone={tone}
      title={label}
    >
      <span className={cn(!wrap && 'truncate')}>{label}</span>
    </Badge>
  );
}
