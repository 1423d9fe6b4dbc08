import type { Lead } from '@wholesail/domain';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/utils';
import { dateTimeText } from './lead-format';

type Scored = Pick<Lead, 'ai_score' | 'ai_score_reasons' | 'ai_score_source' | 'ai_scored_at'>;

const NOT_SCORED = 'Not scored yet. Leads are scored when they are created or imported while AI lead scoring is on (Settings → AI).';
// ai_score_source as the scoring job stores it (apps/server/src/modules/ai-jobs/service.ts).
const SOURCE_TEXT: Record<string, string> = { 'rules+llm': 'The record’s score and the language model’s, averaged', rules: 'Scored from the record (no language model)' };

/** Why the AI score is what it is: its reasons, how it was made and when. */
function AiScoreDetails({ lead }: { lead: Scored }) {
  if (lead.ai_score === null || lead.ai_score === undefined) return <p className="text-muted-foreground">{NOT_SCORED}</p>;
  const reasons = lead.ai_score_reasons ?? [];
  return (
    <div className="grid gap-2">
      <p className="font-semibold">
        AI score <span className="tabular-nums">{lead.ai_score}</span>
        <span className="font-normal text-muted-foreground"> of 100: how likely the owner is to sell</span>
      </p>
      {reasons.length > 0 ? (
        <ul className="grid list-disc gap-1 pl-5">
          {reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ) : (
        <p className="text-muted-foreground">No reasons were given.</p>
      )}
      <p className="text-xs text-muted-foreground">
        {(lead.ai_score_source && SOURCE_TEXT[lead.ai_score_source]) ?? 'Scored'}
        {lead.ai_scored_at ? `, ${dateTimeText(lead.ai_scored_at)}` : ''}.
      </p>
    </div>
  );
}

/** The AI score (0–100) as a chip that opens its reasons on click or tap; says so when the lead was never scored. */
export function AiScoreBadge({ lead, className }: { lead: Scored; className?: string }) {
  const scored = lead.ai_score !== null && lead.ai_score !== undefined;
  return (
    <Popover>
      <PopoverTrigger
        className={cn(
          'inline-flex min-w-13 items-center justify-center gap-1 rounded-md px-1.5 py-0.5 text-xs font-medium tabular-nums outline-none focus-visible:ring-2 focus-visible:ring-ring/40',
          scored ? 'bg-primary/10 text-primary' : 'bg-muted text-muted-foreground',
          className,
        )}
        aria-label={scored ? `AI score ${lead.ai_score} of 100: show why` : 'Not scored by AI yet: show why'}
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => e.stopPropagation()}
      >
        AI {scored ? lead.ai_score : '—'}
      </PopoverTrigger>
      <PopoverContent onClick={(e) => e.stopPropagation()}>
        <AiScoreDetails lead={lead} />
      </PopoverContent>
    </Popover>
  );
}

/** The score with its reasons written out, for the lead's own page and dialog. */
export function AiScoreSummary({ lead }: { lead: Scored }) {
  return (
    <div className="text-sm">
      <AiScoreDetails lead={lead} />
    </div>
  );
}
