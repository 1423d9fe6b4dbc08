import { displayName, formatUsd, type Lead, type LeadStats } from '@wholesail/domain';
import { ArrowRight } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { LeadDetailsDialog } from '@/features/leads/lead-details-dialog';
import { leadAddress, MISSING } from '@/features/leads/lead-format';
import { useTopLeads } from '@/features/leads/leads-api';
import { LeadStatusBadge } from '@/features/leads/lead-status-badge';
import { ScoreBadge } from '@/features/top10/score-breakdown';

const count = new Intl.NumberFormat('en-US');

function StatCard({ title, value, caption }: { title: string; value: string; caption: string }) {
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardDescription>{title}</CardDescription>
        <CardTitle className="text-2xl tabular-nums">{value}</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-xs text-muted-foreground">{caption}</p>
      </CardContent>
    </Card>
  );
}

/** The four statistics cards of GET /api/leads/stats. */
export function LeadStatsCards({ stats }: { stats: LeadStats }) {
  return (
    <section className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Lead statistics">
      <StatCard title="Total leads" value={count.format(stats.total_leads)} caption="Not counting deleted leads" />
      <StatCard title="New this week" value={count.format(stats.new_leads_count)} caption="Created in the last 7 days" />
      <StatCard title="High motivation" value={count.format(stats.high_motivation_count)} caption="Motivation score of 7 or more" />
      <StatCard
        title="Average property value"
        value={formatUsd(stats.avg_property_value)}
        caption={`Across ${count.format(stats.leads_with_values)} ${stats.leads_with_values === 1 ? 'lead' : 'leads'} with a value`}
      />
    </section>
  );
}

export function StatsSkeleton() {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Loading statistics">
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} className="h-28 w-full rounded-xl" />
      ))}
    </div>
  );
}

/** A compact top 10: rank, name, address, score with its breakdown on hover. */
export function TopLeadsCard() {
  const top = useTopLeads(10);
  const [selected, setSelected] = useState<Lead | null>(null);
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-2 space-y-0">
        <div className="grid gap-1">
          <CardTitle>Top 10 leads</CardTitle>
          <CardDescription>Ranked by composite score. Hover a score to see how it was made.</CardDescription>
        </div>
        <Button variant="outline" size="sm" asChild>
          <Link to="/top10">
            View all <ArrowRight aria-hidden />
          </Link>
        </Button>
      </CardHeader>
      <CardContent>
        {top.isPending ? (
          <div className="grid gap-2">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-9 w-full" />
            ))}
          </div>
        ) : top.isError ? (
          <div className="flex items-center gap-3 text-sm">
            <span className="text-destructive">{top.error.message}</span>
            <Button variant="outline" size="sm" onClick={() => void top.refetch()}>
              Retry
            </Button>
          </div>
        ) : top.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">No leads to rank yet.</p>
        ) : (
          <ol className="grid" aria-label="Top leads">
            {top.data.items.map((lead, i) => (
              <li key={lead.id} className="flex items-center gap-3 border-b py-2 last:border-b-0">
                <span className="w-5 text-right text-sm font-semibold text-muted-foreground tabular-nums">{i + 1}</span>
                <button type="button" className="min-w-0 flex-1 text-left text-sm hover:underline" onClick={() => setSelected(lead)}>
                  <span className="block truncate font-medium">{displayName(lead)}</span>
                  <span className="block truncate text-xs text-muted-foreground">{leadAddress(lead) ?? MISSING}</span>
                </button>
                {lead.status && <LeadStatusBadge status={lead.status} className="hidden max-w-40 sm:inline-flex" />}
                <ScoreBadge score={lead.composite_score} breakdown={lead.score_breakdown} />
              </li>
            ))}
          </ol>
        )}
      </CardContent>
      <LeadDetailsDialog leadId={selected?.id ?? null} initial={selected ?? undefined} onClose={() => setSelected(null)} />
    </Card>
  );
}
