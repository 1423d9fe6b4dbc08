import { ArrowRight, Briefcase, MessagesSquare, UserPlus, Users, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { CreateOrganizationCard } from '@/features/organization/create-organization-card';
import { useMe } from '@/features/organization/organization-api';
import { useNoOrganizationNotice } from '@/features/organization/use-no-organization-notice';
import { useLeadStats } from '@/features/leads/leads-api';
import { greeting } from '@/lib/format';
import { LeadStatsCards, StatsSkeleton, TopLeadsCard } from './dashboard-leads';
import { TodaySection } from './today-section';

type StartCard = { icon: LucideIcon; title: string; text: string; to: string; action: string };

// Leads, buyers and calls arrive in later releases: point at where they will be, show no numbers.
const START_CARDS: readonly StartCard[] = [
  { icon: Users, title: 'No leads yet', text: 'Leads you import or add will be listed, scored and ranked here.', to: '/leads', action: 'Go to Leads' },
  { icon: Briefcase, title: 'No buyers yet', text: 'Keep your cash buyers and their scores in one list.', to: '/buyers', action: 'Go to Buyers' },
  { icon: MessagesSquare, title: 'No calls or messages yet', text: 'Calls with live transcripts and SMS conversations will appear here.', to: '/communications', action: 'Open Communications' },
  { icon: UserPlus, title: 'Invite your team', text: 'Add teammates by email from your organization settings.', to: '/settings', action: 'Open Settings' },
];

function StartCards() {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {START_CARDS.map(({ icon: Icon, title, text, to, action }) => (
        <Card key={title}>
          <CardHeader>
            <span className="inline-flex size-9 items-center justify-center rounded-lg bg-primary/10 text-primary">
              <Icon className="size-4.5" aria-hidden />
            </span>
            <CardTitle className="mt-2">{title}</CardTitle>
            <CardDescription>{text}</CardDescription>
          </CardHeader>
          <CardContent>
            <Button variant="outline" size="sm" asChild>
              <Link to={to}>
                {action}
                <ArrowRight aria-hidden />
              </Link>
            </Button>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

/** Today's work, then the statistics and top leads, once the organization has leads; the getting-started cards before. */
function OrganizationOverview() {
  const stats = useLeadStats();
  if (stats.isPending) return <StatsSkeleton />;
  if (stats.isError) {
    return (
      <div className="grid gap-4">
        <div className="flex flex-wrap items-center gap-3 rounded-xl border p-4 text-sm" role="alert">
          <span className="text-destructive">Could not load lead statistics: {stats.error.message}</span>
          <Button variant="outline" size="sm" onClick={() => void stats.refetch()}>
            Retry
          </Button>
        </div>
        <StartCards />
      </div>
    );
  }
  if (stats.data.total_leads === 0) return <StartCards />;
  return (
    <div className="grid gap-8">
      <TodaySection />
      <section className="grid gap-4" aria-labelledby="statistics-heading">
        <h2 id="statistics-heading" className="text-lg font-semibold tracking-tight">
          Statistics
        </h2>
        <LeadStatsCards stats={stats.data} />
        <TopLeadsCard />
      </section>
    </div>
  );
}

export function DashboardPage() {
  const me = useMe();
  const noOrganization = me.data !== undefined && me.data.organization === null;
  useNoOrganizationNotice(noOrganization);

  if (me.isPending) return <Skeleton className="h-24 w-full max-w-md" aria-label="Loading dashboard" />;
  if (me.isError) return <p className="text-sm text-destructive">{me.error.message}</p>;

  const firstName = me.data.user.name.split(' ')[0] || me.data.user.email;
  return (
    <div className="grid gap-8">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">
          {greeting()}, {firstName}
        </h1>
        <p className="mt-1 text-sm text-muted-foreground">
          {me.data.organization ? `Here is where ${me.data.organization.name} stands today.` : 'You are not part of an organization yet.'}
        </p>
      </header>
      {noOrganization ? (
        <CreateOrganizationCard />
      ) : (
        <OrganizationOverview />
      )}
    </div>
  );
}
