import type { Today } from '@wholesail/domain';
import { ArrowRight, PhoneOutgoingIcon, UserPlusIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { zoneName } from '@/features/analytics/zone-names';
import { canManageOrganization, useMe } from '@/features/organization/organization-api';
import { newLeadsPath } from './today-api';
import { TodayCard } from './today-card';

const count = new Intl.NumberFormat('en-US');
/** Where "Set goals" lands: the Reporting card of Settings (settings/reporting-section.tsx). */
export const SET_GOALS_PATH = '/settings#reporting';

type Figure = Today['dials'];

/** "42 of 100 dials" for the team, the member's own beside it; a goal of 0 is no goal. */
function GoalBar({ noun, figure }: { noun: 'dials' | 'connects'; figure: Figure }) {
  const { team, mine, goal } = figure;
  const text = goal > 0 ? `${count.format(team)} of ${count.format(goal)} ${noun}` : `${count.format(team)} ${noun}, no daily goal set`;
  const reached = goal > 0 && team >= goal;
  return (
    <div className="grid gap-1.5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="font-medium tabular-nums">{text}</span>
        <span className="text-xs text-muted-foreground tabular-nums">
          {reached ? 'Goal reached. ' : ''}You: {count.format(mine)}
        </span>
      </div>
      <Progress value={goal > 0 ? (team / goal) * 100 : 0} aria-label={`Team ${noun} today: ${text}`} />
    </div>
  );
}

/** The team's dials and connects of the day against the daily goals an admin sets in Settings. */
export function GoalsCard({ today }: { today: Today }) {
  // Owners and admins set the goals; a member is shown where they are.
  const manages = canManageOrganization(useMe().data?.role ?? null);
  return (
    <TodayCard
      icon={PhoneOutgoingIcon}
      title="Today's calls"
      description={`The team's dials and connects since midnight (${zoneName(today.time_zone)}), against the daily goals.`}
      className="lg:col-span-2"
      action={
        <Button variant="outline" size="sm" asChild>
          <Link to={SET_GOALS_PATH}>{manages ? 'Set goals' : 'See goals'}</Link>
        </Button>
      }
    >
      <div className="grid gap-4">
        <GoalBar noun="dials" figure={today.dials} />
        <GoalBar noun="connects" figure={today.connects} />
      </div>
    </TodayCard>
  );
}

/** How many leads arrived since midnight yesterday, opening the leads list on exactly those. */
export function NewLeadsCard({ newLeads }: { newLeads: Today['new_leads_since_yesterday'] }) {
  const n = newLeads.count;
  return (
    <TodayCard icon={UserPlusIcon} title="New leads">
      {n === 0 ? (
        <p className="text-sm text-muted-foreground">
          No new leads since yesterday. Import a list or add a lead from <Link to="/leads" className="text-primary hover:underline">Leads</Link>.
        </p>
      ) : (
        <Link to={newLeadsPath(newLeads.since)} className="group inline-flex flex-wrap items-center gap-x-2 text-sm hover:underline">
          <span className="text-2xl font-semibold tabular-nums">{count.format(n)}</span>{' '}
          <span>{n === 1 ? 'new lead' : 'new leads'} since yesterday</span>
          <ArrowRight className="size-4" aria-hidden />
        </Link>
      )}
    </TodayCard>
  );
}
