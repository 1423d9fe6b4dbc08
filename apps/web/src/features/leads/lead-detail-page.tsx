import { displayName } from '@wholesail/domain';
import { ChevronRightIcon } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { DeleteLeadButton } from './delete-lead-button';
import { LeadActivity } from './lead-activity';
import { LeadDetails } from './lead-details';
import { isNotFound, useLead } from './leads-api';

function Breadcrumb({ current }: { current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="flex min-w-0 items-center gap-1 text-sm text-muted-foreground">
      <Link to="/leads" className="hover:text-foreground hover:underline">
        Leads
      </Link>
      <ChevronRightIcon className="size-3.5" aria-hidden />
      <span aria-current="page" className="truncate text-foreground">
        {current}
      </span>
    </nav>
  );
}

/** /leads/:id — the lead details as a full page. */
export function LeadDetailPage() {
  const { id = '' } = useParams();
  const lead = useLead(id);

  if (lead.isPending) {
    return (
      <div className="grid gap-4" aria-label="Loading lead">
        <Breadcrumb current="Lead" />
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-9 w-96 max-w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (lead.isError) {
    const notFound = isNotFound(lead.error);
    return (
      <div className="grid gap-4">
        <Breadcrumb current={notFound ? 'Not found' : 'Lead'} />
        <Card>
          <CardContent className="grid justify-items-center gap-3 py-12 text-center">
            <h1 className="text-xl font-semibold">{notFound ? 'Lead not found' : 'Could not load this lead'}</h1>
            <p className="max-w-sm text-sm text-muted-foreground">
              {notFound ? 'It may have been deleted, or it belongs to another organization.' : lead.error.message}
            </p>
            <div className="flex gap-2">
              {!notFound && (
                <Button variant="outline" onClick={() => void lead.refetch()}>
                  Retry
                </Button>
              )}
              <Button asChild>
                <Link to="/leads">Back to leads</Link>
              </Button>
            </div>
          </CardContent>
        </Card>
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      <div className="flex items-center justify-between gap-3">
        <Breadcrumb current={displayName(lead.data)} />
        <DeleteLeadButton lead={lead.data} />
      </div>
      <Card>
        <CardContent className="pt-6">
          <LeadDetails lead={lead.data} scrollable={false} renderTitle={(name) => <h1 className="text-2xl font-semibold tracking-tight">{name}</h1>} />
        </CardContent>
      </Card>
      <Card>
        <CardContent className="pt-6">
          <LeadActivity leadId={lead.data.id} />
        </CardContent>
      </Card>
    </div>
  );
}
