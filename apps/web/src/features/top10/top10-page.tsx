import { displayName, type Lead } from '@wholesail/domain';
import { AlertCircleIcon, ChevronDownIcon, TrophyIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { CallLink } from '@/features/leads/call-link';
import { LeadDetailsDialog } from '@/features/leads/lead-details-dialog';
import { leadAddress, MISSING } from '@/features/leads/lead-format';
import { useTopLeads, type TopLead } from '@/features/leads/leads-api';
import { LeadStatusBadge } from '@/features/leads/lead-status-badge';
import { AiScoreBadge, AiScoreSummary } from '@/features/leads/ai-score';
import { MotivationIndicator } from '@/features/leads/motivation-indicator';
import { cn } from '@/lib/utils';
import { ScoreBadge, ScoreBreakdownList } from './score-breakdown';

function TopRow({ lead, rank, onOpen }: { lead: TopLead; rank: number; onOpen: (lead: Lead) => void }) {
  const [expanded, setExpanded] = useState(false);
  const name = displayName(lead);
  const panelId = `score-${lead.id}`;
  return (
    <li className="border-b last:border-b-0">
      {/* On a phone the status, score and Call sit on a line of their own under the name, so Call stays in view. */}
      <div className="flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 hover:bg-muted/40" onClick={() => onOpen(lead)}>
        <span className={cn('flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold tabular-nums', rank <= 3 ? 'bg-primary text-primary-foreground' : 'bg-muted')} aria-label={`Rank ${rank}`}>
          {rank}
        </span>
        <button type="button" className="min-w-0 flex-1 text-left outline-none focus-visible:underline">
          <span className="block truncate font-medium">{name}</span>
          <span className="block truncate text-sm text-muted-foreground">{leadAddress(lead) ?? MISSING}</span>
        </button>
        <div className="flex w-full items-center gap-2 pl-11 sm:w-auto sm:gap-3 sm:pl-0">
          <span className="min-w-0 flex-1 sm:w-44 sm:flex-none">{lead.status && <LeadStatusBadge status={lead.status} />}</span>
          <MotivationIndicator score={lead.motivation_score} className="hidden sm:inline-flex" />
          <AiScoreBadge lead={lead} className="hidden sm:inline-flex" />
          <ScoreBadge score={lead.composite_score} breakdown={lead.score_breakdown} />
          <CallLink lead={lead} />
          <Button
            variant="ghost"
            size="icon"
            aria-expanded={expanded}
            aria-controls={panelId}
            aria-label={expanded ? `Hide score breakdown for ${name}` : `Show score breakdown for ${name}`}
            onClick={(event) => {
              event.stopPropagation();
              setExpanded((v) => !v);
            }}
          >
            <ChevronDownIcon className={cn('transition-transform', expanded && 'rotate-180')} aria-hidden />
          </Button>
        </div>
      </div>
      {expanded && (
        <div id={panelId} className="px-4 pb-4 sm:pl-15">
          <div className="grid max-w-md gap-3 rounded-md bg-muted/50 p-3">
            <ScoreBreakdownList breakdown={lead.score_breakdown} score={lead.composite_score} />
            <div className="border-t pt-3">
              <AiScoreSummary lead={lead} />
            </div>
          </div>
        </div>
      )}
    </li>
  );
}

/** The ranked list (1–10) with composite scores; used by /top10. */
export function TopLeadsList({ items, onOpen }: { items: TopLead[]; onOpen: (lead: Lead) => void }) {
  return (
    <ol className="rounded-xl border bg-card" aria-label="Top leads">
      {items.map((lead, i) => (
        <TopRow key={lead.id} lead={lead} rank={i + 1} onOpen={onOpen} />
      ))}
    </ol>
  );
}

/** /top10 — the ten best leads by composite score. */
export function Top10Page() {
  const top = useTopLeads(10);
  const [selected, setSelected] = useState<Lead | null>(null);
  return (
    <div className="grid gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">Top 10</h1>
        <p className="mt-1 max-w-2xl text-sm text-muted-foreground">
          Your ten best leads right now, ranked by a composite score of motivation, value, equity, distress signals and recent contact. Hover a score
          or open a row to see how it was made.
        </p>
      </header>
      {top.isPending ? (
        <div className="grid gap-2" aria-label="Loading top leads">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-14 w-full" />
          ))}
        </div>
      ) : top.isError ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-3 py-12 text-center" role="alert">
            <AlertCircleIcon className="size-6 text-destructive" aria-hidden />
            <p className="text-sm font-medium">Could not load the top leads</p>
            <p className="text-sm text-muted-foreground">{top.error.message}</p>
            <Button variant="outline" onClick={() => void top.refetch()}>
              Retry
            </Button>
          </CardContent>
        </Card>
      ) : top.data.items.length === 0 ? (
        <Card className="border-dashed shadow-none">
          <CardContent className="flex flex-col items-center gap-3 py-14 text-center">
            <TrophyIcon className="size-7 text-muted-foreground" aria-hidden />
            <h2 className="text-base font-semibold">No leads to rank yet</h2>
            <p className="max-w-md text-sm text-muted-foreground">Import or add leads and the ten with the highest composite score will show up here.</p>
            <Button variant="outline" asChild>
              <Link to="/leads">Go to Leads</Link>
            </Button>
          </CardContent>
        </Card>
      ) : (
        <TopLeadsList items={top.data.items} onOpen={setSelected} />
      )}
      <LeadDetailsDialog leadId={selected?.id ?? null} initial={selected ?? undefined} onClose={() => setSelected(null)} />
    </div>
  );
}
