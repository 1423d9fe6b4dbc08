import { formatUsd, type Revenue } from '@wholesail/domain';
import { AlertCircleIcon, PencilIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useRevenue } from '@/features/deals/deals-api';
import { canManageOrganization, useMe } from '@/features/organization/organization-api';
import { AverageFeeChart, CycleChart, MemberFeesChart, MonthlyFeesChart, PipelineChart } from './revenue-charts';
import { FiguresSkeleton } from './figures-skeleton';
import { StageProbabilitiesDialog } from './stage-probabilities-dialog';

export const REVENUE_MONTHS = 12;

type FigureProps = { title: string; value: string; caption: string; action?: ReactNode; empty?: string | null; children: ReactNode };

/** One figure: its number, a line saying what it counts, and its chart (or why there is none yet). */
function Figure({ title, value, caption, action, empty, children }: FigureProps) {
  return (
    <Card className="gap-0">
      <CardHeader className="gap-1 p-4 pb-2">
        <div className="flex items-start justify-between gap-2">
          <CardDescription>{title}</CardDescription>
          {action}
        </div>
        <CardTitle className="text-2xl tabular-nums">{value}</CardTitle>
        <p className="text-xs text-muted-foreground">{caption}</p>
      </CardHeader>
      <CardContent className="p-4 pt-0">{empty ? <p className="grid h-[140px] place-items-center text-center text-xs text-muted-foreground">{empty}</p> : children}</CardContent>
    </Card>
  );
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const dayText = (n: number | null) => (n === null ? '—' : `${Math.round(n)}`);

type Scope = { owner: string | null; ownerName: string | null };

/** Fees closed by month and member, the weighted pipeline, the average fee, the days a deal takes and referral fees. */
export function RevenueFigures({ owner, ownerName }: Scope) {
  const revenue = useRevenue(REVENUE_MONTHS, owner);
  if (revenue.isPending) return <FiguresSkeleton />;
  if (revenue.isError) {
    return (
      <Alert variant="destructive">
        <AlertCircleIcon aria-hidden />
        <span>Could not load the figures: {revenue.error.message}</span>
        <Button variant="outline" size="sm" className="ml-auto" onClick={() => void revenue.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  }
  return <Figures revenue={revenue.data} ownerName={ownerName} />;
}

function Figures({ revenue, ownerName }: { revenue: Revenue; ownerName: string | null }) {
  const me = useMe();
  const [editing, setEditing] = useState(false);
  const closedFees = revenue.closedByMonth.reduce((sum, m) => sum + m.fees, 0);
  const noneClosed = revenue.closedDeals === 0 ? `No deals closed in the last ${REVENUE_MONTHS} months yet.` : null;
  const openDeals = revenue.pipeline.byStage.reduce((sum, s) => sum + s.deals, 0);
  const { leadToContract, contractToClose } = revenue.averageDays;
  const canEdit = me.data ? canManageOrganization(me.data.role) : false;

  return (
    <section aria-label="Revenue figures" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
      <Figure title="Fees closed" value={formatUsd(closedFees)} caption={`${count(revenue.closedDeals, 'deal', 'deals')} closed in the last ${REVENUE_MONTHS} months`} empty={noneClosed}>
        <MonthlyFeesChart data={revenue.closedByMonth} />
      </Figure>
      <Figure
        title="By team member"
        value={revenue.closedByMember[0]?.name ?? '—'}
        caption={revenue.closedByMember[0] ? `Most fees: ${formatUsd(revenue.closedByMember[0].fees)} from ${count(revenue.closedByMember[0].deals, 'deal', 'deals')}` : 'Fees closed by each member'}
        empty={noneClosed}
      >
        <MemberFeesChart data={revenue.closedByMember} />
      </Figure>
      <Figure
        title="Weighted pipeline"
        value={formatUsd(revenue.pipeline.weighted)}
        caption={`${formatUsd(revenue.pipeline.unweighted)} expected from ${count(openDeals, 'open deal', 'open deals')}, weighted by each stage's chance of closing`}
        empty={openDeals === 0 ? 'No open deals yet.' : null}
        action={
          canEdit && (
            <Button variant="ghost" size="icon" className="-mt-1.5 -mr-1.5 size-7" aria-label="Edit each stage's chance of closing" title="Edit each stage's chance of closing" onClick={() => setEditing(true)}>
              <PencilIcon aria-hidden />
            </Button>
          )
        }
      >
        <PipelineChart data={revenue.pipeline.byStage} />
      </Figure>
      <Figure title="Average fee" value={revenue.averageFee === null ? '—' : formatUsd(revenue.averageFee)} caption="Per closed deal, by month" empty={noneClosed}>
        <AverageFeeChart data={revenue.closedByMonth} />
      </Figure>
      <Figure
        title="Lead → contract → close"
        value={`${dayText(leadToContract)} + ${dayText(contractToClose)} days`}
        caption="Average days from a lead's creation to contract, then to closing"
        empty={noneClosed}
      >
        <CycleChart data={revenue.averageDays} />
      </Figure>
      <Figure
        title="Referral fees"
        value={formatUsd(revenue.referralFees.received)}
        caption={`Received from partner agents in the last ${REVENUE_MONTHS} months${ownerName ? ` for referrals ${ownerName} sent` : ''}; not assignment fees`}
      >
        <dl className="grid gap-2 text-sm">
          <div className="flex justify-between gap-2">
            <dt className="text-muted-foreground">Expected ({count(revenue.referralFees.expectedReferrals, 'open referral', 'open referrals')})</dt>
            <dd className="font-medium tabular-nums">{formatUsd(revenue.referralFees.expected)}</dd>
          </div>
          <div className="flex justify-between gap-2">
            <dt className="text-muted-foreground">Received ({count(revenue.referralFees.receivedReferrals, 'referral', 'referrals')})</dt>
            <dd className="font-medium tabular-nums">{formatUsd(revenue.referralFees.received)}</dd>
          </div>
        </dl>
      </Figure>
      {canEdit && <StageProbabilitiesDialog open={editing} onOpenChange={setEditing} />}
    </section>
  );
}
