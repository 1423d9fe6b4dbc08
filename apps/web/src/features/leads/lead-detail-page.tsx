import { displayName } from '@wholesail/domain';
import { useParams } from 'react-router';
import { Breadcrumb, RecordLoadError, RecordPageSkeleton } from '@/components/record-page';
import { Card, CardContent } from '@/components/ui/card';
import { LeadAutomationCard } from '@/features/automation/lead-automation-card';
import { LeadDealCard } from '@/features/deals/lead-deal-card';
import { ReferToAgentButton } from '@/features/referrals/refer-dialog';
import { DeleteLeadButton } from './delete-lead-button';
import { LeadActivity } from './lead-activity';
import { LeadDetails } from './lead-details';
import { isNotFound, useLead } from './leads-api';

const LEADS = { to: '/leads', label: 'Leads' };

/** /leads/:id — the lead details as a full page. */
export function LeadDetailPage() {
  const { id = '' } = useParams();
  const lead = useLead(id);

  if (lead.isPending) return <RecordPageSkeleton label="Loading lead" breadcrumb={<Breadcrumb parent={LEADS} current="Lead" />} />;
  if (lead.isError) {
    const notFound = isNotFound(lead.error);
    return (
      <RecordLoadError
        breadcrumb={<Breadcrumb parent={LEADS} current={notFound ? 'Not found' : 'Lead'} />}
        notFound={notFound}
        noun="Lead"
        notFoundText="It may have been deleted, or it belongs to another organization."
        message={lead.error.message}
        onRetry={() => void lead.refetch()}
        back={{ to: '/leads', label: 'Back to leads' }}
      />
    );
  }
  return (
    <div className="grid gap-4">
      <div className="flex items-center justify-between gap-3">
        <Breadcrumb parent={LEADS} current={displayName(lead.data)} />
        <div className="flex flex-wrap justify-end gap-2">
          <ReferToAgentButton lead={lead.data} />
          <DeleteLeadButton lead={lead.data} />
        </div>
      </div>
      <Card>
        <CardContent className="pt-6">
          <LeadDetails lead={lead.data} scrollable={false} renderTitle={(name) => <h1 className="text-2xl font-semibold tracking-tight">{name}</h1>} />
        </CardContent>
      </Card>
      <LeadDealCard leadId={lead.data.id} />
      <LeadAutomationCard lead={lead.data} />
      <Card>
        <CardContent className="pt-6">
          <LeadActivity leadId={lead.data.id} />
        </CardContent>
      </Card>
    </div>
  );
}
